import type { Tab } from '@wayfinder/core';
import { PAGE_GLOBAL } from '@wayfinder/page';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, openDriverEnv, type DriverEnv } from './env';

// Tab.runPageCode (execute_page_code's driver): a snippet in a world of its own with
// click / setValue / waitForElement / delay, under a hard time limit. Outcomes are read
// from the gym's server, as a checker would.

let env: DriverEnv;
let tab: Tab;
beforeAll(async () => {
  env = await openDriverEnv();
  tab = await env.browser.openTab();
});
afterAll(async () => {
  await env.close();
});

/** A page that counts presses of its button in the page's own world and shows the count. */
const COUNTER = `<button id="bump" onclick="document.getElementById('n').textContent = String(++window.count)">Bump</button>
  <output id="n">0</output><script>window.count = 0; window.pageSecret = 'only-in-the-page';</script>`;

const count = async () => (await tab.runPageCode('return document.getElementById("n").textContent;', 2_000)).value;

describe('runPageCode helpers', () => {
  it('types with trusted input and clicks, so a field that accepts only real typing takes the value', async () => {
    await tab.navigate(`${env.gym.url}/widgets`);
    const outcome = await tab.runPageCode(
      `await setValue('#access-code', '4321');
       await click('Save code');
       const status = await waitForElement('#code-status:not(:empty)', 3000);
       return { status: status.textContent, field: document.querySelector('#access-code').value };`,
      5_000,
    );
    await env.stateUntil((s) => s.widgets.accessCode === '4321');
    expect(JSON.parse(outcome.value ?? 'null')).toEqual({ status: 'Saved code 4321.', field: '4321' });
    expect(outcome.summary).toBe('The code ran and returned a value.');
    expect(outcome.navigated).toBe(false);
  });

  it('finds fields by label and buttons by text inside shadow roots', async () => {
    await tab.runPageCode(`await setValue('Email for the newsletter', 'code@example.org'); await click('Subscribe');`, 5_000);
    await env.stateUntil((s) => s.widgets.newsletter.includes('code@example.org'));
  });

  it('runs apart from the page: its globals and patches do not reach the snippet, and the page script is out of reach', async () => {
    const url = env.show(`${COUNTER}<script>
      HTMLElement.prototype.click = function () {}; window.click = () => 'the page'; EventTarget.prototype.dispatchEvent = () => true;
      window.__wayfinderRuns = { poisoned: true };
    </script>`);
    await tab.navigate(url);
    // The page script is installed in its own world (a snapshot needs it): the snippet's world must not see it.
    await tab.snapshot();
    const seen = await tab.runPageCode(
      `await click('#bump'); await click('Bump');
       return { secret: typeof window.pageSecret, pageScript: typeof globalThis[${JSON.stringify(PAGE_GLOBAL)}] };`,
      5_000,
    );
    expect(JSON.parse(seen.value ?? 'null')).toEqual({ secret: 'undefined', pageScript: 'undefined' });
    expect(await count()).toBe('"2"');
  });

  it('returns JSON, elements as short descriptions, capped', async () => {
    await tab.navigate(env.show(COUNTER));
    const el = await tab.runPageCode('return { button: document.querySelector("#bump"), n: 1n };', 2_000);
    expect(el.value).toBe('{"button":"<button#bump> \\"Bump\\"","n":"1"}');
    const big = await tab.runPageCode('return "x".repeat(50000);', 2_000);
    expect(big.value?.length).toBeLessThan(10_200);
    expect(big.value).toMatch(/… \(cut at 10000 of 50002 characters\)$/);
    expect((await tab.runPageCode('document.title = "changed";', 2_000)).value).toBeNull();
  });
});

describe('runPageCode failures', () => {
  it('refuses code with a syntax error, naming the line, and runs none of it', async () => {
    await tab.navigate(env.show(COUNTER));
    const error = await failure(tab.runPageCode('document.getElementById("bump").click();\nconst = 2;', 2_000));
    expect(error.code).toBe('bad-argument');
    expect(error.message).toMatch(/^The code did not run: SyntaxError: .+ \(line 2 of the code\)\. Fix it and try again\.$/);
    expect(await count()).toBe('"0"');
  });

  it('reports a thrown error with its line', async () => {
    const error = await failure(tab.runPageCode('await delay(1);\nthrow new TypeError("no such thing");', 2_000));
    expect(error).toMatchObject({
      code: 'bad-argument',
      message: 'The code threw TypeError: no such thing (line 2 of the code). Fix it and try again.',
    });
    const missing = await failure(tab.runPageCode('await click("#nothing-here");', 2_000));
    expect(missing.message).toMatch(/^The code threw Error: click: nothing on the page matches "#nothing-here"/);
  });

  it('stops a snippet at its time limit: a loop before or after an await, or a long wait, and its helpers and timers stop acting', async () => {
    for (const code of ['while (true) {}', 'await delay(10); for (;;) {}', 'await delay(20000);']) {
      const started = Date.now();
      const error = await failure(tab.runPageCode(code, 400));
      expect(error.code).toBe('timeout');
      expect(error.message).toMatch(/^The code ran out of time \(400 ms\) and was stopped/);
      expect(Date.now() - started).toBeLessThan(5_000);
      // The page answers again.
      expect(await count()).toBe('"0"');
    }
    // Whatever the snippet meant to do after its time ran out does not happen.
    await failure(
      tab.runPageCode('setTimeout(() => document.getElementById("bump").click(), 300); await delay(350); await click("#bump");', 200),
    );
    const later = await tab.runPageCode('await delay(600); return document.getElementById("n").textContent;', 2_000);
    expect(later.value).toBe('"0"');
  });

  it('reports a navigation the snippet causes as its outcome', async () => {
    const next = env.show('<h1>Next page</h1>');
    await tab.navigate(env.show(`<a href="${next}">Onwards</a>`));
    const outcome = await tab.runPageCode('await click("Onwards"); await delay(5000); return "never";', 10_000);
    expect(outcome.navigated).toBe(true);
    expect(outcome.url).toBe(next);
    expect(outcome.value).toBeNull();
    expect(outcome.summary).toMatch(/navigated away/);
  });
});

describe('runPageCode in DOM-event mode', () => {
  let dom: DriverEnv;
  beforeAll(async () => {
    dom = await openDriverEnv({ inputMode: 'dom' });
  });
  afterAll(async () => {
    await dom.close();
  });

  it('sets values and clicks with script events: ordinary pages take them, a field that wants real typing does not', async () => {
    const page = await dom.browser.openTab(`${dom.gym.url}/widgets`);
    await page.runPageCode(`await setValue('Email for the newsletter', 'dom@example.org'); await click('Subscribe');`, 5_000);
    await dom.stateUntil((s) => s.widgets.newsletter.includes('dom@example.org'));
    const code = await page.runPageCode(
      `await setValue('#access-code', '9999'); return document.querySelector('#access-code').value;`,
      5_000,
    );
    expect(code.value).toBe('""');
  });
});
