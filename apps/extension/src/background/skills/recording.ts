import { SkillRecorder } from '@wayfinder/cdp';
import { ExtensionBrowser, type TabRegistry } from '@wayfinder/cdp/extension';
import { covers, nameSkill, siteOf, skillFromRecording, type RecordedEvent, type Skill } from '@wayfinder/core';
import { logError } from '../../lib/log';
import { slotFor } from '../../lib/models';
import type { CurrentRedaction } from '../../lib/redaction';
import { loadSecrets } from '../../lib/safety-store';
import { loadSettings } from '../../lib/settings';
import { RECORDING_KEY, type RecordingStatus } from '../../lib/skill-messages';
import type { SkillsDb, StoredSkill } from '../../lib/skills-db';

// "Record a skill" from the panel: the driver's SkillRecorder on the tab the person is in
// (and the tabs it opens), through a browser of its own (chrome.debugger on those tabs).
// What is recorded is written to chrome.storage.local as it comes, with a small status
// every panel shows. The recorder itself cannot outlive the worker: an attached debugger
// keeps Chrome from stopping it, but if it is stopped anyway (or the browser restarts), the
// events so far are kept, the status says it is no longer live, and Stop still makes the
// skill of them. Password and payment fields arrive without their values (the page script
// never sends them); what is kept passes the worker's one redaction as well (a stored secret
// typed into a text field is kept as its placeholder). With a model set up (the main one;
// the command interpreter names nothing), Stop has it title the skill — unless the person
// named it — name its inputs and describe it, as `wayfinder skill record` does; the model is
// shown the recording redacted and fenced (core skills/naming.ts), and a model that fails
// leaves the page's title and the fields' names.

/** How long Stop waits for the model's names before keeping the recorded ones. */
const NAMING_TIMEOUT_MS = 30_000;

const EVENTS_KEY = 'skills.recordingEvents';

async function stored<T>(key: string, read: (value: unknown) => T | null): Promise<T | null> {
  const all: Record<string, unknown> = await chrome.storage.local.get(key);
  return read(all[key]);
}

function isStatus(value: unknown): value is RecordingStatus {
  return typeof value === 'object' && value !== null && 'startedAt' in value && 'tabId' in value && 'steps' in value;
}

function isEvents(value: unknown): value is RecordedEvent[] {
  return Array.isArray(value) && value.every((e) => typeof e === 'object' && e !== null && 'kind' in e);
}

function defaultName(status: RecordingStatus): string {
  const title = status.title.trim();
  if (title) return title.length > 60 ? `${title.slice(0, 59)}…` : title;
  return `Skill on ${siteOf(status.url) || 'a page'}`;
}

export class SkillRecording {
  private recorder: SkillRecorder | null = null;
  private browser: ExtensionBrowser | null = null;
  private events: RecordedEvent[] = [];
  private status: RecordingStatus | null = null;
  private noteWaiters: (() => void)[] = [];
  /** Writes to storage, in order. */
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly skills: () => Promise<SkillsDb>,
    /** Opens the Skills page on a skill (a new tab). */
    private readonly showSkill: (id: string) => Promise<void>,
    /** The worker's record of the tabs the extension opened (the recorder's browser shares it). */
    private readonly registry: TabRegistry,
    private readonly redaction: CurrentRedaction,
  ) {}

  /** Keeps the recording so far in chrome.storage.local, redacted. */
  private async keep(status: RecordingStatus | null, events: RecordedEvent[]): Promise<void> {
    const redaction = await this.redaction();
    await chrome.storage.local.set({ [RECORDING_KEY]: redaction.value(status), [EVENTS_KEY]: redaction.value(events) });
  }

  /** The recording under way (one a stopped worker left is not live), or null. */
  async current(): Promise<RecordingStatus | null> {
    if (this.status) return this.status;
    const left = await stored(RECORDING_KEY, (v) => (isStatus(v) ? v : null));
    return left ? { ...left, live: false } : null;
  }

  async start(): Promise<RecordingStatus> {
    if (await this.current())
      throw new Error('A recording is already under way (or was left by a restart): stop it or cancel it before starting another.');
    const browser = new ExtensionBrowser({ tabs: chrome.tabs, debugger: chrome.debugger }, { registry: this.registry });
    const chosen = await browser.startingTab();
    if (chosen?.id === undefined) throw new Error('Open the web page where the task starts, then press Record a skill again.');
    try {
      const tab = await browser.tab(chosen.id);
      const info = await tab.info();
      const recorder = new SkillRecorder(browser.forRecording(), { onEvent: (event) => this.recorded(event) });
      this.browser = browser;
      this.recorder = recorder;
      this.events = [];
      this.status = { startedAt: Date.now(), tabId: chosen.id, url: info.url, title: info.title, steps: 0, notes: 0, live: true };
      this.persist();
      await recorder.start(tab);
      return this.status;
    } catch (error) {
      this.recorder = null;
      this.status = null;
      this.browser = null;
      await browser.detachAll().catch(() => undefined);
      await this.clear();
      throw error;
    }
  }

  private recorded(event: RecordedEvent): void {
    if (!this.status) return;
    this.events.push(event);
    this.status = { ...this.status, steps: stepsOf(this.events), notes: this.events.filter((e) => e.kind === 'note').length };
    this.persist();
    if (event.kind === 'note') for (const resolve of this.noteWaiters.splice(0)) resolve();
  }

  private persist(): void {
    const status = this.status;
    const events = [...this.events];
    this.writes = this.writes
      .then(() => this.keep(status, events))
      .catch((error: unknown) => logError('wayfinder: could not keep the recording so far', error));
  }

  private async clear(): Promise<void> {
    await this.writes;
    await chrome.storage.local.remove([RECORDING_KEY, EVENTS_KEY]);
  }

  /** A note for the step just recorded (or the first one, before any). */
  async note(text: string): Promise<RecordingStatus> {
    const note: RecordedEvent = { kind: 'note', text: text.trim() };
    if (this.recorder && this.status) {
      // The recorder adds it in its own order: the status counts it once it is there.
      const arrived = new Promise<void>((resolve) => this.noteWaiters.push(resolve));
      this.recorder.note(note.text);
      await arrived;
      return this.status;
    }
    const left = await this.leftOver();
    if (!left) throw new Error('Nothing is being recorded; press Record a skill first.');
    const events = [...left.events, note];
    const status: RecordingStatus = { ...left.status, steps: stepsOf(events), notes: left.status.notes + 1, live: false };
    await this.writes;
    await this.keep(status, events);
    return status;
  }

  private async leftOver(): Promise<{ status: RecordingStatus; events: RecordedEvent[] } | null> {
    const status = await stored(RECORDING_KEY, (v) => (isStatus(v) ? v : null));
    if (!status) return null;
    return { status, events: (await stored(EVENTS_KEY, (v) => (isEvents(v) ? v : null))) ?? [] };
  }

  /**
   * Ends the recording everywhere; returns its status and events (null when none was under way).
   * `keep`: what was recorded stays stored (the panel's bar with it) until the caller clears it.
   */
  private async end(keep = false): Promise<{ status: RecordingStatus; events: RecordedEvent[] } | null> {
    const recorder = this.recorder;
    const browser = this.browser;
    const live = this.status;
    const result = recorder && live ? { status: live, events: await recorder.stop().catch(() => this.events) } : await this.leftOver();
    this.recorder = null;
    this.browser = null;
    this.status = null;
    this.events = [];
    for (const resolve of this.noteWaiters.splice(0)) resolve();
    await browser?.detachAll().catch(() => undefined);
    if (!keep) await this.clear();
    return result;
  }

  /**
   * Stops, makes the skill (inputs inferred, passwords as secrets by name, named by the model
   * when one is set up), stores it and opens it on the Skills page. `naming`: what the model did.
   */
  async stop(name?: string): Promise<{ saved: StoredSkill; naming: string | null }> {
    // What was recorded stays stored (and the panel's bar, saying "Saving…") until the skill is:
    // a worker stopped while the model names it loses nothing, and Stop can make it again.
    const ended = await this.end(true);
    if (!ended) throw new Error('Nothing is being recorded; press Record a skill first.');
    try {
      const secrets = await loadSecrets();
      const recorded: Skill = skillFromRecording(ended.events, {
        name: name || defaultName(ended.status),
        secretsFor: (site) => secrets.filter((s) => covers(s.site, site)).map((s) => s.name),
      });
      if (recorded.steps.length === 0)
        throw new Error('Nothing was recorded, so no skill was made. Do the task in the page while recording.');
      const { skill, naming } = await this.named(recorded, !name);
      const saved = await (await this.skills()).put(skill);
      await this.showSkill(saved.id).catch((error: unknown) => logError('wayfinder: could not open the Skills page', error));
      return { saved, naming };
    } finally {
      await this.clear();
    }
  }

  /** The skill as the main model names it, or as recorded (saying why) when there is none or it fails. */
  private async named(skill: Skill, retitle: boolean): Promise<{ skill: Skill; naming: string | null }> {
    const settings = await loadSettings();
    const choice = settings.roles.actor;
    if (choice.provider === 'command') return { skill, naming: null };
    let label: string = choice.provider;
    try {
      const slot = slotFor(settings, choice);
      label = slot.label;
      const named = await nameSkill(slot, skill, await this.redaction(), { retitle, signal: AbortSignal.timeout(NAMING_TIMEOUT_MS) });
      return { skill: named, naming: `Named by ${label}.` };
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      logError('wayfinder: the model could not name the recorded skill', error);
      const kept = retitle ? "the page's title and the fields' names" : "the fields' names";
      return { skill, naming: `${label} could not name it (${why.slice(0, 200)}); it keeps ${kept}.` };
    }
  }

  async cancel(): Promise<boolean> {
    return (await this.end()) !== null;
  }
}

/** Steps a recording would make now. */
function stepsOf(events: RecordedEvent[]): number {
  try {
    return skillFromRecording(events, { name: 'recording', secretsFor: () => [] }).steps.length;
  } catch {
    return events.length;
  }
}
