import { Connection, type CdpSession } from '../connection';
import { PageScriptHost } from '../page-script';
import { launchChromium, type LaunchOptions, type LaunchedBrowser } from './launch';
import { connectWebSocket } from './websocket';

// A browser driven from Node over one CDP WebSocket: launch (or connect), open pages,
// navigate and wait for load. The driver issue grows this into core's Browser/Tab port.

export interface NodePage {
  targetId: string;
  session: CdpSession;
  script: PageScriptHost;
  navigate(url: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export class NodeBrowser {
  private constructor(readonly connection: Connection, private readonly launched: LaunchedBrowser | null) {}

  static async launch(options: LaunchOptions = {}): Promise<NodeBrowser> {
    const launched = await launchChromium(options);
    try {
      return new NodeBrowser(new Connection(await connectWebSocket(launched.wsEndpoint)), launched);
    } catch (error) {
      await launched.close();
      throw error;
    }
  }

  static async connect(wsEndpoint: string): Promise<NodeBrowser> {
    return new NodeBrowser(new Connection(await connectWebSocket(wsEndpoint)), null);
  }

  get wsEndpoint(): string | null {
    return this.launched?.wsEndpoint ?? null;
  }

  /** Opens a page; its viewport is exactly `viewport` CSS pixels (default 1280×800). */
  async newPage(url = 'about:blank', viewport = { width: 1280, height: 800 }): Promise<NodePage> {
    const root = this.connection.root;
    const { targetId } = await root.send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await root.send('Target.attachToTarget', { targetId, flatten: true });
    const session = this.connection.session(sessionId);
    await session.send('Page.enable');
    await session.send('Emulation.setDeviceMetricsOverride', { width: viewport.width, height: viewport.height, deviceScaleFactor: 1, mobile: false });
    const script = new PageScriptHost(session);
    await script.init();
    const page: NodePage = {
      targetId,
      session,
      script,
      navigate: async (to, timeoutMs = 30_000) => {
        const loaded = session.waitFor('Page.loadEventFired', () => true, timeoutMs);
        const result = await session.send('Page.navigate', { url: to });
        if (result.errorText) {
          loaded.catch(() => undefined);
          throw new Error(`Could not open ${to}: ${result.errorText}`);
        }
        await loaded;
      },
      close: async () => {
        await root.send('Target.closeTarget', { targetId }).catch(() => undefined);
      },
    };
    if (url !== 'about:blank') await page.navigate(url);
    return page;
  }

  async close(): Promise<void> {
    if (!this.connection.closed) {
      if (this.launched) await this.connection.root.send('Browser.close').catch(() => undefined);
      this.connection.close();
    }
    await this.launched?.close();
  }
}
