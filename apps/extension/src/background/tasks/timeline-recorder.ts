import type { AgentEvent, Browser, Redaction } from '@wayfinder/core';
import { logError } from '../../lib/log';
import type { Db, TimelineItem } from '../../lib/db';
import type { PanelHub } from '../panel-hub';

// A task's timeline: every event goes to the panels as it happens and into IndexedDB, in
// order; the model's streamed words are stored once per step, and after each action that
// succeeded a small picture of the page (when the person wants them). Every string in an
// event (addresses, titles, questions, results) is redacted before it goes anywhere: by the
// task's redaction (the worker's one, lib/redaction.ts) for the panels, by the store for
// what it keeps (lib/db.ts: addEvent).

export interface RecordedTask {
  taskId: string;
  conversationId: string;
  browser: Browser;
  /** Tools whose results get a picture. */
  pictured: ReadonlySet<string>;
  screenshots: boolean;
  /** The worker's one redaction, as the task began with it (its policy notes typed passwords there). */
  redaction: Redaction;
}

export class TimelineRecorder {
  /** Streamed text of the current step, kept until the step's model call ends. */
  private text = '';
  /** Writes and pictures, in order. */
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: () => Promise<Db>,
    private readonly hub: PanelHub,
    private readonly task: RecordedTask,
  ) {}

  record(raw: AgentEvent): void {
    const { taskId, conversationId } = this.task;
    // What the panels show as it happens passes the task's redaction; what is kept, the store's (lib/db.ts).
    this.hub.broadcast({ type: 'timeline', taskId, conversationId, item: this.task.redaction.value(raw) });
    if (raw.type === 'text-delta') {
      this.text += raw.delta;
      return;
    }
    const items: TimelineItem[] = [];
    if (this.text) {
      // Kept whole, so it is redacted whole: a secret could come split across two pieces of the stream.
      items.push({ type: 'text-delta', step: 'step' in raw && typeof raw.step === 'number' ? raw.step : 0, delta: this.text });
      this.text = '';
    }
    items.push(raw);
    this.chain = this.chain
      .then(async () => {
        const db = await this.db();
        for (const item of items) await db.addEvent(taskId, item);
        if (raw.type === 'tool-result' && raw.ok && this.task.screenshots && this.task.pictured.has(raw.name)) await this.picture(raw.step);
      })
      .catch((error: unknown) => logError('wayfinder: could not record the timeline', error));
  }

  /** Resolves when everything recorded so far is stored. */
  settled(): Promise<void> {
    return this.chain.catch(() => undefined);
  }

  private async picture(step: number): Promise<void> {
    try {
      const tab = await this.task.browser.activeTab();
      // Large enough to read when opened full size in the panel (about 640 px wide from a 1280 px window).
      const shot = await tab.screenshot({ format: 'jpeg', quality: 60, scale: 0.5 });
      const item: TimelineItem = { type: 'thumbnail', step, data: shot.data, mimeType: shot.mimeType };
      await (await this.db()).addEvent(this.task.taskId, item);
      this.hub.broadcast({ type: 'timeline', taskId: this.task.taskId, conversationId: this.task.conversationId, item });
    } catch {
      // A page that closed or navigated away: no picture for this step.
    }
  }
}
