import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OWN_TAB_GRACE_MS, TabRegistry } from './tab-registry';

// A blank tab with no opener during a task is held until it is known: one the extension
// opened itself is freed as soon as it says so (before or after the tab is reported); any
// other is taken for a page's popup once the grace time is over. A closed tab is forgotten.

function registry() {
  const removed = new Set<(tabId: number) => void>();
  const tabs = new TabRegistry({
    onRemoved: { addListener: (l) => removed.add(l), removeListener: (l) => removed.delete(l) },
  });
  return { tabs, close: (tabId: number) => removed.forEach((l) => l(tabId)), listeners: () => removed.size };
}

/** What happened to a held tab: freed (as the extension's own) or taken for a popup. */
function watch() {
  const seen: string[] = [];
  return {
    seen,
    free: () => {
      seen.push('freed');
      return Promise.resolve();
    },
    popup: () => seen.push('popup'),
  };
}

describe('the tab registry', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('frees at once a tab the extension said it opened', async () => {
    const { tabs } = registry();
    await tabs.markOpenedHere(7);
    const held = watch();
    tabs.whenKnown(7, held.free, held.popup);
    expect(held.seen).toEqual(['freed']);
    vi.advanceTimersByTime(OWN_TAB_GRACE_MS * 2);
    expect(held.seen).toEqual(['freed']);
  });

  it('frees a held tab when the extension claims it within the grace time, for every browser holding it', async () => {
    const { tabs } = registry();
    const first = watch();
    const second = watch();
    tabs.whenKnown(7, first.free, first.popup);
    tabs.whenKnown(7, second.free, second.popup);
    vi.advanceTimersByTime(OWN_TAB_GRACE_MS - 50);
    await tabs.markOpenedHere(7);
    vi.advanceTimersByTime(OWN_TAB_GRACE_MS);
    expect(first.seen).toEqual(['freed']);
    expect(second.seen).toEqual(['freed']);
  });

  it('takes a tab nobody claims for a popup after the grace time, and not before', async () => {
    const { tabs } = registry();
    const held = watch();
    tabs.whenKnown(8, held.free, held.popup);
    vi.advanceTimersByTime(OWN_TAB_GRACE_MS - 1);
    expect(held.seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(held.seen).toEqual(['popup']);
    // A claim that comes too late frees nothing a second time.
    await tabs.markOpenedHere(8);
    expect(held.seen).toEqual(['popup']);
  });

  it('forgets a tab when it closes (the same id held later is a stranger)', async () => {
    const { tabs, close, listeners } = registry();
    expect(listeners()).toBe(1);
    await tabs.markOpenedHere(9);
    close(9);
    const held = watch();
    tabs.whenKnown(9, held.free, held.popup);
    vi.advanceTimersByTime(OWN_TAB_GRACE_MS);
    expect(held.seen).toEqual(['popup']);
  });

  it('a freeing that fails does not stop the claim', async () => {
    const { tabs } = registry();
    const held = watch();
    tabs.whenKnown(10, () => Promise.reject(new Error('rules gone')), held.popup);
    await expect(tabs.markOpenedHere(10)).resolves.toBeUndefined();
    vi.advanceTimersByTime(OWN_TAB_GRACE_MS);
    expect(held.seen).toEqual([]);
  });
});
