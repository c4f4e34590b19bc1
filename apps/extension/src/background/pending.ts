import type { ConfirmRequest } from '@wayfinder/core';
import type { Db, PendingRequest } from '../lib/db';
import { declined, type Answer } from '../lib/messages';
import type { CurrentRedaction } from '../lib/redaction';
import type { PanelHub } from './panel-hub';

// What running tasks wait for from the person (a question, a plan, a confirmation, a page
// dialog): redacted (a page's address, a dialog's words), stored, so a reopened panel
// shows it, and pushed to the panels; the answer
// comes back through the router. Only the waiting callbacks live here: they cannot be
// stored, and a restarted worker asks again.

/** An id for a conversation, task or request: its kind's letter, the time, and chance. */
export function newId(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e9).toString(36)}`;
}

/** The card a policy's confirmation puts in the panel; `from` names who asks when it is not the panel's own task (the host). */
export function confirmCard(request: ConfirmRequest & { tool: string }, from?: string): Extract<PendingRequest, { kind: 'confirm' }> {
  return {
    id: newId('r'),
    kind: 'confirm',
    question: request.question,
    tool: request.tool,
    site: request.site,
    choices: request.choices,
    reason: request.kind,
    ...(from === undefined ? {} : { from }),
  };
}

export class PendingRequests {
  private readonly waiters = new Map<string, { taskId: string; kind: PendingRequest['kind']; resolve: (answer: Answer) => void }>();

  constructor(
    private readonly db: () => Promise<Db>,
    private readonly hub: PanelHub,
    private readonly redaction: CurrentRedaction,
  ) {}

  /** Puts a request to the person and waits for the answer; a stopped task gets the safe answer at once. */
  async ask(taskId: string, request: PendingRequest, signal: AbortSignal): Promise<Answer> {
    const pending = (await this.redaction()).value(request);
    const db = await this.db();
    await db.setPending(taskId, pending);
    this.hub.broadcast({ type: 'pending', taskId, request: pending });
    // A question withdrawn while it waits (its task ended or stopped first) goes off screen with the safe answer.
    const answer = signal.aborted
      ? declined(pending.kind)
      : await new Promise<Answer>((resolve) => {
          const withdraw = () => resolve(declined(pending.kind));
          signal.addEventListener('abort', withdraw, { once: true });
          this.waiters.set(pending.id, {
            taskId,
            kind: pending.kind,
            resolve: (given) => {
              signal.removeEventListener('abort', withdraw);
              resolve(given);
            },
          });
        });
    this.waiters.delete(pending.id);
    await db.setPending(taskId, null);
    this.hub.broadcast({ type: 'pending', taskId, request: null });
    return answer;
  }

  /** Delivers an answer; false when nothing waits for it (answered already, or the task ended). */
  answer(taskId: string, requestId: string, answer: Answer): boolean {
    const waiter = this.waiters.get(requestId);
    if (waiter?.taskId !== taskId) return false;
    waiter.resolve(answer);
    return true;
  }

  /** A stopped task: everything it waits for gets the safe answer. */
  declineAll(taskId: string): void {
    for (const waiter of [...this.waiters.values()]) if (waiter.taskId === taskId) waiter.resolve(declined(waiter.kind));
  }
}
