import { mkdirSync } from 'node:fs';
import {
  BridgeError,
  CAPABILITIES,
  CLOSE,
  parseHello,
  Peer,
  PROTOCOL_VERSION,
  type DeviceHello,
  type SessionOpened,
  type Welcome,
} from '@wayfinder/bridge';
import type { ActionOutcome, PageSnapshot, TabInfo } from '@wayfinder/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { accessibilityViolations } from './a11y';
import { openExtensionEnv, type ExtensionEnv } from './env';
import { lookAt } from './look';

// The extension's end of the bridge (docs/0028-bridge.md), with the real extension in
// headless Chromium and, at the other end, a small hub of the test's own: it does the
// hello/welcome exchange itself and then drives the browser through a Peer, as
// `wayfinder serve` does. Pairing happens through the Options page; the host's calls
// work in a new background tab in the "Wayfinder (host)" group; the host's questions are
// cards in the side panel; a worker Chrome stops drops the call in flight and comes back.

const SHOTS = '/tmp/shots';
const CODE = 'K7PX-42QM';
const TOKEN = `device-token-${Math.random().toString(36).slice(2)}`;
const LABEL = 'Test Chrome';

interface TestHub {
  port: number;
  /** Every hello, with the Origin it came from. */
  hellos: { hello: DeviceHello; origin: string | undefined }[];
  /** Welcomed device connections so far, and how many of them closed. */
  connections: number;
  closes: number;
  /** When set, every hello is refused (bad-token) with this message. */
  refuseWith: string | null;
  /** The browser's calls to the host (host.asking …), in order; the host answers host.asking only. */
  calls: { method: string; params: unknown; session: string | undefined }[];
  /** The peer of the device connection after `after` welcomed ones (waits for it). */
  peer(after?: number): Promise<Peer>;
  close(): Promise<void>;
}

async function startTestHub(): Promise<TestHub> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const address = server.address();
  const peers: Peer[] = [];
  const waiting: (() => void)[] = [];
  const hub: TestHub = {
    port: typeof address === 'object' && address !== null ? address.port : 0,
    hellos: [],
    connections: 0,
    closes: 0,
    refuseWith: null,
    calls: [],
    peer: async (after = hub.connections - 1) => {
      for (;;) {
        const peer = peers[after];
        if (peer) return peer;
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
    },
    close: async () => {
      for (const client of server.clients) client.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  server.on('connection', (ws, req) => {
    ws.once('message', (data: Buffer) => {
      const hello = parseHello(data.toString('utf8'));
      if (hello?.role !== 'device') {
        ws.close(CLOSE.refused, 'malformed');
        return;
      }
      hub.hellos.push({ hello, origin: req.headers.origin });
      const refuse = (code: string, message: string) => {
        ws.send(JSON.stringify({ type: 'refused', code, message }));
        ws.close(CLOSE.refused, code);
      };
      if (hub.refuseWith !== null) return refuse('bad-token', hub.refuseWith);
      const pairing = hello.pairingCode !== undefined;
      if (pairing && hello.pairingCode !== CODE) return refuse('bad-code', 'That pairing code is not the one `wayfinder serve` printed.');
      if (!pairing && hello.token !== TOKEN) return refuse('bad-token', 'This browser is not known to this host; pair it again.');
      const welcome: Welcome = {
        type: 'welcome',
        protocolVersion: PROTOCOL_VERSION,
        deviceId: 'dev-1',
        label: hello.label,
        hub: { version: '9.9.9-test' },
        ...(pairing ? { token: TOKEN } : {}),
      };
      ws.send(JSON.stringify(welcome));
      const peer = new Peer(
        { send: (text) => ws.send(text), close: (code, reason) => ws.close(code, reason) },
        {
          pingMs: 0,
          handle: (call) => {
            hub.calls.push({ method: call.method, params: call.params, session: call.session });
            if (call.method === 'host.asking') return Promise.resolve(null);
            throw new BridgeError('unknown-method', `The test hub answers no ${call.method}.`, false);
          },
        },
      );
      ws.on('message', (frame: Buffer) => peer.receive(frame.toString('utf8')));
      ws.on('close', (code) => {
        hub.closes += 1;
        peer.closed(`the browser closed the connection (${code})`);
      });
      hub.connections += 1;
      peers.push(peer);
      for (const wake of waiting.splice(0)) wake();
    });
  });
  return hub;
}

let env: ExtensionEnv;
let hub: TestHub;
/** Pages kept across the file's steps (each test goes on from the one before). */
let options: Page;
let panel: Page;
let session: SessionOpened;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  hub = await startTestHub();
  env = await openExtensionEnv();
});

afterAll(async () => {
  await env.close();
  await hub.close();
});

async function stored(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(async () => {
    const all: Record<string, unknown> = await chrome.storage.local.get('bridge');
    const value = all.bridge;
    return typeof value === 'object' && value !== null ? { ...value } : {};
  });
}

function alarmSet(page: Page): Promise<boolean> {
  return page.evaluate(async () => (await chrome.alarms.get('wayfinder-bridge')) !== undefined);
}

function badge(page: Page): Promise<string> {
  return page.evaluate(() => chrome.action.getBadgeText({}));
}

async function stopWorkers(page: Page): Promise<void> {
  const cdp = await env.context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
}

/** Screenshots of one part of a page, light and dark. */
async function shoot(page: Page, selector: string, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page
      .locator(selector)
      .first()
      .screenshot({ path: `${SHOTS}/bridge-${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const hostLine = () => panel.getByRole('region', { name: 'Host connection' });
const confirmCard = () => panel.getByRole('alertdialog', { name: 'Confirmation needed' });

describe('the extension as the host’s browser', () => {
  it('pairs through Options: the code reaches the host, the token is kept, and both pages say connected', async () => {
    options = await env.openOptions();
    const section = options.getByRole('region', { name: 'Connect to the host' });
    const line = section.getByRole('status', { name: 'Host connection' });
    await expect.poll(() => line.innerText()).toContain('Not paired');
    // Pairing without the hub's code is refused, and the hub's reason is shown.
    await section.getByLabel('Port').fill(String(hub.port));
    await section.getByLabel('Pairing code').fill('WRONG-CODE');
    await section.getByLabel('This browser’s name').fill(LABEL);
    await section.getByRole('button', { name: 'Pair', exact: true }).click();
    await expect
      .poll(() => section.getByRole('alert').innerText())
      .toContain('That pairing code is not the one `wayfinder serve` printed.');
    expect((await stored(options)).token ?? null).toBeNull();

    await section.getByLabel('Pairing code').fill(CODE);
    await section.getByRole('button', { name: 'Pair', exact: true }).click();
    await expect.poll(() => line.innerText()).toContain(`Paired as ${LABEL} · connected to wayfinder 9.9.9-test`);
    const hello = hub.hellos.at(-1);
    expect(hello?.origin).toBe(`chrome-extension://${env.extensionId}`);
    expect(hello?.hello).toMatchObject({ role: 'device', protocolVersion: PROTOCOL_VERSION, pairingCode: CODE, label: LABEL });
    expect(hello?.hello.capabilities).toEqual([...CAPABILITIES]);
    expect(hello?.hello.token).toBeUndefined();
    expect(await stored(options)).toMatchObject({
      port: hub.port,
      token: TOKEN,
      deviceId: 'dev-1',
      label: LABEL,
      enabled: true,
      refused: null,
    });
    expect(await alarmSet(options)).toBe(true);
    await shoot(options, 'section.bridge', 'options-connected');
    expect(await accessibilityViolations(options)).toEqual([]);

    panel = await env.openPanel();
    // As wide as a side panel.
    await panel.setViewportSize({ width: 420, height: 760 });
    await expect.poll(() => hostLine().innerText()).toContain(`Host: connected (${LABEL})`);
  });

  it('a host session works in a new background tab in the "Wayfinder (host)" group, under the person’s rules', async () => {
    const person = await env.openSite('/shop/p/trail-tent-2p');
    await person.bringToFront();
    const peer = await hub.peer();
    session = await peer.call<SessionOpened>('session.open', { label: 'wayfinder run' });
    const where = await options.evaluate(async (id) => {
      const tab = await chrome.tabs.get(Number(id));
      const group = tab.groupId >= 0 ? await chrome.tabGroups.get(tab.groupId) : null;
      const [active] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
      return { url: tab.url ?? '', active: tab.active, group: group?.title ?? null, personal: active?.url ?? '' };
    }, session.tab);
    // A new tab of its own, in the background and in the host's group; the person's tab stays in front.
    expect(where).toMatchObject({ url: 'about:blank', active: false, group: 'Wayfinder (host)' });
    expect(where.personal).toContain('/shop/p/trail-tent-2p');
    await expect.poll(() => hostLine().innerText()).toContain('Using this browser: wayfinder run');

    // A site the session has not used is the person's to allow: a card in the panel says who asks.
    const navigating = peer.call<ActionOutcome>(
      'tab.navigate',
      { tab: session.tab, args: [`${env.gym.url}/shop`] },
      { session: session.session },
    );
    await expect.poll(() => confirmCard().innerText()).toContain('From wayfinder run');
    // The host is told its call waits on the person here (it says so; the call's deadline is a question's).
    const asking = () => hub.calls.filter((c) => c.method === 'host.asking');
    await expect.poll(() => asking().length).toBe(1);
    expect(asking()[0]?.session).toBe(session.session);
    expect(asking()[0]?.params).toMatchObject({ kind: 'new-site', site: new URL(env.gym.url).hostname });
    await lookAt(panel, 'bridge-panel-card');
    await confirmCard().getByRole('button', { name: 'Allow once', exact: true }).click();
    expect((await navigating).url).toContain('/shop');
    const snapshot = await peer.call<PageSnapshot>('tab.snapshot', { tab: session.tab, args: [] }, { session: session.session });
    expect(snapshot.url).toContain('/shop');
    expect(snapshot.text).toContain('Trail Tent 2P');
    // The person's own tab is none of the host's business.
    const personal = await options.evaluate(async () => {
      const [active] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
      return String(active?.id ?? '');
    });
    await expect(peer.call('tab.info', { tab: personal, args: [] }, { session: session.session })).rejects.toMatchObject({
      code: 'refused',
    });
    await shoot(panel, '.host-line', 'panel-line');
    await person.close();
  });

  it('the host’s question is a card in the side panel, from the session’s label; Allow once answers the host', async () => {
    const peer = await hub.peer();
    const asking = peer.call<string>(
      'person.confirm',
      {
        request: {
          question: 'Pay 12.00 EUR to the shop?',
          kind: 'payment',
          site: '127.0.0.1',
          choices: 'once',
          tool: 'click',
          input: { ref: 'e5' },
        },
      },
      { session: session.session },
    );
    await expect.poll(() => confirmCard().innerText()).toContain('Pay 12.00 EUR to the shop?');
    expect(await confirmCard().innerText()).toContain('From wayfinder run');
    // The toolbar icon says a question waits, while it does.
    await expect.poll(() => badge(options)).toBe('?');
    await confirmCard().getByRole('button', { name: 'Allow once', exact: true }).click();
    expect(await asking).toBe('once');
    await expect.poll(() => confirmCard().count()).toBe(0);
    await expect.poll(() => badge(options)).toBe('');
  });

  it('the worker stopped mid-call: the call fails as disconnected, and after the restart the extension reconnects and the next call works', async () => {
    const peer = await hub.peer();
    const before = hub.connections;
    const asking = peer.call<string>(
      'person.confirm',
      { request: { question: 'Delete the draft?', kind: 'deletion', site: '127.0.0.1', choices: 'once', tool: 'click', input: {} } },
      { session: session.session },
    );
    const failed = asking.then(
      () => null,
      (error: unknown) => error,
    );
    await expect.poll(() => confirmCard().innerText()).toContain('Delete the draft?');
    await expect.poll(() => badge(options)).toBe('?');
    await stopWorkers(panel);

    const error = await failed;
    expect(BridgeError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'disconnected' });
    // The panel reconnecting wakes the worker, which dials again with its token.
    const next = await hub.peer(before);
    expect(hub.hellos.at(-1)?.hello).toMatchObject({ token: TOKEN, deviceId: 'dev-1' });
    expect(hub.hellos.at(-1)?.hello.pairingCode).toBeUndefined();
    await expect.poll(() => hostLine().innerText()).toContain(`Host: connected (${LABEL})`);
    // The question went with the worker that asked it, and the toolbar icon says so.
    await expect.poll(() => confirmCard().count()).toBe(0);
    await expect.poll(() => badge(options)).toBe('');
    // The old session ended with the connection; a new one adopts its tab, which still holds the page.
    await expect(next.call('tab.info', { tab: session.tab, args: [] }, { session: session.session })).rejects.toMatchObject({
      code: 'no-session',
    });
    const again = await next.call<SessionOpened>('session.open', { label: 'wayfinder run', adopt: [session.tab] });
    expect(again.tab).toBe(session.tab);
    const info = await next.call<TabInfo>('tab.info', { tab: again.tab, args: [] }, { session: again.session });
    expect(info.url).toContain('/shop');
    session = again;
    expect(await alarmSet(options)).toBe(true);
  });

  it('host work in tabs of its own (a watch check, a research run) leaves no blank tab behind', async () => {
    const peer = await hub.peer();
    const blanks = () =>
      options.evaluate(async () => (await chrome.tabs.query({})).filter((t) => (t.url || t.pendingUrl || '') === 'about:blank').length);
    const before = await blanks();
    for (let run = 0; run < 2; run++) {
      const work = await peer.call<SessionOpened>('session.open', { label: 'wayfinder watch check' });
      expect(await blanks()).toBe(before + 1);
      const own = await peer.call<TabInfo>('browser.openTab', { background: true }, { session: work.session });
      await peer.call('browser.closeTab', { id: own.id }, { session: work.session });
      await peer.call('session.close', {}, { session: work.session });
      await expect.poll(blanks).toBe(before);
    }
    // A session that worked in its tab leaves it, to show what was done (the one adopted above holds /shop).
    const info = await peer.call<TabInfo>('tab.info', { tab: session.tab, args: [] }, { session: session.session });
    expect(info.url).toContain('/shop');
  });

  it('Disconnect in the panel closes the connection, and nothing dials again', async () => {
    const peer = await hub.peer();
    const closes = hub.closes;
    await hostLine().getByRole('button', { name: 'Disconnect' }).click();
    await expect.poll(() => hub.closes).toBe(closes + 1);
    await expect.poll(() => hostLine().innerText()).toContain('Host: disconnected');
    await expect(peer.call('tab.info', { tab: session.tab, args: [] }, { session: session.session })).rejects.toMatchObject({
      code: 'disconnected',
    });
    expect(await stored(options)).toMatchObject({ enabled: false, token: TOKEN });
    expect(await alarmSet(options)).toBe(false);
    const line = options.getByRole('status', { name: 'Host connection' });
    await expect.poll(() => line.innerText()).toContain(`Paired as ${LABEL} · disconnected`);
    await shoot(options, 'section.bridge', 'options-off');
  });

  it('a hello the host refuses (bad token) shows its message in Options, and is not tried again', async () => {
    hub.refuseWith = 'This browser’s pairing was removed on the host; pair it again.';
    const hellos = hub.hellos.length;
    const section = options.getByRole('region', { name: 'Connect to the host' });
    await section.getByRole('button', { name: 'Connect', exact: true }).click();
    const line = section.getByRole('status', { name: 'Host connection' });
    await expect.poll(() => line.innerText()).toContain('refused: This browser’s pairing was removed on the host; pair it again.');
    expect(hub.hellos.length).toBe(hellos + 1);
    expect(await stored(options)).toMatchObject({ refused: 'This browser’s pairing was removed on the host; pair it again.' });
    expect(await alarmSet(options)).toBe(false);
    await expect.poll(() => hostLine().innerText()).toContain('Host: refused');
    await shoot(options, 'section.bridge', 'options-refused');
    expect(await accessibilityViolations(options)).toEqual([]);
  });
});
