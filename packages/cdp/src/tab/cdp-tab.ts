import {
  BrowserError,
  pageData,
  type Action,
  type ActOptions,
  type ActionOutcome,
  type ElementLocator,
  type FindOptions,
  type FoundElement,
  type LocateResult,
  type PageCodeOutcome,
  type PageContent,
  type PageSnapshot,
  type Screenshot,
  type ScreenshotRequest,
  type SnapshotRequest,
  type Tab,
  type TabInfo,
  type WaitCondition,
} from '@wayfinder/core';
import { isBoolean, isElementInfo, isPageError, type Actionability, type ElementInfo, type PageError } from '@wayfinder/page';
import type { CdpSession } from '../connection';
import { Keyboard, Mouse } from '../input/input';
import { PageScriptHost } from '../page-script';
import { Actions } from './actions';
import { DialogHandler } from './dialogs';
import { fromPageError, toBrowserError } from './errors';
import type { TabHost, TabOptions } from './host';
import { DOM_EVENT_INPUT, TRUSTED_INPUT, type InputDriver } from './input-modes';
import { NavigationWatch } from './navigation';
import { Navigator } from './navigator';
import { afterRequests, NetworkTracker } from './network';
import { runPageCode, type TrustedInput } from './page-code';
import { RequestGate } from './requests';
import { takeScreenshot } from './screenshot';
import type { Actionable, ActionTarget, Located } from './target';
import { waitFor } from './wait';
import { describeFocused } from './focus';
import { describeSideEffects } from './side-effects';
import { locatorOf } from './locator';

// A tab driven over CDP: core's Tab port on one page target's session. Every action goes
// through `perform`, which refuses to start while a dialog waits for an answer, collects
// the dialogs and new tabs the action caused, waits for a navigation it started to load,
// and turns every failure into a BrowserError a model can act on.

const DEFAULT_NAVIGATION_TIMEOUT = 30_000;
const DEFAULT_ACTION_TIMEOUT = 1_500;
const RETRY_PAUSE_MS = 100;
const NEW_TAB_WAIT_MS = 2_000;

/** Completes "while …" in error messages. */
const DOING: Record<Action['kind'], string> = {
  click: 'clicking',
  type: 'typing into',
  press: 'pressing keys on',
  select: 'selecting in',
  check: 'checking',
  hover: 'hovering over',
  drag: 'dragging',
  scroll: 'scrolling',
  'scroll-into-view': 'scrolling to',
  upload: 'uploading to',
};

export class CdpTab implements Tab, ActionTarget {
  readonly script: PageScriptHost;
  readonly mouse: Mouse;
  readonly keyboard: Keyboard;
  /** Trusted input or script events, chosen once (input-modes.ts). */
  readonly input: InputDriver;
  readonly navigationTimeoutMs: number;
  private readonly actionTimeoutMs: number;
  private readonly dialogs: DialogHandler;
  readonly network: NetworkTracker;
  /** Every request this tab and its frames make, put to the browser's request guard. */
  readonly requests: RequestGate;
  private closedReason: string | null = null;
  private readonly actions: Actions;
  private readonly navigator: Navigator;

  private constructor(
    readonly id: string,
    readonly session: CdpSession,
    readonly host: TabHost,
    options: TabOptions,
    mainFrameId: string | undefined,
  ) {
    this.input = options.inputMode === 'dom' ? DOM_EVENT_INPUT : TRUSTED_INPUT;
    this.navigationTimeoutMs = options.navigationTimeoutMs ?? DEFAULT_NAVIGATION_TIMEOUT;
    this.actionTimeoutMs = options.actionTimeoutMs ?? DEFAULT_ACTION_TIMEOUT;
    this.script = new PageScriptHost(session);
    this.mouse = new Mouse(session);
    this.keyboard = new Keyboard(session);
    this.dialogs = new DialogHandler(
      session,
      () => host.dialogPolicy(),
      () => this.info(),
    );
    this.network = new NetworkTracker(session);
    this.requests = new RequestGate(
      session,
      id,
      () => host.requestGuard?.() ?? null,
      // Known up front where the host knows it (a page target's main frame has the target's id): a
      // popup's first request is paused before its frame tree can be asked for.
      () => (mainFrameId ? Promise.resolve(mainFrameId) : this.script.mainFrame()),
    );
    session.onClose((reason) => {
      this.closedReason = reason;
    });
    this.actions = new Actions(this, this.input);
    this.navigator = new Navigator({
      session,
      timeoutMs: this.navigationTimeoutMs,
      perform: (doing, run, options) => this.perform(doing, run, options),
      info: () => this.info(),
      requestsSettled: () => this.requests.settled(),
      leaving: () => {
        const asked = this.dialogs.peek().filter((d) => d.type === 'beforeunload');
        if (asked.length === 0) return undefined;
        return asked.some((d) => !d.accepted) ? 'stay' : 'leave';
      },
    });
  }

  /**
   * Wraps a page target's session (Page, Network and frame tracking enabled). A new target
   * held before its first request (a popup) is let go by `start.resume`, once its requests
   * are guarded, so nothing it loads escapes the request guard.
   */
  static async attach(
    id: string,
    session: CdpSession,
    host: TabHost,
    options: TabOptions = {},
    start: { resume?: () => Promise<void>; mainFrameId?: string } = {},
  ): Promise<CdpTab> {
    const { resume, mainFrameId } = start;
    const tab = new CdpTab(id, session, host, options, mainFrameId);
    // A held target answers these only once it runs, but handles them in the order sent: so
    // they go together (as Puppeteer sends them), interception first and the resume last.
    await Promise.all([
      tab.requests.sync(),
      session.send('Page.enable'),
      session.send('Page.setLifecycleEventsEnabled', { enabled: true }),
      session.send('Network.enable'),
      resume?.(),
    ]);
    await tab.script.init();
    return tab;
  }

  get closed(): boolean {
    return this.closedReason !== null || this.session.closed;
  }

  /** From now on the page's own scripts do not run here (openTab's `pageScripts: false`); ours, evaluated over CDP, still do. */
  async stopPageScripts(): Promise<void> {
    await this.session.send('Emulation.setScriptExecutionDisabled', { value: true });
  }

  info(): Promise<TabInfo> {
    return this.host.info(this.id);
  }

  private async usable(doing: string): Promise<void> {
    if (this.closed) throw new BrowserError('tab-closed', `The tab closed before ${doing}; list the open tabs and switch to one.`, false);
    const dialog = this.dialogs.undecided;
    if (dialog) {
      throw new BrowserError(
        'dialog-open',
        `A ${dialog.type} dialog is open (${pageData(dialog.message, 300)}) and waits for an answer; nothing on the page can be used until it is answered.`,
        true,
      );
    }
    await this.dialogs.settled();
  }

  /** Runs an action the way every action runs; see the comment at the top. */
  async perform(doing: string, run: (watch: NavigationWatch) => Promise<string>, options: ActOptions = {}): Promise<ActionOutcome> {
    await this.usable(doing);
    const newTabs: TabInfo[] = [];
    const stopWatching = this.host.watchNewTabs(this.id, (tab) => newTabs.push(tab));
    let watch: NavigationWatch | null = null;
    const began = Date.now();
    try {
      watch = new NavigationWatch(this.session, await this.script.mainFrame());
      let summary = await run(watch);
      // A request the action caused may be waiting for the person (the page going to a new site).
      await this.requests.settled();
      const loaded = await watch.settle(0, this.navigationTimeoutMs);
      await this.requests.settled();
      if (!loaded)
        summary += ` The page is still loading after ${Math.round(this.navigationTimeoutMs / 1000)} s; wait for it or take a snapshot.`;
      // Requests the action started (a click that fetches the next view, a new page's data): report the page after them.
      else
        await afterRequests(this.network, (frames) => this.page('afterFrame', [frames], undefined, isBoolean).catch(() => false), {
          since: began,
          navigated: watch.committed,
          loadedAt: watch.loadedAt,
          settle: options.settle ?? 'rendered',
          closed: () => this.closed,
        });
      const dialogs = this.dialogs.drain();
      const info = await this.info();
      const opened = await Promise.all(newTabs.map((t) => this.settledTab(t)));
      const stoppedInNew = await Promise.all(opened.map((t) => this.host.stoppedIn?.(t.id) ?? Promise.resolve([]))).catch(() => []);
      return {
        summary: [summary + describeSideEffects(dialogs, opened), ...this.requests.drain(), ...stoppedInNew.flat()].join(' '),
        navigated: watch.committed,
        url: info.url,
        newTabs: opened,
        dialogs,
      };
    } catch (error) {
      // Dialogs and stopped requests a failed action caused belong to it, not to the next one.
      this.dialogs.drain();
      const stopped = this.requests.drain();
      if (stopped.length && BrowserError.isInstance(error) && error.code === 'navigation-failed')
        throw new BrowserError('navigation-failed', stopped.join(' '), false, { cause: error });
      throw toBrowserError(error, doing);
    } finally {
      watch?.dispose();
      stopWatching();
    }
  }

  /** A just-opened tab has no address yet: give it a moment to get one, for the report. */
  private async settledTab(tab: TabInfo): Promise<TabInfo> {
    const deadline = Date.now() + NEW_TAB_WAIT_MS;
    let info = tab;
    while ((!info.url || info.url === 'about:blank') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      info = await this.host.info(tab.id).catch(() => info);
    }
    return info;
  }

  /** Calls the page script and turns its errors into BrowserErrors. */
  async page<T>(method: string, args: unknown[], ref: string | undefined, check: (value: unknown) => value is T): Promise<T> {
    const { value } = await this.script.call(method, args, ref);
    if (isPageError(value)) throw fromPageError(value);
    if (!check(value))
      throw new BrowserError(
        'unexpected',
        `The page script gave an unexpected answer to ${method}; take a new snapshot and try again.`,
        true,
      );
    return value;
  }

  describe(ref: string): Promise<ElementInfo> {
    return this.page('describe', [ref], ref, isElementInfo);
  }

  /** What has keyboard focus, followed into cross-origin frames (focus.ts). */
  describeFocused(): Promise<ElementInfo | null> {
    return describeFocused(this.script, this.session);
  }

  /**
   * Waits (briefly) until the element is visible, enabled, still and uncovered, scrolling
   * it into view; returns where to click. In DOM-event mode a covering element does not
   * matter (script events go straight to the element).
   */
  async actionable(ref: string): Promise<Actionable> {
    const deadline = Date.now() + this.actionTimeoutMs;
    for (;;) {
      const result: Actionability | PageError = await this.script.actionability(ref);
      if (isPageError(result)) throw fromPageError(result);
      const ignorable = this.input.reachesCovered && result.failure === 'covered';
      if ((!result.problem || ignorable) && result.point) return { point: result.point, label: result.label, hidden: result.hidden };
      if (Date.now() >= deadline || !result.failure) {
        const code = result.failure === 'clipped' || !result.failure ? 'not-visible' : result.failure;
        throw new BrowserError(code, result.problem ?? `${result.label} cannot be reached.`, code !== 'disabled');
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
    }
  }

  async stillUnderPointer(el: Located): Promise<void> {
    const now = await this.script.underPointer(el.ref, el.point);
    if (isPageError(now)) throw fromPageError(now);
    if (now.inside && now.reaches) return;
    const what = now.inside ? `was covered by ${now.coveredBy ? pageData(now.coveredBy, 100) : 'another element'}` : 'moved away';
    throw new BrowserError(
      'covered',
      `${el.label} ${what} as the pointer reached it (the page changed it on hover); nothing was pressed. Take a new snapshot and look again.`,
      true,
    );
  }

  navigate(url: string, options?: ActOptions): Promise<ActionOutcome> {
    return this.navigator.navigate(url, options);
  }

  goBack(): Promise<ActionOutcome> {
    return this.navigator.history(-1);
  }

  goForward(): Promise<ActionOutcome> {
    return this.navigator.history(1);
  }

  reload(): Promise<ActionOutcome> {
    return this.navigator.reload();
  }

  /** Reads and waits run the way every one runs: on a usable tab, failures as BrowserErrors. */
  private async guarded<T>(doing: string, work: () => Promise<T>): Promise<T> {
    await this.usable(doing);
    try {
      return await work();
    } catch (error) {
      throw toBrowserError(error, doing);
    }
  }

  snapshot(request: SnapshotRequest = {}): Promise<PageSnapshot> {
    return this.guarded('taking a snapshot', async () => {
      const s = await this.script.snapshot(request);
      return {
        text: s.text,
        url: s.url,
        title: s.title,
        docId: s.docId,
        isDiff: s.isDiff,
        truncated: s.stats.truncated,
        tokens: s.stats.tokens,
        refs: s.refs.map((r) => ({
          ref: r.ref,
          role: r.role,
          name: r.name,
          states: r.states,
          ...(r.value !== undefined ? { value: r.value } : {}),
          ...(r.href ? { href: r.href } : {}),
        })),
      };
    });
  }

  find(query: string, k = 5, options: FindOptions = {}): Promise<FoundElement[]> {
    return this.guarded('finding elements', async () => (await this.script.find(query, k, options.row)).matches);
  }

  locate(locators: ElementLocator[], options: { timeoutMs?: number } = {}): Promise<LocateResult> {
    return this.guarded('locating an element', async () => {
      const deadline = Date.now() + (options.timeoutMs ?? 0);
      for (;;) {
        let found: LocateResult;
        try {
          found = await this.script.locate(locators);
        } catch (error) {
          // A page between documents has no script to ask yet: try again while there is time.
          if (Date.now() >= deadline || this.closed) throw error;
          await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
          continue;
        }
        if (found.ref !== null || Date.now() >= deadline || this.closed) return found;
        // Poll once per rendered frame: what the page renders next is what we wait for (a hidden tab renders none: pause instead).
        const framed = await this.page('afterFrame', [], undefined, isBoolean).catch(() => false);
        if (!framed) await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
      }
    });
  }

  locatorsOf(ref: string): Promise<ElementLocator[]> {
    return this.guarded('describing an element', async () => {
      const set = await this.script.locators(ref);
      if (isPageError(set)) throw fromPageError(set);
      return set.locators.filter((l) => l.matches > 0).map(locatorOf);
    });
  }

  extract(options: { maxChars?: number } = {}): Promise<PageContent> {
    return this.guarded('reading the page', async () => {
      const e = await this.script.extract(options);
      return {
        url: e.url,
        content: e.content,
        wordCount: e.wordCount,
        truncated: e.truncated,
        metadata: e.metadata,
        jsonLd: e.jsonLd,
        contacts: e.contacts,
      };
    });
  }

  act(ref: string | null, action: Action, options?: ActOptions): Promise<ActionOutcome> {
    return this.perform(`${DOING[action.kind]} ${ref ?? 'the page'}`, (watch) => this.actions.run(ref, action, watch), options);
  }

  waitFor(condition: WaitCondition, timeoutMs = 10_000): Promise<string> {
    return this.guarded('waiting', () => waitFor(this, condition, timeoutMs));
  }

  /** Runs a snippet in a world of its own in the main frame (page-code.ts), as an action: its navigations, dialogs and new tabs are reported. */
  async runPageCode(code: string, timeoutMs: number): Promise<PageCodeOutcome> {
    let value: string | null = null;
    const outcome = await this.perform('running page code', async (watch) => {
      const ran = await runPageCode(this.session, await this.script.mainFrame(), watch, this.trustedInput(), code, timeoutMs);
      value = ran.value;
      return ran.summary;
    });
    return { ...outcome, value };
  }

  /** The debugger's mouse and keyboard for page code's helpers; none in DOM-event mode (they use script events then). */
  private trustedInput(): TrustedInput | null {
    if (this.input.name !== 'cdp') return null;
    return {
      click: async (x, y, hidden) => {
        if (hidden) this.mouse.jump(x, y);
        await this.mouse.click(x, y);
      },
      insert: (text) => (text ? this.keyboard.insert(text) : this.keyboard.press('Delete')),
    };
  }

  screenshot(request: ScreenshotRequest = {}): Promise<Screenshot> {
    return this.guarded('taking a screenshot', () => takeScreenshot(this, request));
  }

  html(selector?: string, maxChars = 20_000): Promise<string> {
    return this.guarded('reading HTML', () =>
      this.page('html', [selector ?? null, maxChars], undefined, (v): v is string => typeof v === 'string'),
    );
  }
}
