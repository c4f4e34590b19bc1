import type { CheckResult, GymSnapshot, SkillVariant } from '@wayfinder/gym';

// The main set's replays with new inputs (written alongside the skills code; the held-out
// bakery's variants live with its tasks in gym/src/skill-tasks.ts, written without it). Each
// changes which record the skill acts on, and its checker looks for that record only.

const pass = (reason: string): CheckResult => ({ ok: true, reason });
const failed = (reason: string): CheckResult => ({ ok: false, reason });

/** Exactly this member deleted. */
function deletedOnly(name: string) {
  return (s: GymSnapshot): CheckResult => {
    const names = s.admin.deleted.map((u) => u.name);
    return names.length === 1 && names[0] === name
      ? pass(`${name} deleted, nobody else.`)
      : failed(`Should delete ${name} only; deleted ${names.join(', ') || 'nobody'}.`);
  };
}

/** A variant whose right outcome is that the replay stops (and its checker says nothing was done). */
export interface BenchVariant extends SkillVariant {
  stops?: boolean;
}

export const OWN_VARIANTS: Record<string, BenchVariant[]> = {
  // The filter typed decides the row: the first member the filter shows is deleted.
  'admin-delete-user': [
    // The recording filtered "Alan" and deleted Alan Turing (the second row): a filter naming one member deletes that member…
    { replace: { Alan: 'Shafi' }, check: deletedOnly('Shafi Goldwasser'), note: 'filter "Shafi": the one member it shows' },
    // …and one that shows two members deletes nobody: the replay stops rather than guess.
    {
      replace: { Alan: 'Grace' },
      stops: true,
      check: (s) =>
        s.admin.deleted.length ? failed(`Deleted ${s.admin.deleted.map((u) => u.name).join(', ')} on a guess.`) : pass('Nobody deleted.'),
      note: 'filter "Grace": two members, no guess',
    },
  ],
  'signup-create': [
    {
      replace: { 'Grace Hopper': 'Hedy Lamarr', 'grace@example.org': 'hedy@example.org' },
      check: (s) => {
        const account = s.signup.accounts.find((a) => a.email === 'hedy@example.org');
        return account?.fullName === 'Hedy Lamarr' && account.plan === 'pro'
          ? pass('Account for Hedy Lamarr on the Pro plan.')
          : failed(`No Pro account for Hedy Lamarr (accounts: ${s.signup.accounts.map((a) => a.email).join(', ') || 'none'}).`);
      },
      note: 'another person signs up',
    },
  ],
  'shop-checkout-lantern': [
    {
      replace: { 'Ada Lovelace': 'Grace Hopper', London: 'Arlington' },
      check: (s) => {
        const order = s.shop.orders.find((o) => o.shipping.fullName === 'Grace Hopper');
        return order?.shipping.city === 'Arlington' && order.lines.some((l) => l.productId === 'trail-lantern')
          ? pass(`Order ${order.id} ships a Trail Lantern to Grace Hopper in Arlington.`)
          : failed(
              `No lantern order for Grace Hopper in Arlington (orders: ${s.shop.orders.map((o) => `${o.id} ${o.shipping.fullName ?? ''}`).join(', ') || 'none'}).`,
            );
      },
      note: 'shipped to someone else',
    },
  ],
};

/**
 * Tasks replayed a second time without a reset: the server gives their submission the next
 * id (tasks that only fill a basket are left out: a second run rightly puts a second one in).
 */
export const RUN_AGAIN = new Set(['shop-checkout-lantern', 'bakery-preorder', 'bakery-two-orders']);
