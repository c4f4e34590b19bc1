import type { Policy, PolicyDecision, ProposedCall } from '../agent/policy';

// What makes an action sensitive, judged from the control it acts on: spending money,
// deleting, sending, subscribing. Shared by the command interpreter (which never guesses
// on these) and the starter policy (which asks before them). Issue 6's full policy adds
// site permissions, secrets and limits on top.

export type SensitiveKind = 'payment' | 'deletion' | 'message' | 'subscription';

const KINDS: [SensitiveKind, RegExp][] = [
  ['payment', /\b(pay|buy|purchase|place (?:the |my )?order|order now|check ?out|submit payment|confirm (?:purchase|payment|order)|transfer|donate)\b/i],
  ['deletion', /\b(delete|remove|erase|destroy|close (?:my )?account|deactivate)\b/i],
  ['message', /\b(send|publish|post|reply|tweet|share)\b/i],
  ['subscription', /\b(subscribe|unsubscribe|sign me up|renew)\b/i],
];

const WHY: Record<SensitiveKind, string> = {
  payment: 'it may spend money',
  deletion: 'it may delete something that cannot be brought back',
  message: 'it may send or publish something in your name',
  subscription: 'it may sign you up for (or out of) something',
};

/** The kind of consequence a control's name suggests, or null for ordinary controls. */
export function sensitiveKind(name: string): SensitiveKind | null {
  for (const [kind, pattern] of KINDS) if (pattern.test(name)) return kind;
  return null;
}

/** Tools whose target element decides whether they are sensitive (the ones that trigger things). */
const TARGETED = new Set(['click', 'press_key', 'type_text']);

function refOf(input: unknown): string | null {
  if (typeof input !== 'object' || input === null || !('ref' in input)) return null;
  return typeof input.ref === 'string' ? input.ref : null;
}

/** Whether typing submits (Enter) — only then can typing be the sensitive step. */
function submits(call: ProposedCall): boolean {
  if (call.tool !== 'type_text' && call.tool !== 'press_key') return true;
  const input = call.input;
  if (typeof input !== 'object' || input === null) return false;
  if ('submit' in input && input.submit === true) return true;
  return 'keys' in input && typeof input.keys === 'string' && /^enter$/i.test(input.keys.trim());
}

/** Asks before sensitive tools and before acting on controls that pay, delete, send or subscribe. */
export const CONFIRM_SENSITIVE: Policy = {
  async check(call, context): Promise<PolicyDecision> {
    const site = () => context.tabUrl().then((url) => {
      try {
        return new URL(url).host || url;
      } catch {
        return url;
      }
    });
    if (call.risk === 'sensitive') return { decision: 'confirm', question: `Allow ${call.tool.replace(/_/g, ' ')} on ${await site()}?` };
    if (!TARGETED.has(call.tool) || !submits(call)) return { decision: 'allow' };
    const ref = refOf(call.input);
    if (!ref) return { decision: 'allow' };
    const element = await context.element(ref);
    const kind = element ? sensitiveKind(element.name) : null;
    if (!element || !kind) return { decision: 'allow' };
    const verb = call.tool === 'click' ? 'Click' : 'Submit';
    return { decision: 'confirm', question: `${verb} ${element.role} "${element.name}" on ${await site()}? ${WHY[kind].replace(/^./, (c) => c.toUpperCase())}.` };
  },
};
