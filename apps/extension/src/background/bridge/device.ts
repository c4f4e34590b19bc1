import type { DeviceSide } from '@wayfinder/bridge';
import { ExtensionBrowser, type TabRegistry } from '@wayfinder/cdp/extension';
import type { Browser, ConfirmAnswer, ConfirmRequest, Policy, Redaction, SiteRule } from '@wayfinder/core';
import { HOST_TASK_PREFIX } from '../../lib/bridge-messages';
import type { PendingRequest } from '../../lib/db';
import { logInfo } from '../../lib/log';
import type { CurrentRedaction } from '../../lib/redaction';
import { loadSites } from '../../lib/safety-store';
import { loadSettings } from '../../lib/settings';
import { showOnBadge } from '../badge';
import { HostTabs } from './host-tabs';
import { confirmCard, type PendingRequests } from '../pending';
import { personalPolicy } from '../tasks/policy';

// What this browser is for the host (packages/bridge's DeviceSide): a host session gets an
// ExtensionBrowser over its own tabs (host-tabs.ts: a new background tab in the
// "Wayfinder (host)" group), the person's own policy (their site rules and secrets, as a
// task gets them, with the worker's one redaction), and its questions as cards in the side
// panel (redacted), answered through the same PendingRequests as a task's. While a host
// question waits, the toolbar icon says so.

export interface HostQuestion {
  taskId: string;
  request: PendingRequest;
}

export class ExtensionDevice implements DeviceSide {
  /** The person's rules and the redaction as last read (policy() must answer at once; openSession reads them afresh first). */
  private rules: { sites: SiteRule[]; redaction: Redaction | null } = { sites: [], redaction: null };
  private readonly waiting = new Map<string, HostQuestion>();
  private next = 0;

  constructor(
    private readonly pending: PendingRequests,
    /** Told when the questions waiting change (the panels show them). */
    private readonly changed: () => void,
    /** The worker's record of the tabs the extension opened (a session's tabs are among them). */
    private readonly registry: TabRegistry,
    /** The worker's one redaction (lib/redaction.ts). */
    private readonly redaction: CurrentRedaction,
  ) {}

  /** Host questions waiting for the person now. */
  questions(): HostQuestion[] {
    return [...this.waiting.values()];
  }

  async openSession(_label: string, adopt: string[]): Promise<{ browser: Browser; close(): Promise<void> }> {
    this.rules = { sites: await loadSites(), redaction: await this.redaction() };
    const settings = await loadSettings();
    const tabs = await HostTabs.open(adopt, this.registry);
    const browser = new ExtensionBrowser(
      { tabs, debugger: chrome.debugger },
      { registry: this.registry, inputMode: settings.agent.inputMode },
    );
    return {
      browser,
      close: async () => {
        await browser.detachAll();
        await tabs.end();
      },
    };
  }

  policy(_label: string): Policy {
    // openSession has read the redaction just before (a session is opened before its policy is asked for).
    const { sites, redaction } = this.rules;
    if (!redaction) throw new Error('A host session asked for its policy before it was opened; open the session again.');
    return personalPolicy(sites, redaction);
  }

  async confirm(request: ConfirmRequest & { tool: string; input: unknown; from: string }, signal: AbortSignal): Promise<ConfirmAnswer> {
    this.next += 1;
    const taskId = `${HOST_TASK_PREFIX}${this.next}`;
    // What the person is shown may be kept and shown again: a secret in the host's question is not.
    const card: PendingRequest = (await this.redaction()).value(confirmCard(request, request.from));
    // A session that ends (or a connection that drops) declines what it still waits for.
    const decline = () => this.pending.declineAll(taskId);
    signal.addEventListener('abort', decline, { once: true });
    this.waiting.set(taskId, { taskId, request: card });
    this.update();
    try {
      const answer = await this.pending.ask(taskId, card, signal);
      return answer.kind === 'confirm' ? answer.answer : 'deny';
    } finally {
      signal.removeEventListener('abort', decline);
      this.waiting.delete(taskId);
      this.update();
    }
  }

  log(line: string): void {
    logInfo('wayfinder bridge', line);
  }

  /** What goes back to the host passes this browser's redaction: its stored secrets never leave it. */
  async redact<T>(value: T): Promise<T> {
    return (await this.redaction()).value(value);
  }

  /** Shows on the toolbar icon whether a host question waits (at the worker's start: none, whatever the last worker left). */
  showWaiting(): void {
    this.update();
  }

  private update(): void {
    // The badge is shared with the feed's count (badge.ts); a question wins.
    showOnBadge({ question: this.waiting.size > 0 });
    this.changed();
  }
}
