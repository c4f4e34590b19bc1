import type { RiskClass } from '../tools/define';

// Every tool call passes through a policy before it runs; nothing the model writes can
// skip it. The safety work fills this in (site permissions, confirmations, limits); the
// default here allows everything.

export interface ProposedCall {
  tool: string;
  input: unknown;
  risk: RiskClass;
}

export type PolicyDecision =
  | { decision: 'allow' }
  | { decision: 'deny'; reason: string }
  | { decision: 'confirm'; question: string };

export interface PolicyContext {
  /** The address of the tab the call acts in. */
  tabUrl(): Promise<string>;
  /** The element a ref names on that page (role and name), or null when it is not there. */
  element(ref: string): Promise<{ role: string; name: string } | null>;
}

export interface Policy {
  check(call: ProposedCall, context: PolicyContext): Promise<PolicyDecision> | PolicyDecision;
}

export const ALLOW_ALL: Policy = { check: () => ({ decision: 'allow' }) };
