import { describe, expect, it } from 'vitest';
import { answersWithin, STALL_PROBE_MS, StallWatch } from './stalls';

describe('StallWatch', () => {
  it('says nothing until a call went unanswered, and forgets a page that answers the check', async () => {
    const watch = new StallWatch();
    const asked: string[] = [];
    const answers = (key: string) => (asked.push(key), Promise.resolve(true));
    expect(await watch.check(answers)).toBeNull();
    expect(asked).toEqual([]);
    watch.note('7', 'Runtime.callFunctionOn');
    watch.note('8', 'Page.enable');
    expect(await watch.check(answers)).toBeNull();
    // The first silent page is the one checked, with the probe's deadline; then it is forgotten.
    expect(asked).toEqual(['7']);
    expect(await watch.check(answers)).toBeNull();
    expect(asked).toEqual(['7']);
  });

  it('names the call a page that stays silent left unanswered, and what the person can do', async () => {
    const watch = new StallWatch();
    let deadline = 0;
    watch.note('7', 'Runtime.callFunctionOn');
    const message = await watch.check((_key, ms) => ((deadline = ms), Promise.resolve(false)));
    expect(deadline).toBe(STALL_PROBE_MS);
    expect(message).toMatch(/^The page stopped responding \(Runtime\.callFunctionOn got no answer in time, nor a simple check 5 s later\)/);
    expect(message).toContain('answer or close the dialog, or reload or close the tab');
  });
});

describe('answersWithin', () => {
  it('is true for an answer in time, false for a failure or a call that never answers', async () => {
    expect(await answersWithin(() => Promise.resolve(0), 50)).toBe(true);
    expect(await answersWithin(() => Promise.reject(new Error('gone')), 50)).toBe(false);
    expect(await answersWithin(() => new Promise(() => undefined), 50)).toBe(false);
  });
});
