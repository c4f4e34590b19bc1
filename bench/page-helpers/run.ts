/// <reference types="chrome" />
// The page helpers' speed in the real extension (issue 16), loaded into headless Chromium:
// - selection → overlay: from the mouse let go at the end of a drag (the mouseup's own
//   timestamp) to the first frame painted with the toolbar in it (target p50 ≤ 50 ms);
// - helper overhead before the model's first token: from the click on Explain to the
//   request reaching the model (worker, settings, prompt, provider code), and from the
//   model's first chunk to its words on the page (port, content script). The model is a
//   local mock answering at once, so what is measured is Wayfinder's own part.
// Usage: npm run bench:helpers [-- --runs 40] [--json FILE]   (WAYFINDER_EXT_OUT picks another build)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChrome } from '@wayfinder/cdp/node';
import { startGym, startOpenAICompatible } from '@wayfinder/gym';
import { chromium, type Page } from 'playwright-core';
import { atMost } from '../hub/targets';
import { percentile, round } from '../lib/stats';
import { table } from '../lib/table';

const here = dirname(fileURLToPath(import.meta.url));
const extensionDir = join(here, '../../apps/extension', process.env.WAYFINDER_EXT_OUT ?? '.output', 'chrome-mv3');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) || 40 : 40;
const jsonArg = process.argv.indexOf('--json');
const JSON_FILE = jsonArg > 0 ? process.argv[jsonArg + 1] : undefined;
/** The goals: the overlay within 50 ms; Wayfinder's own share of "first words within a few hundred ms". */
const GOALS = { overlayP50Ms: 50, overheadP50Ms: 300 };

const stats = (values: number[]) => ({
  p50: round(percentile(values, 50), 1),
  p95: round(percentile(values, 95), 1),
  max: round(Math.max(...values), 1),
});

/** Drags over the first paragraph's words and returns ms from the mouseup to the painted overlay. */
async function selectionToOverlay(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<number> {
  await page.evaluate(() => {
    const measured = new Promise<number>((resolve) => {
      let upAt = 0;
      window.addEventListener('mouseup', (event) => (upAt = event.timeStamp), { capture: true, once: true });
      const host = document.querySelector('wayfinder-helpers');
      const check = () => {
        const root = document.querySelector('wayfinder-helpers')?.shadowRoot;
        if (!root?.querySelector('[data-role="toolbar"]')) return false;
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - upAt), 0));
        return true;
      };
      const observer = new MutationObserver(() => {
        if (check()) observer.disconnect();
      });
      observer.observe(host?.shadowRoot ?? document.documentElement, { childList: true, subtree: true });
      if (!host) {
        // The first overlay also creates the host element.
        const outer = new MutationObserver(() => {
          const root = document.querySelector('wayfinder-helpers')?.shadowRoot;
          if (!root) return;
          outer.disconnect();
          if (!check()) observer.observe(root, { childList: true, subtree: true });
        });
        outer.observe(document.documentElement, { childList: true });
      }
    });
    Reflect.set(window, '__bench', measured);
  });
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, to.y, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 3 });
  await page.mouse.up();
  const ms = await page.evaluate(async () => {
    const measured: unknown = Reflect.get(window, '__bench');
    return measured instanceof Promise ? Number(await measured) : NaN;
  });
  // Away from the overlay: it goes, and the selection with it.
  await page.mouse.click(5, 5);
  await page.waitForFunction(() => !document.querySelector('wayfinder-helpers')?.shadowRoot?.querySelector('[data-role="toolbar"]'));
  return ms;
}

async function main(): Promise<void> {
  const gym = await startGym();
  const asked: number[] = [];
  const model = await startOpenAICompatible(() => {
    asked.push(Date.now());
    return { text: 'It means: leave nature as you found it.' };
  });
  const userDataDir = mkdtempSync(join(tmpdir(), 'wayfinder-bench-helpers-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: findChrome(),
    headless: true,
    viewport: null,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      '--window-size=1280,800',
    ],
  });
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const base = `chrome-extension://${new URL(worker.url()).host}`;
    const setup = await context.newPage();
    await setup.goto(`${base}/welcome.html`);
    await setup.evaluate(async (url) => {
      await chrome.storage.local.set({
        settings: {
          version: 1,
          providers: { 'openai-compatible': { baseURL: url, model: 'mock-gpt', apiKey: 'sk-test' } },
          roles: { actor: { provider: 'openai-compatible', model: '' } },
          agent: {},
          firstRunDone: true,
        },
      });
    }, model.url);
    await setup.close();

    const page = await context.newPage();
    await page.goto(`${gym.url}/article`);
    // tsx names inner functions with a helper the page does not have (../shared/EXTENSION-TESTING.md).
    await page.evaluate('globalThis.__name ??= (f) => f');
    const box = await page.locator('#intro').boundingBox();
    if (!box) throw new Error('The article has no first paragraph.');
    const from = { x: box.x + 2, y: box.y + 10 };
    const to = { x: box.x + box.width * 0.6, y: box.y + 10 };
    // Warm-up: the host element made, the worker's answer in.
    await page.waitForTimeout(300);
    await selectionToOverlay(page, from, to);

    const overlay: number[] = [];
    for (let i = 0; i < RUNS; i++) overlay.push(await selectionToOverlay(page, from, to));

    // Explain: click → request at the model, and first chunk → words on the page.
    const toModel: number[] = [];
    const toPage: number[] = [];
    for (let i = 0; i < Math.min(RUNS, 20); i++) {
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(to.x, to.y, { steps: 4 });
      await page.mouse.up();
      const explain = page.locator('wayfinder-helpers').getByRole('button', { name: 'Explain' });
      await explain.waitFor();
      const before = asked.length;
      await page.evaluate(() => {
        const shown = new Promise<{ clicked: number; shown: number }>((resolve, reject) => {
          let clicked = 0;
          window.addEventListener('click', (event) => (clicked = performance.timeOrigin + event.timeStamp), { capture: true, once: true });
          const poll = () => {
            const root = document.querySelector('wayfinder-helpers')?.shadowRoot;
            const out = root?.querySelector('[data-role="output"]');
            const failed = root?.querySelector('.error');
            if (failed) reject(new Error(`The helper failed: ${failed.textContent}`));
            else if (out?.textContent) resolve({ clicked, shown: performance.timeOrigin + performance.now() });
            else requestAnimationFrame(poll);
          };
          poll();
        });
        Reflect.set(window, '__shown', shown);
      });
      await explain.click();
      const { clicked: clickedAt, shown: shownAt } = await page.evaluate(async () => {
        const shown: unknown = Reflect.get(window, '__shown');
        const value: unknown = shown instanceof Promise ? await shown : null;
        return typeof value === 'object' && value !== null && 'clicked' in value && 'shown' in value
          ? { clicked: Number(value.clicked), shown: Number(value.shown) }
          : { clicked: NaN, shown: NaN };
      });
      const modelAt = asked[before];
      if (modelAt === undefined) throw new Error('The model was not asked.');
      toModel.push(modelAt - clickedAt);
      toPage.push(shownAt - modelAt);
      await page.keyboard.press('Escape');
      await page.mouse.click(5, 5);
    }

    const summary = {
      runs: RUNS,
      selection_to_overlay_ms: stats(overlay),
      click_to_model_request_ms: stats(toModel),
      model_first_chunk_to_page_ms: stats(toPage),
    };
    const overhead = round(summary.click_to_model_request_ms.p50 + summary.model_first_chunk_to_page_ms.p50, 1);
    const targets = [
      atMost('selection → overlay painted, p50 ms', summary.selection_to_overlay_ms.p50, GOALS.overlayP50Ms),
      atMost("helper's own time before the first words (click → model + first chunk → page), p50 ms", overhead, GOALS.overheadP50Ms),
    ];
    const rows: [string, ReturnType<typeof stats>][] = [
      ['selection → overlay painted', summary.selection_to_overlay_ms],
      ['click on Explain → request reaches the model', summary.click_to_model_request_ms],
      ["model's first chunk → words on the page", summary.model_first_chunk_to_page_ms],
    ];
    console.log(
      table(
        ['measure (ms)', 'p50', 'p95', 'max'],
        rows.map(([name, s]) => [name, s.p50, s.p95, s.max]),
      ),
    );
    console.log(
      `\n${table(
        ['target', 'value', 'goal', 'met'],
        targets.map((t) => [t.name, t.value, t.goal, t.met ? 'yes' : 'NO']),
      )}`,
    );
    if (JSON_FILE) {
      mkdirSync(dirname(JSON_FILE), { recursive: true });
      writeFileSync(JSON_FILE, `${JSON.stringify({ summary, targets }, null, 2)}\n`);
    }
  } finally {
    await context.close();
    await model.close();
    await gym.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

await main();
