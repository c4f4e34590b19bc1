/**
 * The `k` best of many scored items, best first, without sorting them all: a search looks
 * at every chunk but answers with a few dozen.
 */
export class TopK<T> {
  private readonly items: { item: T; score: number }[] = [];

  constructor(private readonly k: number) {}

  /** Whether a score would make it in (skip building the item when not). */
  admits(score: number): boolean {
    return this.k > 0 && (this.items.length < this.k || score > (this.items[this.items.length - 1]?.score ?? -Infinity));
  }

  offer(item: T, score: number): void {
    if (!this.admits(score)) return;
    let at = this.items.length;
    while (at > 0 && (this.items[at - 1]?.score ?? Infinity) < score) at--;
    this.items.splice(at, 0, { item, score });
    if (this.items.length > this.k) this.items.pop();
  }

  /** Best first; equal scores in the order they were offered. */
  best(): T[] {
    return this.items.map((entry) => entry.item);
  }
}
