// The shop's drifted variant (see gym/src/apps/drift.ts): on when the address has ?drift=1,
// and kept on by every in-app link and navigation. Off, every helper returns what the
// original pages use, so they render exactly as before.

import { DRIFT_CLASSES } from './drift-classes';

export const DRIFT = new URLSearchParams(location.search).get('drift') === '1';

/** Class names as the variant spells them. */
export function cls(names: string): string {
  return DRIFT
    ? names
        .split(' ')
        .map((n) => DRIFT_CLASSES[n] ?? n)
        .join(' ')
    : names;
}

/** An element id as the variant spells it. */
export function id(name: string): string {
  return DRIFT ? `dr-${name.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()}` : name;
}

/** An in-app address that keeps the variant. */
export function keepDrift(to: string): string {
  if (!DRIFT) return to;
  const url = new URL(to, location.origin);
  url.searchParams.set('drift', '1');
  return url.pathname + url.search + url.hash;
}
