import type { LocateOutcome, LocatorHits, LocatorQuery } from '../protocol-skills';

// Which element a step's locators point at. Shared by the page script (one document) and
// the driver (which adds up what each frame matched). Locators come best first, so the
// first one that is unique decides; when none is, the element most of them agree on may
// win, and a tie is no answer: replay stops and repairs rather than click a guess.

/** What each locator matched across several documents (frames), added up in order. */
export function mergeHits(parts: LocatorHits[][], count: number): LocatorHits[] {
  const merged: LocatorHits[] = [];
  for (let i = 0; i < count; i++) {
    const hits: LocatorHits = { matches: 0, hidden: 0, refs: [] };
    for (const part of parts) {
      const h = part[i];
      if (!h) continue;
      hits.matches += h.matches;
      hits.hidden += h.hidden;
      hits.refs.push(...h.refs);
    }
    merged.push(hits);
  }
  return merged;
}

export function chooseLocated(locators: LocatorQuery[], hits: LocatorHits[]): LocateOutcome {
  const tried = locators.map((by, i) => ({ by, matches: hits[i]?.matches ?? 0, hidden: hits[i]?.hidden ?? 0 }));
  for (let i = 0; i < locators.length; i++) {
    const by = locators[i];
    const h = hits[i];
    const ref = h?.refs[0];
    if (by && h?.matches === 1 && ref) return { ref, by, matches: 1 };
  }
  // No unique locator: count how many locators point at each element.
  const votes = new Map<string, number>();
  hits.forEach((h) => new Set(h.refs).forEach((ref) => votes.set(ref, (votes.get(ref) ?? 0) + 1)));
  let best: string | null = null;
  let bestVotes = 0;
  let tie = false;
  for (const [ref, n] of votes) {
    if (n > bestVotes) {
      best = ref;
      bestVotes = n;
      tie = false;
    } else if (n === bestVotes) tie = true;
  }
  if (best && bestVotes >= 2 && !tie) {
    const i = hits.findIndex((h) => h.refs.includes(best));
    const by = locators[i];
    if (by) return { ref: best, by, matches: hits[i]?.matches ?? 0 };
  }
  return { ref: null, tried };
}
