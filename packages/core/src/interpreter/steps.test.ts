import { describe, expect, it } from 'vitest';
import type { MadeCall } from '../model/prompt-reading';
import { Calls, Pending } from './page';
import { advance } from './steps';
import type { Intent } from './intents';

// A step as the interpreter plays it: each call it asks for is answered from `page` (or ok),
// until it says what it did. What it asked for is the record a test checks.

function play(intent: Intent, page: Record<string, string>): { asked: { name: string; input: unknown }[]; said: string } {
  const made = new Map<string, MadeCall>();
  const asked: { name: string; input: unknown }[] = [];
  for (let turn = 0; turn < 50; turn++) {
    try {
      return { asked, said: advance(intent, 'w0', new Calls(made)) };
    } catch (stop) {
      if (!Pending.isInstance(stop)) throw stop;
      const { id, name, input } = stop.call;
      asked.push({ name, input });
      made.set(id, { id, name, input, result: page[name] ?? 'ok', isError: false });
    }
  }
  throw new Error('the step never finished');
}

const FLIGHTS = `main:
  Adults
  [e8] button "Fewer adults"
  1
  [e9] button "More adults"
  Children
  [e10] button "Fewer children"
  0
  [e11] button "More children"`;

describe('a number between a Fewer and a More button', () => {
  it('reads the number shown and presses the right button as often as it takes', () => {
    const up = play(
      { kind: 'set', value: '3', target: { text: 'adults', exact: null } },
      { snapshot: FLIGHTS, find: 'Nothing on the page matches' },
    );
    expect(up.asked.filter((c) => c.name === 'click')).toEqual([
      { name: 'click', input: { ref: 'e9' } },
      { name: 'click', input: { ref: 'e9' } },
    ]);
    expect(up.said).toBe('pressed button "More adults" 2 times (1 → 3)');
    const none = play({ kind: 'set', value: '0', target: { text: 'children', exact: null } }, { snapshot: FLIGHTS, find: 'Nothing' });
    expect(none.asked.filter((c) => c.name === 'click')).toEqual([]);
    expect(none.said).toBe('children was already 0');
  });
});
