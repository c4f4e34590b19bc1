import type { ElementFacts, PageRequest } from '../browser/port';
import type { Effect } from './effects';

// Every tool call passes through a policy before it runs (runner/runner.ts); nothing the
// model writes can skip it. `SafetyPolicy` (policy/safety.ts) is the real one; `ALLOW_ALL`
// is for tests and benchmarks of the loop itself.

/** How much a call can do, derived from its effects (riskOf): nothing declares it separately. */
export type RiskClass = 'observe' | 'act' | 'sensitive';

export interface ProposedCall {
  tool: string;
  input: unknown;
  /** What the call does, as the tool declares it (policy/effects.ts): what the policy judges. */
  effects: Effect[];
}

/**
 * What a confirmation is about (the host shows it; tests and logs read it). `page-code`:
 * running code the model wrote in the page (execute_page_code), asked every time, never remembered.
 */
export const CONFIRM_KINDS = [
  'payment',
  'payment-field',
  'deletion',
  'message',
  'subscription',
  'password',
  'download',
  'upload',
  'new-site',
  'tool',
  'memory',
  'page-code',
] as const;

export type ConfirmKind = (typeof CONFIRM_KINDS)[number];

export interface ConfirmRequest {
  question: string;
  kind: ConfirmKind;
  /** The site the action is on (or goes to). */
  site: string;
  /**
   * `once`: allow once or deny. `site`: once, always or never (a site permission). `done`: the
   * person does something in the page first, then says Done (`once`) or Skip (`deny`) — never
   * answered for them (no flag, no "for this task").
   */
  choices: 'once' | 'site' | 'done';
}

export type PolicyDecision = { decision: 'allow' } | { decision: 'deny'; reason: string } | ({ decision: 'confirm' } & ConfirmRequest);

/**
 * The person's answer: `always`/`never` only for site questions; `task` (allow, and do not
 * ask this kind of question about this site again in this task) for the others that offer it
 * (offersTask: not for code to run in a page, which is read every time).
 */
export const CONFIRM_ANSWERS = ['once', 'task', 'always', 'never', 'deny'] as const;
export type ConfirmAnswer = (typeof CONFIRM_ANSWERS)[number];

/** Whether a value from elsewhere (a browser's reply, a client's choice) is one of the answers. */
export function isConfirmAnswer(value: unknown): value is ConfirmAnswer {
  return CONFIRM_ANSWERS.some((answer) => answer === value);
}

/** Whether the answer lets the action go ahead. */
export function allows(answer: ConfirmAnswer): boolean {
  return answer === 'once' || answer === 'task' || answer === 'always';
}

/** Whether a question offers "Allow for this task": a yes/no question, except code to run in a page (read every time). */
export function offersTask(request: { choices: ConfirmRequest['choices']; kind: string }): boolean {
  return request.choices === 'once' && request.kind !== 'page-code';
}

export interface PolicyContext {
  /** The address of the tab the call acts in. */
  tabUrl(): Promise<string>;
  /** What a ref is on that page (role, name, attributes, form), or null when it is not there. */
  element(ref: string): Promise<ElementFacts | null>;
  /** What has keyboard focus on that page (where a key pressed without a ref lands), or null. */
  focused(): Promise<ElementFacts | null>;
}

export interface Policy {
  check(call: ProposedCall, context: PolicyContext): Promise<PolicyDecision> | PolicyDecision;
  /** Told what the person answered to a confirmation (so "always" and "never" are kept). */
  answered?(call: ProposedCall, request: ConfirmRequest, answer: ConfirmAnswer): Promise<void> | void;
  /** Told that an allowed call ran (for counting navigations, tabs and browsing). */
  ran?(call: ProposedCall, ok: boolean): void;
  /** The task begins on this page (its site is one the task may use). */
  begin?(url: string): void;
  /**
   * Judges a request the browser is about to make in the task's tabs — a page load, a
   * redirect, a frame, anything a page fetches — whoever caused it.
   */
  request?(request: PageRequest): Promise<PolicyDecision> | PolicyDecision;
  /** Whether the page's site lets the agent offer page code (execute_page_code); absent: never. */
  pageCode?(url: string): boolean;
}

export const ALLOW_ALL: Policy = { check: () => ({ decision: 'allow' }) };
