import { describe, expect, it } from 'vitest';
import { callSignature, LoopDetector, loopMessage } from './loops';

function feed(detector: LoopDetector, calls: [string, string][]) {
  return calls.map(([call, result]) => detector.record(call, result));
}

describe('LoopDetector', () => {
  it('flags the same call with the same result three times in a row', () => {
    const verdicts = feed(new LoopDetector(), [
      ['click(e5)', 'Nothing happened.'],
      ['click(e5)', 'Nothing happened.'],
      ['click(e5)', 'Nothing happened.'],
    ]);
    expect(verdicts).toEqual([null, null, { kind: 'repeat', calls: ['click(e5)'] }]);
  });

  it('does not flag repeats whose results change (scrolling a long page)', () => {
    const verdicts = feed(new LoopDetector(), [
      ['scroll(down)', 'at 800 px'],
      ['scroll(down)', 'at 1600 px'],
      ['scroll(down)', 'at 2400 px'],
    ]);
    expect(verdicts).toEqual([null, null, null]);
  });

  it('ignores timings and scores when comparing results', () => {
    const verdicts = feed(new LoopDetector(), [
      ['find(x)', 'e1 (score 1.20) after 12 ms'],
      ['find(x)', 'e1 (score 1.25) after 30 ms'],
      ['find(x)', 'e1 (score 1.10) after 8 ms'],
    ]);
    expect(verdicts[2]).toEqual({ kind: 'repeat', calls: ['find(x)'] });
  });

  it('flags a cycle of two calls repeating', () => {
    const verdicts = feed(new LoopDetector(), [
      ['open(a)', 'A'],
      ['back()', 'B'],
      ['open(a)', 'A'],
      ['back()', 'B'],
    ]);
    expect(verdicts).toEqual([null, null, null, { kind: 'cycle', calls: ['open(a)', 'back()'] }]);
  });

  it('flags a cycle of three calls repeating', () => {
    const three: [string, string][] = [
      ['a()', '1'],
      ['b()', '2'],
      ['c()', '3'],
    ];
    const verdicts = feed(new LoopDetector(), [...three, ...three]);
    expect(verdicts.slice(0, 5)).toEqual([null, null, null, null, null]);
    expect(verdicts[5]).toEqual({ kind: 'cycle', calls: ['a()', 'b()', 'c()'] });
  });

  it('does not flag progress that merely looks alike', () => {
    const verdicts = feed(new LoopDetector(), [
      ['type(e1, a)', 'ok'],
      ['type(e2, b)', 'ok'],
      ['type(e3, c)', 'ok'],
      ['click(e4)', 'ok'],
    ]);
    expect(verdicts.every((v) => v === null)).toBe(true);
  });
});

describe('callSignature and loopMessage', () => {
  it('treats argument order as irrelevant', () => {
    expect(callSignature('type_text', { ref: 'e1', text: 'x' })).toBe(callSignature('type_text', { text: 'x', ref: 'e1' }));
    expect(callSignature('type_text', { ref: 'e1', text: 'x' })).not.toBe(callSignature('type_text', { ref: 'e2', text: 'x' }));
  });

  it('tells the model what it did and what to try instead', () => {
    const message = loopMessage({ kind: 'cycle', calls: ['navigate(a)', 'go_back()'] });
    expect(message).toContain('navigate(a) → go_back()');
    expect(message).toMatch(/do something different/);
    expect(message).toMatch(/done with success false/);
  });
});
