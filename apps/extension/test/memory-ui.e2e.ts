import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { colourCount, decodePng, startMockHub, tinyPdf } from '@wayfinder/gym';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accessibilityViolations } from './a11y';
import { artifactPath, openExtensionEnv, settingsWith, type ExtensionEnv } from './env';

// The memory UI as a person meets it (issue 12): the Memory page (search, the list by site,
// deleting, export/import, the cap, adding files), Options › Memory and Facts, and the side
// panel's "Remember this page" — the real extension, its real background and IndexedDB.

let env: ExtensionEnv;
let base: string;
const files = mkdtempSync(join(tmpdir(), 'wayfinder-memory-ui-'));
const opened: Page[] = [];

beforeAll(async () => {
  env = await openExtensionEnv();
  base = `chrome-extension://${env.extensionId}`;
  await env.setSettings(settingsWith({ provider: 'command' }));
});
afterAll(async () => {
  await env.close();
});
beforeEach(async () => {
  // Each test starts with memory empty (asked of the background as the pages ask it).
  const page = await env.context.newPage();
  await page.goto(`${base}/welcome.html`);
  await page.evaluate(async () => {
    await chrome.runtime.sendMessage({ type: 'memory.forget', all: true });
    const listed: unknown = await chrome.runtime.sendMessage({ type: 'facts.list' });
    const facts: unknown[] =
      typeof listed === 'object' && listed !== null && 'facts' in listed && Array.isArray(listed.facts) ? listed.facts : [];
    for (const fact of facts) {
      const id: unknown = typeof fact === 'object' && fact !== null && 'id' in fact ? fact.id : null;
      if (typeof id === 'string') await chrome.runtime.sendMessage({ type: 'facts.remove', id });
    }
  });
  await page.close();
});
afterEach(async () => {
  for (const page of opened.splice(0)) await page.close().catch(() => undefined);
});

function file(name: string, content: string | Buffer): string {
  const path = join(files, name);
  writeFileSync(path, content);
  return path;
}

async function open(path: string): Promise<Page> {
  const page = await env.context.newPage();
  opened.push(page);
  page.on('dialog', () => undefined);
  await page.goto(path);
  return page;
}

async function memoryPage(): Promise<Page> {
  const page = await open(`${base}/memory.html`);
  await page.getByRole('heading', { name: 'Kept', exact: true }).waitFor();
  return page;
}

/** What the background keeps, asked as the pages ask it. */
async function kept(page: Page): Promise<{ title: string; url: string; kind: string; site: string }[]> {
  return page.evaluate(async () => {
    const reply: unknown = await chrome.runtime.sendMessage({ type: 'memory.list' });
    if (typeof reply !== 'object' || reply === null || !('documents' in reply) || !Array.isArray(reply.documents))
      throw new Error(`memory.list answered ${JSON.stringify(reply)}`);
    return reply.documents.map((d: { title: string; url: string; kind: string; site: string }) => ({
      title: d.title,
      url: d.url,
      kind: d.kind,
      site: d.site,
    }));
  });
}

/** Adds files through the Memory page's picker and waits until each has an outcome; returns each line's text. */
async function addFiles(page: Page, paths: string[]): Promise<string[]> {
  const before = await page.getByRole('list', { name: 'Files added to memory' }).getByRole('listitem').count();
  await page.locator('input[type="file"][aria-label="Choose files"]').setInputFiles(paths);
  const list = page.getByRole('list', { name: 'Files added to memory' });
  await expect
    .poll(() => list.locator('li[data-step="stored"], li[data-step="unchanged"], li[data-step="failed"]').count(), { timeout: 20_000 })
    .toBe(before + paths.length);
  const lines = await list.getByRole('listitem').allInnerTexts();
  return lines.slice(0, paths.length);
}

async function search(page: Page, query: string) {
  await page.getByLabel('Search memory').fill(query);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  // The list of this query, not the one before it still on screen: the count line names the query.
  await page.getByText(`for “${query}”`).waitFor();
  const results = page.getByRole('list', { name: 'Search results' });
  await results.waitFor();
  return results;
}

/** Light and dark pictures of the page (or of the part from `from` to `to`), each checked by axe. */
async function shoot(page: Page, name: string, part?: { from: Locator; to: Locator }): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    let clip: { x: number; y: number; width: number; height: number } | undefined;
    if (part) {
      await part.from.scrollIntoViewIfNeeded();
      const top = await part.from.boundingBox();
      const bottom = await part.to.boundingBox();
      const scroll = await page.evaluate(() => window.scrollY);
      if (!top || !bottom) throw new Error(`${name}: the part to photograph is not on screen`);
      const margin = 12;
      clip = {
        x: Math.max(0, top.x - margin),
        y: Math.max(0, top.y + scroll - margin),
        width: Math.max(top.width, bottom.width) + 2 * margin,
        height: bottom.y + bottom.height - top.y + 2 * margin,
      };
    }
    const png = await page.screenshot({ fullPage: true, ...(clip ? { clip } : {}) });
    writeFileSync(artifactPath(`${name}-${scheme}.png`), png);
    expect(colourCount(decodePng(png.toString('base64')))).toBeGreaterThan(15);
    expect(await accessibilityViolations(page), `${name}, ${scheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: null });
}

async function rememberFromPanel(path: string, origin = env.gym.url): Promise<{ panel: Page; outcome: () => Promise<string> }> {
  await open(`${origin}${path}`);
  const panel = await open(`${base}/sidepanel.html`);
  await panel.getByRole('button', { name: 'Memory', exact: true }).click();
  const memory = panel.getByRole('region', { name: 'Memory' });
  const status = memory.getByRole('status').first();
  const outcome = async () => {
    await memory.getByRole('button', { name: 'Remember this page' }).click();
    await expect.poll(() => status.innerText(), { timeout: 15_000 }).not.toMatch(/^\s*$|Remembering the page/);
    return (await status.innerText()).trim();
  };
  return { panel, outcome };
}

describe('files', () => {
  it('a TXT and a PDF are kept; an encrypted, a corrupt and an empty file are refused with a reason and leave nothing', async () => {
    const page = await memoryPage();
    await page.getByText('Nothing is kept yet').waitFor();
    await shoot(page, 'memory-page-empty');
    const lines = await addFiles(page, [
      file('sourdough.txt', 'Sourdough starter: feed it equal weights of flour and water every twelve hours. Keep it at 24 °C.'),
      file('invoice.pdf', tinyPdf('Invoice 4471 from Harbour Plumbing total 82 EUR due on March 3')),
      file('locked.pdf', tinyPdf('Secret plans', { encrypted: true })),
      file('broken.pdf', Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> garbage without an end')),
      file('empty.txt', ''),
    ]);
    const line = (name: string) => lines.find((l) => l.includes(name)) ?? `(no line for ${name})`;
    expect(line('sourdough.txt')).toMatch(/Kept: \d+ piece/);
    expect(line('invoice.pdf')).toMatch(/Kept: \d+ piece/);
    expect(line('locked.pdf')).toContain('Not added: locked.pdf cannot be added to memory: it is protected by a password.');
    expect(line('broken.pdf')).toContain('Not added: broken.pdf cannot be added to memory: it could not be read as a PDF.');
    expect(line('empty.txt')).toContain('Not added: empty.txt is empty.');

    // The list shows the two kept, in the Files group, with their size; nothing of the others.
    const group = page.getByRole('region', { name: 'Files', exact: true });
    await expect.poll(() => group.getByRole('listitem').count()).toBe(2);
    expect(await group.innerText()).toMatch(/sourdough\.txt[\s\S]*File · \d+ characters/);
    const stored = await kept(page);
    expect(stored.map((d) => d.title).sort()).toEqual(['invoice.pdf', 'sourdough.txt']);
    expect(await page.getByRole('region', { name: 'Storage' }).innerText()).toContain('2 pages and files');

    // The PDF's words are found.
    const results = await search(page, 'harbour plumbing invoice');
    expect(await results.getByRole('listitem').first().getByRole('heading').innerText()).toContain('invoice.pdf');
  });

  it('a file dropped on the drop zone is kept like a picked one', async () => {
    const page = await memoryPage();
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.items.add(new File(['# Packing list\n\nBivvy bag, stove, two litres of water.'], 'packing.md', { type: 'text/markdown' }));
      const zone = document.querySelector('.drop-zone');
      if (!zone) throw new Error('no drop zone');
      zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    const list = page.getByRole('list', { name: 'Files added to memory' });
    await expect
      .poll(() => list.getByRole('listitem').allInnerTexts(), { timeout: 15_000 })
      .toEqual([expect.stringMatching(/packing\.md\s*Kept: 1 piece/)]);
    expect((await kept(page)).map((d) => d.title)).toEqual(['packing.md']);
  });

  it('a file over 20 MB is refused before anything is sent', async () => {
    const page = await memoryPage();
    const [line] = await addFiles(page, [file('huge.txt', 'x'.repeat(21 * 1024 * 1024))]);
    expect(line).toContain('huge.txt is 21.0 MB; files up to 20.0 MB can be added to memory.');
    expect(await kept(page)).toEqual([]);
  });
});

describe('search and the list', () => {
  it('Remember this page from the panel: stored, then already remembered', async () => {
    const { panel, outcome } = await rememberFromPanel('/articles/night-hiking.html');
    expect(await outcome()).toMatch(/^Remembered “Walking in the dark: a guide to night hiking[^”]*” \(\d+ pieces?\)\.$/);
    expect(await outcome()).toMatch(/^Already remembered: “Walking in the dark/);
    // Files from the panel, each with its outcome.
    await panel
      .locator('input[type="file"][aria-label="Add files to memory"]')
      .setInputFiles([file('panel-note.txt', 'Dentist on Friday at 9:40, Dr. Okafor, 12 Elm Street.'), file('panel-empty.md', '')]);
    const progress = panel.getByRole('list', { name: 'Files added to memory' });
    await expect
      .poll(() => progress.getByRole('listitem').allInnerTexts(), { timeout: 15_000 })
      .toEqual([expect.stringMatching(/panel-note\.txt\s*Kept: 1 piece/), expect.stringContaining('panel-empty.md is empty.')]);
    expect((await kept(panel)).map((d) => d.title).sort()).toEqual([
      'Walking in the dark: a guide to night hiking — Trail Journal',
      'panel-note.txt',
    ]);
    for (const width of [400, 320]) {
      await panel.setViewportSize({ width, height: 640 });
      await shoot(panel, `memory-panel-remember-${width}`);
      // Nothing sticks out sideways at this width.
      expect(await panel.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    const memoryLink = panel.getByRole('link', { name: 'Memory page' });
    expect(await memoryLink.getAttribute('href')).toBe(`${base}/memory.html`);
  });

  it('search shows pages with their site and date, and the query words highlighted whatever their case and accents', async () => {
    await (await rememberFromPanel('/articles/night-hiking.html')).outcome();
    await (await rememberFromPanel('/articles/leave-no-trace.html')).outcome();
    const page = await memoryPage();
    await addFiles(page, [file('dessert.txt', 'Crème brûlée needs a blowtorch for the sugar crust, and a bain-marie in the oven.')]);

    const results = await search(page, 'HEADLAMP lumens');
    const first = results.getByRole('listitem').first();
    expect(await first.getByRole('heading').innerText()).toContain('Walking in the dark');
    expect(await first.innerText()).toMatch(/127\.0\.0\.1 · .*\d{4}.* · score \d\.\d{3}/);
    const marks = (await first.locator('mark').allInnerTexts()).map((m) => m.toLowerCase());
    expect(marks).toEqual(expect.arrayContaining(['headlamp', 'lumens']));

    const dessert = await search(page, 'creme brulee');
    const hit = dessert.getByRole('listitem').first();
    expect(await hit.getByRole('heading').innerText()).toContain('dessert.txt');
    expect(await hit.locator('mark').allInnerTexts()).toEqual(expect.arrayContaining(['Crème', 'brûlée']));
    await search(page, 'headlamp lumens trail');
    await shoot(page, 'memory-page-results');
  });

  it('delete one, a site, and everything (after a confirm step) update the list', async () => {
    await (await rememberFromPanel('/articles/night-hiking.html')).outcome();
    await (await rememberFromPanel('/articles/leave-no-trace.html')).outcome();
    // A second site: the gym under another name.
    await (await rememberFromPanel('/articles/about.html', env.gym.url.replace('127.0.0.1', 'localhost'))).outcome();
    const page = await memoryPage();
    await addFiles(page, [file('a.txt', 'Alpha notes about kayaks and paddles.'), file('b.txt', 'Bravo notes about tents.')]);
    const gymSite = page.getByRole('region', { name: '127.0.0.1' });
    await expect.poll(() => gymSite.getByRole('listitem').count()).toBe(2);
    expect(await page.getByRole('region', { name: 'localhost' }).getByRole('listitem').count()).toBe(1);

    // One file.
    await page.getByRole('button', { name: 'Delete a.txt' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Files', exact: true }).getByRole('listitem').count()).toBe(1);
    expect((await kept(page)).map((d) => d.title)).not.toContain('a.txt');

    // A site: its pages go, the rest stay.
    await gymSite.getByRole('button', { name: 'Delete site 127.0.0.1' }).click();
    await gymSite.waitFor({ state: 'detached' });
    expect((await kept(page)).map((d) => d.site).sort()).toEqual(['', 'localhost']);
    expect(await page.getByRole('region', { name: 'localhost' }).count()).toBe(1);

    // Everything: the first click only asks.
    await page.getByRole('button', { name: 'Delete everything' }).click();
    const confirm = page.getByRole('group', { name: 'Confirm deleting everything' });
    expect(await confirm.innerText()).toContain('Delete 2 pages and files? This cannot be undone.');
    expect((await kept(page)).length).toBe(2);
    await confirm.getByRole('button', { name: 'Yes, delete everything' }).click();
    await page.getByText('Nothing is kept yet').waitFor();
    expect(await kept(page)).toEqual([]);
    expect(await page.getByRole('region', { name: 'Storage' }).innerText()).toContain('0 pages and files');
  });

  it('export, delete everything, import the file back: the same pages and files, found again; importing twice adds nothing', async () => {
    await (await rememberFromPanel('/articles/night-hiking.html')).outcome();
    const page = await memoryPage();
    await addFiles(page, [file('recipe.txt', 'Grandmother’s goulash: paprika, caraway, beef shin, two hours.')]);
    const before = (await kept(page)).map((d) => d.url).sort();
    expect(before).toHaveLength(2);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const download = await downloading;
    const exported = join(files, download.suggestedFilename());
    await download.saveAs(exported);
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    expect(readFileSync(exported, 'utf8')).toContain('goulash');

    await page.getByRole('button', { name: 'Delete everything' }).click();
    await page.getByRole('button', { name: 'Yes, delete everything' }).click();
    await page.getByText('Nothing is kept yet').waitFor();

    await page.locator('input[type="file"][aria-label="Import memory"]').setInputFiles(exported);
    const storage = page.getByRole('region', { name: 'Storage' });
    await expect.poll(() => storage.getByRole('status').last().innerText(), { timeout: 15_000 }).toMatch(/^Imported 2 pages and files/);
    expect((await kept(page)).map((d) => d.url).sort()).toEqual(before);
    await expect.poll(() => page.getByRole('region', { name: 'Files', exact: true }).getByRole('listitem').count()).toBe(1);
    const results = await search(page, 'paprika caraway');
    expect(await results.getByRole('listitem').first().getByRole('heading').innerText()).toContain('recipe.txt');

    await page.locator('input[type="file"][aria-label="Import memory"]').setInputFiles(exported);
    await expect
      .poll(() => storage.getByRole('status').last().innerText(), { timeout: 15_000 })
      .toMatch(/^Imported 0 pages and files; 2 were/);
    expect((await kept(page)).map((d) => d.url).sort()).toEqual(before);
  });

  it('the cap is saved as it is typed and read back after a reload', async () => {
    const page = await memoryPage();
    const cap = page.getByLabel('Keep at most');
    expect(await cap.inputValue()).toBe('5000');
    await cap.fill('5');
    await page.getByText('Keep between 10 and 100,000 pages and files.').waitFor();
    await cap.fill('1200');
    await page.getByText('Saved.').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Kept', exact: true }).waitFor();
    expect(await page.getByLabel('Keep at most').inputValue()).toBe('1200');
    const stored = await page.evaluate(async () => {
      const { settings }: { settings?: { memory?: { maxDocuments?: number } } } = await chrome.storage.local.get('settings');
      return settings?.memory?.maxDocuments;
    });
    expect(stored).toBe(1200);
  });
});

describe('options', () => {
  it('the capture switch and a site rule persist; a rule can be removed', async () => {
    const page = await open(`${base}/options.html`);
    const capture = page.getByRole('switch', { name: 'Remember pages I visit' });
    expect(await capture.isChecked()).toBe(false);
    await capture.check();
    const memory = page.getByRole('region', { name: 'Memory' });
    await memory.getByLabel('Site for a memory rule').fill('https://www.Bank-Example.org/login');
    await memory.getByLabel('Rule', { exact: true }).selectOption('never');
    await memory.getByRole('button', { name: 'Add rule' }).click();
    await memory.getByLabel('Site for a memory rule').fill('co.uk');
    await memory.getByRole('button', { name: 'Add rule' }).click();
    expect(await memory.getByRole('alert').innerText()).toMatch(/co\.uk/);
    await page.getByText('Changes are saved as you make them.').waitFor();

    await page.reload();
    // Typed with www. and a path: kept as the site, which covers its subdomains.
    const site = { site: 'bank-example.org' };
    expect(await page.getByRole('switch', { name: 'Remember pages I visit' }).isChecked()).toBe(true);
    const row = page.getByRole('row', { name: new RegExp(site.site.replaceAll('.', '\\.')) });
    expect(await row.innerText()).toContain('Never remember');
    const stored = await page.evaluate(async () => {
      const { settings }: { settings?: { memory?: unknown } } = await chrome.storage.local.get('settings');
      return settings?.memory;
    });
    expect(stored).toMatchObject({ capturePages: true, sites: { [site.site]: 'never' } });

    await row.getByRole('button', { name: `Remove the rule for ${site.site}` }).click();
    await page.getByText('Changes are saved as you make them.').waitFor();
    await page.reload();
    await page.getByRole('switch', { name: 'Remember pages I visit' }).waitFor();
    expect(await page.getByRole('row', { name: new RegExp(site.site.replaceAll('.', '\\.')) }).count()).toBe(0);
  });

  it('facts: added and removed; a secret is refused with its reason shown', async () => {
    const page = await open(`${base}/options.html`);
    const facts = page.getByRole('region', { name: 'Facts about you' });
    await facts.getByText('No facts yet.').waitFor();
    await facts.getByLabel('A fact about you').fill('I prefer metric units');
    await facts.getByRole('button', { name: 'Add fact' }).click();
    await facts.getByRole('list', { name: 'Facts' }).getByText('I prefer metric units').waitFor();

    await facts.getByLabel('A fact about you').fill('My password is Tr0ub4dor&3-horse');
    await facts.getByRole('button', { name: 'Add fact' }).click();
    expect(await facts.getByRole('alert').innerText()).toContain('looks like a secret');
    expect(await facts.getByLabel('A fact about you').inputValue()).toBe('My password is Tr0ub4dor&3-horse');
    expect(await facts.getByRole('list', { name: 'Facts' }).getByRole('listitem').count()).toBe(1);

    await page.getByLabel('Site for a memory rule').fill('news.example');
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByText('Changes are saved as you make them.').waitFor();
    await page.reload();
    await page.getByRole('region', { name: 'Facts about you' }).getByText('I prefer metric units').waitFor();
    await shoot(page, 'options-memory-facts', {
      from: page.getByRole('region', { name: 'Memory' }),
      to: page.getByRole('region', { name: 'Facts about you' }),
    });

    await page.getByRole('button', { name: 'Remove fact: I prefer metric units' }).click();
    await page.getByRole('region', { name: 'Facts about you' }).getByText('No facts yet.').waitFor();
    await page.reload();
    await page.getByRole('region', { name: 'Facts about you' }).getByText('No facts yet.').waitFor();
  });

  it('switching to MiniLM re-indexes with its outcome shown: a download that fails says so and can be tried again, one that works finishes', async () => {
    const hub = await startMockHub();
    try {
      hub.failWith(500);
      await env.setSettings({ ...settingsWith({ provider: 'command' }), memory: { modelHost: hub.url } });
      const files = await memoryPage();
      await addFiles(files, [file('kayak.txt', 'Kayak rolling: hip snap first, then the head comes up last.')]);

      const page = await open(`${base}/options.html`);
      const memory = page.getByRole('region', { name: 'Memory' });
      const status = memory.getByRole('status', { name: 'Re-indexing' });
      await memory.getByRole('radio', { name: /all-MiniLM-L6-v2/ }).check();
      await expect.poll(() => status.innerText(), { timeout: 30_000 }).toMatch(/stopped: /);
      expect(await status.innerText()).toContain('In use: all-MiniLM-L6-v2');
      await shoot(page, 'options-memory-reindex-failed', { from: memory, to: memory });

      hub.failWith(null);
      await memory.getByRole('button', { name: 'Try again' }).click();
      await expect.poll(() => status.innerText(), { timeout: 30_000 }).toMatch(/Re-indexed \d+ pieces? for all-MiniLM-L6-v2/);
      expect(await memory.getByRole('button', { name: 'Try again' }).count()).toBe(0);
      await memory.getByRole('radio', { name: /Word hashing/ }).check();
      await expect.poll(() => status.innerText(), { timeout: 30_000 }).toMatch(/Re-indexed \d+ pieces? for Word hashing/);
      await memory.getByRole('radio', { name: /all-MiniLM-L6-v2/ }).check();
      await expect.poll(() => status.innerText(), { timeout: 30_000 }).toMatch(/Re-indexed \d+ pieces? for all-MiniLM-L6-v2/);
      expect(await status.innerText()).not.toContain('stopped');
      const stored = await page.evaluate(async () => {
        const { settings }: { settings?: { memory?: { embedder?: string } } } = await chrome.storage.local.get('settings');
        return settings?.memory?.embedder;
      });
      expect(stored).toBe('minilm');
    } finally {
      await hub.close();
      await env.setSettings(settingsWith({ provider: 'command' }));
    }
  });

  it('the Memory section says which embedder is in use, what MiniLM costs, and links to the Memory page', async () => {
    const page = await open(`${base}/options.html`);
    const memory = page.getByRole('region', { name: 'Memory' });
    await memory
      .getByRole('status', { name: 'Re-indexing' })
      .getByText(/In use: /)
      .waitFor();
    expect(await memory.getByRole('radio', { name: /Word hashing \(built in\)/ }).isChecked()).toBe(true);
    expect(await memory.innerText()).toContain('Downloads ~25 MB once, then works offline.');
    expect(await memory.getByRole('link', { name: 'Open the Memory page' }).getAttribute('href')).toBe(`${base}/memory.html`);
  });
});
