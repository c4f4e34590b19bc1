import type { PageRequest, RequestGuard, RequestVerdict, Tab } from '../browser/port';
import { allows, type ConfirmAnswer, type ConfirmRequest, type Policy, type PolicyContext, type ProposedCall } from './types';

// The one gate (docs/ARCHITECTURE.md, "One gate"): check → ask → answered → run, for every
// effect anyone asks of a browser — a model's tool call through the ToolRunner, a host's call
// through the bridge's device endpoint, a request a page makes in a task's tabs. The policy
// decides; when it asks, the question goes to the person (one at a time), their answer is
// told back to the policy (so "always" and "never" are kept), and a refusal is final. No
// other code puts a policy's question to a person or decides on its answer.

/** What the gate tells its owner about questions (the agent passes them on as events). */
export type ConfirmationEvent =
  | ({ type: 'confirmation-needed'; tool: string; input: unknown } & ConfirmRequest)
  /**
   * `unanswered`: nobody answered in time (GateOptions.answerWithinMs), so it was declined.
   * `withdrawn`: the task was stopped (the gate closed) while it was open — nobody declined it.
   */
  | { type: 'confirmation-answered'; tool: string; answer: ConfirmAnswer; unanswered?: true; withdrawn?: true };

/** A question as it goes to the person: the policy's question, and the call it is about. */
export type GateQuestion = ConfirmRequest & { tool: string; input: unknown };

/** Asks the person; `signal` aborts when the gate closes (the question is withdrawn: answer 'deny'). */
export type AskPerson = (question: GateQuestion, signal: AbortSignal) => Promise<ConfirmAnswer>;

export interface GateOptions {
  policy: Policy;
  /** Puts a question to the person; without it, every question is declined. */
  ask?: AskPerson;
  onEvent?: (event: ConfirmationEvent) => void;
  /**
   * A question nobody answers within this long is withdrawn and declined (a person who walked
   * away: the call does not run, a held request fails, and the task goes on or ends). Default:
   * it waits as long as the gate is open.
   */
  answerWithinMs?: number;
}

/** The reason a call or request was refused when nobody answered its question in time. */
export function unansweredReason(ms: number, question: string): string {
  const minutes = ms / 60_000;
  const time = minutes >= 1 ? `${Math.round(minutes * 10) / 10} min` : ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
  return `nobody answered within ${time}, so it was declined: ${question}`;
}

export type GateVerdict =
  | { allowed: true }
  /** `by`: the policy's rule, or the person's answer. `reason`: the rule, or the question declined (page text in it unquoted). */
  | { allowed: false; by: 'policy' | 'person'; reason: string };

/** Whether the person said no (for now, or for good). */
export function declined(answer: ConfirmAnswer): boolean {
  return !allows(answer);
}

/** A call as the policy judges it: the effects a tool (or a host's method) declares for this input. */
export function proposedCall(tool: string, input: unknown, effects: ProposedCall['effects']): ProposedCall {
  return { tool, input, effects };
}

export class Gate {
  /** Questions go to the person one at a time (a page's request can arrive while a call waits). */
  private asking: Promise<unknown> = Promise.resolve();
  /** Aborted when the gate closes: questions still open are withdrawn, and later ones are declined at once. */
  private readonly closing = new AbortController();

  constructor(private readonly options: GateOptions) {}

  get policy(): Policy {
    return this.options.policy;
  }

  /** Aborts when the gate closes (for questions asked on its behalf elsewhere). */
  get signal(): AbortSignal {
    return this.closing.signal;
  }

  /** Whether the gate was closed (the task ended, was stopped, or the session closed). */
  get closed(): boolean {
    return this.closing.signal.aborted;
  }

  /**
   * Ends the gate's work: a question still open is withdrawn (answered 'deny'), and every later
   * question and request is refused. A request held for an answer therefore fails, never goes.
   */
  close(): void {
    this.closing.abort();
  }

  /**
   * Asks the person, after any question already being asked. `withdrawn`: the gate closed
   * before they answered — a question never shown, or one taken down by Stop — which is
   * nobody's "no" (the record does not count it as declined, and the policy is not told).
   */
  private ask(
    question: ConfirmRequest,
    tool: string,
    input: unknown,
  ): Promise<{ answer: ConfirmAnswer; unanswered: boolean; withdrawn: boolean }> {
    const { ask, onEvent, answerWithinMs } = this.options;
    const signal = this.closing.signal;
    const next = this.asking.then(async () => {
      if (signal.aborted) return { answer: 'deny' as const, unanswered: false, withdrawn: true };
      onEvent?.({ type: 'confirmation-needed', tool, input, ...question });
      // This question's own signal: aborted only if the gate closes while it is open (then it is withdrawn).
      const open = new AbortController();
      const withdraw = () => open.abort();
      signal.addEventListener('abort', withdraw, { once: true });
      // Nobody answering in time withdraws it too.
      const timing = { ranOut: false };
      const expiry =
        ask && answerWithinMs
          ? setTimeout(() => {
              timing.ranOut = true;
              open.abort();
            }, answerWithinMs)
          : undefined;
      let answer: ConfirmAnswer = 'deny';
      try {
        if (ask) answer = await withdrawable(ask({ ...question, tool, input }, open.signal), open.signal);
      } finally {
        clearTimeout(expiry);
        signal.removeEventListener('abort', withdraw);
      }
      const unanswered = timing.ranOut;
      // Read afresh: the gate may have closed while the question was open.
      const withdrawn = this.closed;
      onEvent?.({
        type: 'confirmation-answered',
        tool,
        answer,
        ...(withdrawn ? { withdrawn: true as const } : unanswered ? { unanswered: true as const } : {}),
      });
      return { answer, unanswered, withdrawn };
    });
    this.asking = next.catch(() => undefined);
    return next;
  }

  /**
   * Check → ask → answered: whether the call may run. `checked` is called once the policy has
   * judged the call, before any question (a caller records the call then: see ToolRunner).
   */
  async check(proposed: ProposedCall, context: PolicyContext, checked?: () => void): Promise<GateVerdict> {
    if (this.closed) return { allowed: false, by: 'policy', reason: 'the task has ended.' };
    const { policy } = this.options;
    const verdict = await policy.check(proposed, context);
    checked?.();
    if (verdict.decision === 'deny') return { allowed: false, by: 'policy', reason: verdict.reason };
    if (verdict.decision === 'allow') return { allowed: true };
    const question = questionOf(verdict);
    const { answer, unanswered, withdrawn } = await this.ask(question, proposed.tool, proposed.input);
    if (withdrawn) return { allowed: false, by: 'policy', reason: 'the task was stopped before this was answered.' };
    await policy.answered?.(proposed, question, answer);
    if (unanswered) return { allowed: false, by: 'person', reason: unansweredReason(this.options.answerWithinMs ?? 0, verdict.question) };
    return declined(answer) ? { allowed: false, by: 'person', reason: verdict.question } : { allowed: true };
  }

  /**
   * Asks the person something the policy has no rule for but the caller must not do unasked
   * (a fix to a risky skill): in turn with the gate's other questions, withdrawn when the
   * gate closes, declined when nobody answers in time. The policy is not told.
   */
  async confirm(question: ConfirmRequest, tool: string, input: unknown): Promise<GateVerdict> {
    if (this.closed) return { allowed: false, by: 'policy', reason: 'the task has ended.' };
    const { answer, unanswered, withdrawn } = await this.ask(question, tool, input);
    if (withdrawn) return { allowed: false, by: 'policy', reason: 'the task was stopped before this was answered.' };
    if (unanswered) return { allowed: false, by: 'person', reason: unansweredReason(this.options.answerWithinMs ?? 0, question.question) };
    return declined(answer) ? { allowed: false, by: 'person', reason: question.question } : { allowed: true };
  }

  /** Runs an allowed call, telling the policy how it went (for its counts). */
  async run<T>(proposed: ProposedCall, work: () => Promise<T>, ok: (value: T) => boolean = () => true): Promise<T> {
    try {
      const value = await work();
      this.options.policy.ran?.(proposed, ok(value));
      return value;
    } catch (error) {
      this.options.policy.ran?.(proposed, false);
      throw error;
    }
  }

  /**
   * Judges a request the browser is about to make in the gate's tabs (a page load, a
   * redirect, a frame, what a page fetches): the policy decides, the person answers when it
   * asks. Once the gate is closed, every request is refused (a held one fails, never goes).
   */
  async request(request: PageRequest): Promise<RequestVerdict> {
    if (this.closed) return { allow: false, reason: 'the task has ended.' };
    const { policy } = this.options;
    const verdict = (await policy.request?.(request)) ?? { decision: 'allow' };
    if (verdict.decision === 'allow') return { allow: true };
    if (verdict.decision === 'deny') return { allow: false, reason: verdict.reason };
    const question = questionOf(verdict);
    const input = { url: request.url, method: request.method };
    const { answer, unanswered, withdrawn } = await this.ask(question, 'page', input);
    // The gate may have closed while the question was open: nobody answered it.
    if (withdrawn) return { allow: false, reason: 'the task ended before the person answered.' };
    const proposed = proposedCall('page', input, [{ kind: 'open', url: request.url, target: 'this-tab' }]);
    await policy.answered?.(proposed, question, answer);
    if (unanswered) return { allow: false, reason: unansweredReason(this.options.answerWithinMs ?? 0, verdict.question) };
    return declined(answer) ? { allow: false, reason: `the person declined: ${verdict.question}` } : { allow: true };
  }

  /** The gate's request judgement as the browser port's guard. */
  get guard(): RequestGuard {
    return (request) => this.request(request);
  }
}

/** The question a policy's `confirm` decision puts to the person. */
function questionOf({ question, kind, site, choices }: ConfirmRequest): ConfirmRequest {
  return { question, kind, site, choices };
}

/** The person's answer, or 'deny' as soon as the gate closes (the question is withdrawn). */
function withdrawable(answer: Promise<ConfirmAnswer>, signal: AbortSignal): Promise<ConfirmAnswer> {
  if (signal.aborted) return Promise.resolve('deny');
  return new Promise((resolve) => {
    const withdraw = () => resolve('deny');
    signal.addEventListener('abort', withdraw, { once: true });
    answer.then(
      (value) => {
        signal.removeEventListener('abort', withdraw);
        resolve(value);
      },
      () => {
        signal.removeEventListener('abort', withdraw);
        resolve('deny');
      },
    );
  });
}

/** A request guard from a policy and a way to ask the person (for a host, before its task starts). */
export function requestGuard(policy: Policy, ask: AskPerson): RequestGuard {
  return new Gate({ policy, ask }).guard;
}

/** What the policy may ask about the page a call acts on, from the tab it acts in (none: an empty page). */
export function tabContext(tab: () => Promise<Tab | null>): PolicyContext {
  const of = async <T>(read: (t: Tab) => Promise<T>, none: T): Promise<T> => {
    try {
      const t = await tab();
      return t ? await read(t) : none;
    } catch {
      return none;
    }
  };
  return {
    tabUrl: async () => {
      const t = await tab();
      return t ? (await t.info()).url : '';
    },
    element: (ref) => of((t) => t.describe(ref), null),
    focused: () => of((t) => t.describeFocused(), null),
  };
}
