// Loop detection: the same call giving the same result three times in a row, or a cycle
// of two or three calls repeating with the same results, means the approach is not
// working. Scrolling down a long page three times is not a loop: its results differ.

export interface LoopVerdict {
  kind: 'repeat' | 'cycle';
  calls: string[];
}

function hash(text: string): string {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return (h >>> 0).toString(36);
}

/** Arguments in a stable order, so {a, b} and {b, a} are the same call. */
export function callSignature(name: string, input: unknown): string {
  const stable = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(stable);
    if (typeof value === 'object' && value !== null)
      return Object.fromEntries(
        Object.entries(value)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([k, v]) => [k, stable(v)]),
      );
    return value;
  };
  return `${name}(${JSON.stringify(stable(input))})`;
}

/** The tool a call signature names ("click" from `click({"ref":"e12"})`). */
export function toolOfCall(signature: string): string {
  const open = signature.indexOf('(');
  return open < 0 ? signature : signature.slice(0, open);
}

export class LoopDetector {
  private readonly history: { call: string; result: string }[] = [];

  /** Records a finished call and its result; says whether a loop just closed. */
  record(call: string, resultText: string): LoopVerdict | null {
    // Refs and timings change between identical states; compare what matters.
    const normalized = resultText.replace(/after \d+ ms/g, '').replace(/\(score [\d.]+\)/g, '');
    this.history.push({ call, result: hash(normalized) });
    const h = this.history;
    const at = (back: number) => h[h.length - back];
    const same = (a: number, b: number) => at(a)?.call === at(b)?.call && at(a)?.result === at(b)?.result;
    if (h.length >= 3 && same(1, 2) && same(2, 3)) return { kind: 'repeat', calls: [call] };
    for (const length of [2, 3]) {
      if (h.length < length * 2) continue;
      let cycle = true;
      for (let i = 1; i <= length; i++) if (!same(i, i + length)) cycle = false;
      const distinct = new Set(h.slice(-length).map((e) => e.call)).size > 1;
      if (cycle && distinct) return { kind: 'cycle', calls: h.slice(-length).map((e) => e.call) };
    }
    return null;
  }
}

export function loopMessage(verdict: LoopVerdict): string {
  const what =
    verdict.kind === 'repeat'
      ? `${verdict.calls[0] ?? ''} three times in a row, with the same result each time`
      : `the same ${verdict.calls.length} calls over and over (${verdict.calls.join(' → ')}), with the same results`;
  return `You have now made ${what}. This is not working; do something different: take a full snapshot, use find with other words, scroll, go back, or ask_user. If the task cannot be done, call done with success false and say why.`;
}
