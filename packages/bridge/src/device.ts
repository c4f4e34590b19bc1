import {
  CONFIRM_KINDS,
  declined,
  Gate,
  guardBrowser,
  proposedCall,
  tabContext,
  type Browser,
  type ConfirmAnswer,
  type ConfirmRequest,
  type DialogPolicy,
  type Effect,
  type GateQuestion,
  type Policy,
  type ProposedCall,
  type RequestGuard,
  type Tab,
  type TabInfo,
} from '@wayfinder/core';
import { z } from 'zod';
import { BridgeError } from './errors';
import type { IncomingCall, Peer } from './peer';
import type { BrowserMethod, HostAsking, SessionOpened, TabMethod } from './protocol';
import {
  action,
  actEffect,
  actOptions,
  badParams,
  confirmParams,
  isBrowserMethod,
  isTabMethod,
  locator,
  screenshotRequest,
  sessionOpen,
  snapshotRequest,
  tabParams,
  text,
  waitCondition,
} from './device-params';

// The browser's side of the bridge: answers the host's calls with a real browser (the
// extension's chrome.debugger one), under the person's own rules. The host is trusted no
// further than a model: each call that changes something is turned here into the effects
// a tool would declare and passes core's one gate (policy/gate.ts) with the browser's own
// policy and the page's own facts; a question goes to the person in the side panel; a
// refusal cannot be overridden. A host session sees only the tabs it opened (and the popups
// they opened), never the person's other tabs. Requests its tabs make pass the same gate,
// then the host's guard.

export interface DeviceSide {
  /** Opens the browser a host session works in: a new tab (or the `adopt`ed ones that still exist), never the person's own. */
  openSession(label: string, adopt: string[]): Promise<{ browser: Browser; close(): Promise<void> }>;
  /** The person's own policy for one host session (site rules, secrets). */
  policy(label: string): Policy;
  /** Puts a question to the person; `from` is who asks (the session's label). */
  confirm(request: ConfirmRequest & { tool: string; input: unknown; from: string }, signal: AbortSignal): Promise<ConfirmAnswer>;
  log?(line: string): void;
  /**
   * The browser's one redaction, for what goes back to the host (snapshots, page text,
   * outcomes, tabs' titles and addresses): the person's secrets stored in this browser never
   * leave it, whatever the host knows.
   */
  redact?<T>(value: T): Promise<T>;
}

/** How long a question the person answered for the host also answers the browser's own same question. */
const ANSWERED_MS = 60_000;

interface Session {
  id: string;
  label: string;
  browser: Browser;
  close(): Promise<void>;
  policy: Policy;
  /** The one gate every call and request of this session passes (closed with the session: its questions are withdrawn). */
  gate: Gate;
  /** The tabs this session may use, with their Tab objects once known. */
  tabs: Map<string, Tab | null>;
  hostGuard: boolean;
  hostDialogs: boolean;
  /** Questions the person answered yes to for this session lately (kind and site). */
  answered: { kind: string; site: string; at: number }[];
}

export class DeviceEndpoint {
  private readonly open = new Map<string, Session>();
  private next = 0;

  constructor(private readonly side: DeviceSide) {}

  /** Host sessions using this browser now. */
  sessions(): { id: string; label: string }[] {
    return [...this.open.values()].map((s) => ({ id: s.id, label: s.label }));
  }

  /** The connection dropped: every host session ends (the debugger lets go; its questions are declined). */
  async closeAll(): Promise<void> {
    const all = [...this.open.values()];
    this.open.clear();
    await Promise.all(all.map((s) => this.end(s)));
  }

  /** Answers one call from the host. */
  async handle(call: IncomingCall, peer: Peer): Promise<unknown> {
    if (call.method === 'session.open') return this.openSession(call, peer);
    const session = call.session ? this.open.get(call.session) : undefined;
    if (!session)
      throw new BridgeError('no-session', `This browser has no host session ${call.session ?? '(none named)'}; open one first.`, false);
    if (call.method === 'session.close') {
      this.open.delete(session.id);
      await this.end(session);
      return null;
    }
    if (call.method === 'person.confirm') return this.confirmForHost(session, call);
    const [family, name = ''] = call.method.split('.', 2);
    if (family === 'browser' && isBrowserMethod(name)) return this.sent(await this.browserCall(session, name, call));
    if (family === 'tab' && isTabMethod(name)) return this.sent(await this.tabCall(session, name, call));
    throw new BridgeError('unknown-method', `This browser answers no ${call.method}.`, false);
  }

  /** What goes back to the host, through the browser's redaction. */
  private sent(value: unknown): Promise<unknown> {
    return this.side.redact ? this.side.redact(value) : Promise.resolve(value);
  }

  private async openSession(call: IncomingCall, peer: Peer): Promise<SessionOpened> {
    const parsed = sessionOpen.safeParse(call.params);
    if (!parsed.success) throw badParams('session.open', 'needs a label.');
    const { label, adopt } = parsed.data;
    const opened = await this.side.openSession(label, adopt);
    this.next += 1;
    const id = `s${Date.now().toString(36)}${this.next}`;
    const policy = this.side.policy(label);
    const answered: Session['answered'] = [];
    const session: Session = {
      id,
      label,
      browser: opened.browser,
      close: () => opened.close(),
      policy,
      gate: new Gate({
        policy,
        ask: (question, signal) =>
          this.ask(label, answered, question, signal, () => {
            // The host is told that its call waits on the person here (through the browser's redaction).
            const asking: HostAsking = { question: question.question, kind: question.kind, site: question.site };
            void this.sent(asking)
              .then((params) => peer.call('host.asking', params, { session: id, deadlineMs: 5_000 }))
              .catch(() => undefined);
          }),
      }),
      tabs: new Map(),
      hostGuard: false,
      hostDialogs: false,
      answered,
    };
    const first = await opened.browser.activeTab();
    session.tabs.set(first.id, first);
    for (const tab of adopt) if (!session.tabs.has(tab)) session.tabs.set(tab, null);
    const info = await first.info();
    session.policy.begin?.(info.url);
    await guardBrowser(opened.browser, this.guardFor(session, peer));
    opened.browser.setDialogPolicy(this.dialogsFor(session, peer));
    this.open.set(id, session);
    this.side.log?.(`host session ${id} opened for ${label}`);
    return { session: id, tab: first.id };
  }

  private async end(session: Session): Promise<void> {
    session.gate.close();
    await session.close().catch((error: unknown) => this.side.log?.(`closing host session ${session.id} failed: ${String(error)}`));
  }

  /** The browser's own gate first; then, when the host set one, the host's guard. */
  private guardFor(session: Session, peer: Peer): RequestGuard {
    return async (request) => {
      const own = await session.gate.request(request);
      if (!own.allow) return { allow: false, reason: `${own.reason} (in the person's browser)` };
      if (!session.hostGuard) return { allow: true };
      try {
        return await peer.call<{ allow: true } | { allow: false; reason: string }>('host.request', { request }, { session: session.id });
      } catch (error) {
        return { allow: false, reason: `the host did not answer (${error instanceof Error ? error.message : String(error)})` };
      }
    };
  }

  /** Dialogs: the host's policy when it set one (asked over the bridge), else alerts accepted and the rest dismissed. */
  private dialogsFor(session: Session, peer: Peer): DialogPolicy {
    return async (dialog, tab: TabInfo) => {
      if (!session.hostDialogs) return { accept: dialog.type === 'alert' };
      try {
        return await peer.call<{ accept: boolean; promptText?: string }>('host.dialog', { dialog, tab }, { session: session.id });
      } catch {
        return { accept: dialog.type === 'alert' };
      }
    };
  }

  /**
   * How the session's gate asks the person: in the side panel, unless they just answered the
   * same question (kind and site) for the host through person.confirm.
   */
  private async ask(
    label: string,
    answered: Session['answered'],
    question: GateQuestion,
    signal: AbortSignal,
    tellHost: () => void,
  ): Promise<ConfirmAnswer> {
    const now = Date.now();
    const recent = answered.filter((a) => now - a.at < ANSWERED_MS);
    answered.splice(0, answered.length, ...recent);
    const earlier = answered.findIndex((a) => a.kind === question.kind && a.site === question.site);
    if (earlier >= 0) {
      answered.splice(earlier, 1);
      return 'once';
    }
    tellHost();
    return this.side.confirm({ ...question, from: label }, signal);
  }

  /** `person.confirm`: the host's own question, put to the person here. A yes also answers the browser's same question once. */
  private async confirmForHost(session: Session, call: IncomingCall): Promise<ConfirmAnswer> {
    const parsed = confirmParams.safeParse(call.params);
    if (!parsed.success) throw badParams('person.confirm', 'needs a question.');
    const { request } = parsed.data;
    const kind = CONFIRM_KINDS.find((k) => k === request.kind) ?? 'tool';
    const stop = AbortSignal.any([call.signal, session.gate.signal]);
    const answer = await this.side.confirm({ ...request, kind, from: session.label }, stop);
    if (!declined(answer)) session.answered.push({ kind, site: request.site, at: Date.now() });
    return answer;
  }

  /** Passes a call that changes something through the session's gate; throws the refusal. */
  private async gate(session: Session, tab: Tab | null, method: string, input: unknown, effects: Effect[]): Promise<ProposedCall> {
    const proposed = proposedCall(method, input, effects);
    const verdict = await session.gate.check(
      proposed,
      tabContext(() => Promise.resolve(tab)),
    );
    if (verdict.allowed) return proposed;
    if (verdict.by === 'policy')
      throw new BridgeError('refused', `Not allowed by the person's rules in their browser: ${verdict.reason}`, false);
    throw new BridgeError(
      'refused',
      `The person declined in their browser: ${verdict.reason} Do not try this again or another way round it.`,
      false,
    );
  }

  /** Runs `work` after the gate, telling the policy how it went (for its counts). */
  private gated<T>(session: Session, proposed: ProposedCall, work: () => Promise<T>): Promise<T> {
    return session.gate.run(proposed, work);
  }

  private async browserCall(session: Session, name: BrowserMethod, call: IncomingCall): Promise<unknown> {
    const p = z.record(z.string(), z.unknown()).safeParse(call.params ?? {});
    const params = p.success ? p.data : {};
    const { browser } = session;
    switch (name) {
      case 'tabs': {
        const all = await browser.tabs();
        for (const t of all) if (t.openerId && session.tabs.has(t.openerId) && !session.tabs.has(t.id)) session.tabs.set(t.id, null);
        return all.filter((t) => session.tabs.has(t.id));
      }
      case 'activeTab': {
        const tab = await browser.activeTab();
        this.mine(session, tab.id);
        session.tabs.set(tab.id, tab);
        return tab.info();
      }
      case 'openTab': {
        const url = typeof params.url === 'string' && params.url ? params.url : null;
        const background = params.background === true;
        const pageScripts = params.pageScripts !== false;
        const proposed = await this.gate(session, null, 'open_tab', { url }, [{ kind: 'open', url, target: 'new-tab' }]);
        const tab = await this.gated(session, proposed, () => browser.openTab(url ?? undefined, { background, pageScripts }));
        session.tabs.set(tab.id, tab);
        return tab.info();
      }
      case 'switchTab': {
        const id = text(params.id, 'browser.switchTab', 'id');
        this.mine(session, id);
        const proposed = await this.gate(session, null, 'switch_tab', { id }, [{ kind: 'tabs', change: 'switch' }]);
        const tab = await this.gated(session, proposed, () => browser.switchTab(id));
        session.tabs.set(tab.id, tab);
        return tab.info();
      }
      case 'closeTab': {
        const id = text(params.id, 'browser.closeTab', 'id');
        this.mine(session, id);
        const proposed = await this.gate(session, null, 'close_tab', { id }, [{ kind: 'tabs', change: 'close' }]);
        await this.gated(session, proposed, () => browser.closeTab(id));
        session.tabs.delete(id);
        return null;
      }
      case 'setRequestGuard':
        session.hostGuard = params.enabled === true;
        return null;
      case 'setDialogPolicy':
        session.hostDialogs = params.host === true;
        return null;
    }
  }

  /** Refuses a tab the session did not open (or a popup of one): the person's other tabs are not the host's. */
  private mine(session: Session, id: string): void {
    if (!session.tabs.has(id))
      throw new BridgeError(
        'refused',
        `Tab ${id} is not one this host session opened; the person's other tabs are not shared with the host.`,
        false,
      );
  }

  private async tabOf(session: Session, id: string): Promise<Tab> {
    if (!session.tabs.has(id)) {
      // A popup one of the session's tabs opened joins the session.
      const info = (await session.browser.tabs()).find((t) => t.id === id);
      if (!info?.openerId || !session.tabs.has(info.openerId)) this.mine(session, id);
      session.tabs.set(id, null);
    }
    const known = session.tabs.get(id);
    if (known) return known;
    const tab = await session.browser.switchTab(id);
    session.tabs.set(id, tab);
    return tab;
  }

  private async tabCall(session: Session, name: TabMethod, call: IncomingCall): Promise<unknown> {
    const parsed = tabParams.safeParse(call.params);
    if (!parsed.success) throw badParams(`tab.${name}`, 'needs { tab, args }.');
    const { args } = parsed.data;
    const tab = await this.tabOf(session, parsed.data.tab);
    const method = `tab.${name}`;
    switch (name) {
      case 'navigate': {
        const url = text(args[0], method, 'the address');
        const proposed = await this.gate(session, tab, 'navigate', { url }, [{ kind: 'open', url, target: 'this-tab' }]);
        const options = actOptions(args[1], method);
        return this.gated(session, proposed, () => tab.navigate(url, options));
      }
      case 'goBack':
      case 'goForward':
      case 'reload': {
        const move = name === 'goBack' ? 'back' : name === 'goForward' ? 'forward' : 'reload';
        const proposed = await this.gate(session, tab, name, {}, [{ kind: 'history', move }]);
        return this.gated(session, proposed, () => tab[name]());
      }
      case 'act': {
        const ref = args[0] === null || args[0] === undefined ? null : text(args[0], method, 'the ref');
        const act = action.safeParse(args[1]);
        if (!act.success) throw badParams(method, `not an action this browser knows: ${act.error.issues[0]?.message ?? 'invalid'}.`);
        const proposed = await this.gate(session, tab, act.data.kind, { ref, action: act.data }, [actEffect(ref, act.data)]);
        const options = actOptions(args[2], method);
        return this.gated(session, proposed, () => tab.act(ref, act.data, options));
      }
      case 'runPageCode': {
        const code = text(args[0], method, 'the code');
        const timeoutMs = typeof args[1] === 'number' ? args[1] : 5_000;
        const url = (await tab.info()).url;
        if (!session.policy.pageCode?.(url))
          throw new BridgeError(
            'refused',
            `Running code in pages is off for ${url} in the person's browser; only they can turn it on in the site's rule.`,
            false,
          );
        const proposed = await this.gate(session, tab, 'execute_page_code', { code }, [{ kind: 'run-code', code }]);
        return this.gated(session, proposed, () => tab.runPageCode(code, timeoutMs));
      }
      default:
        return this.read(tab, name, args);
    }
  }

  /** Methods that only read the page. */
  private read(
    tab: Tab,
    name: Exclude<TabMethod, 'navigate' | 'goBack' | 'goForward' | 'reload' | 'act' | 'runPageCode'>,
    args: unknown[],
  ): Promise<unknown> {
    const [a, b, c] = args;
    const opt = <T>(value: unknown, schema: z.ZodType<T>): T | undefined => {
      if (value === undefined || value === null) return undefined;
      const parsed = schema.safeParse(value);
      if (!parsed.success) throw badParams(`tab.${name}`, parsed.error.issues[0]?.message ?? 'invalid arguments');
      return parsed.data;
    };
    switch (name) {
      case 'info':
        return tab.info();
      case 'snapshot':
        return tab.snapshot(opt(a, snapshotRequest));
      case 'find':
        return tab.find(
          text(a, 'tab.find', 'the query'),
          opt(b, z.number().int().min(1).max(50)),
          opt(c, z.object({ row: z.string().max(300).optional() }).strict()),
        );
      case 'extract':
        return tab.extract(opt(a, z.object({ maxChars: z.number().int().positive().optional() })));
      case 'waitFor':
        return tab.waitFor(opt(a, waitCondition) ?? { kind: 'time', ms: 0 }, opt(b, z.number().int().min(0).max(300_000)));
      case 'describe':
        return tab.describe(text(a, 'tab.describe', 'the ref'));
      case 'describeFocused':
        return tab.describeFocused();
      case 'screenshot':
        return tab.screenshot(opt(a, screenshotRequest));
      case 'html':
        return tab.html(opt(a, z.string()), opt(b, z.number().int().positive()));
      case 'locate':
        return tab.locate(opt(a, z.array(locator)) ?? [], opt(b, z.object({ timeoutMs: z.number().int().min(0).max(120_000).optional() })));
      case 'locatorsOf':
        return tab.locatorsOf(text(a, 'tab.locatorsOf', 'the ref'));
    }
  }
}
