import { writeFileSync } from 'node:fs';
import { colourCount, decodePng } from '@wayfinder/gym';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accessibilityViolations } from './a11y';
import { artifactPath, finishedTurn, lastTurn, openExtensionEnv, runInPanel, settingsWith, type ExtensionEnv } from './env';
import { lookAt, PANEL_WIDTHS } from './look';

// Conversations a person keeps: the last one shown again on reopening, History with times
// and the open one marked, delete with undo, card numbers masked in titles and exports;
// favourite tasks and Run again. Tasks run through the command interpreter on the gym.

let env: ExtensionEnv;
const opened: Page[] = [];

beforeAll(async () => {
  env = await openExtensionEnv();
  await env.setSettings(settingsWith({ provider: 'command' }));
});
afterAll(async () => {
  await env.close();
});
beforeEach(async () => {
  env.gym.reset();
  opened.push(await env.openSite('/widgets'));
});
afterEach(async () => {
  await env.stopAll();
  for (const page of opened.splice(0)) await page.close().catch(() => undefined);
});

async function panel(options?: { keepConversation?: boolean }): Promise<Page> {
  const page = await env.openPanel(options);
  opened.push(page);
  return page;
}

/** Runs a task in a new chat and waits for it to end. */
async function newConversation(p: Page, task: string): Promise<void> {
  await p.getByRole('button', { name: 'New chat' }).click();
  await expect.poll(() => p.getByRole('article').count()).toBe(0);
  await runInPanel(p, task);
  await finishedTurn(p);
}

/** What IndexedDB holds in one store (read from the panel page, which shares the worker's origin). */
function stored(p: Page, store: 'conversations' | 'tasks' | 'favourites'): Promise<Record<string, unknown>[]> {
  return p.evaluate(
    (name) =>
      new Promise<Record<string, unknown>[]>((resolve, reject) => {
        const open = indexedDB.open('wayfinder');
        open.onerror = () => reject(new Error('could not open the database'));
        open.onsuccess = () => {
          const read = open.result.transaction(name).objectStore(name).getAll();
          read.onsuccess = () => {
            open.result.close();
            resolve(read.result);
          };
        };
      }),
    store,
  );
}

/** The star under the last task (the task box's own star is named differently). */
const saveAsFavourite = (p: Page) => p.getByRole('button', { name: 'Save as favourite', exact: true }).last();
const history = (p: Page) => p.getByRole('navigation', { name: 'Conversations' });
const favourites = (p: Page) => p.getByRole('region', { name: 'Favourites' });

async function openHistory(p: Page): Promise<void> {
  if ((await history(p).count()) === 0) await p.getByRole('button', { name: 'History' }).click();
  await history(p).waitFor();
}

async function openFavourites(p: Page): Promise<void> {
  if ((await favourites(p).count()) === 0) await p.getByRole('button', { name: 'Favourites' }).click();
  await favourites(p).waitFor();
}

describe('conversations kept', () => {
  it('reopening the panel shows the conversation open last time; after New chat, a new chat', async () => {
    let p = await panel();
    await newConversation(p, 'click "Increase trips"');
    await p.close();

    p = await panel({ keepConversation: true });
    await expect.poll(() => p.getByRole('article').count()).toBe(1);
    expect(await lastTurn(p).innerText()).toContain('click "Increase trips"');
    expect(await lastTurn(p).getAttribute('data-status')).toBe('done');

    await p.getByRole('button', { name: 'New chat' }).click();
    await expect.poll(() => p.getByRole('article').count()).toBe(0);
    await p.close();
    p = await panel({ keepConversation: true });
    // Given the time to open something, it stays a new chat.
    await p.getByRole('button', { name: 'History' }).click();
    await expect.poll(() => history(p).getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await p.getByRole('article').count()).toBe(0);
  });

  it('History shows dates with times and marks the open conversation', async () => {
    const p = await panel();
    await newConversation(p, 'click "Save count"');
    await newConversation(p, 'click "Increase trips" then stop');
    await openHistory(p);
    const items = history(p).getByRole('listitem');
    const open = items.filter({ has: p.getByRole('button', { name: 'click "Increase trips" then stop', exact: true }) });
    const other = items.filter({ has: p.getByRole('button', { name: 'click "Save count"', exact: true }) });
    expect(await open.getAttribute('aria-current')).toBe('true');
    expect(await other.getAttribute('aria-current')).toBeNull();
    // Visibly: a bar in the accent colour and a shaded background that the others lack.
    const look = (item: typeof open) =>
      item.evaluate((li) => ({ background: getComputedStyle(li).backgroundColor, bar: getComputedStyle(li).boxShadow }));
    const [openLook, otherLook] = [await look(open), await look(other)];
    expect(openLook.bar).toMatch(/inset/);
    expect(otherLook.bar).toBe('none');
    expect(openLook.background).not.toBe(otherLook.background);
    // "Today 14:05" (or the browser language's words for it), with the full moment in dateTime.
    const time = open.locator('time');
    expect(await time.innerText()).toMatch(/^Today \d{1,2}:\d\d(\s?[AP]M)?$/);
    expect(Math.abs(Date.parse((await time.getAttribute('datetime')) ?? '') - Date.now())).toBeLessThan(120_000);
    // Icons with names, not ✕ / ⤓.
    expect(await open.getByRole('button', { name: 'Delete click "Increase trips" then stop' }).locator('svg').count()).toBe(1);
    expect(await history(p).innerText()).not.toMatch(/[✕⤓]/);
  });

  it('delete, then Undo (the worker stopped in between): it is back, and still there after reloading the panel', async () => {
    const p = await panel();
    await newConversation(p, 'click "Increase trips" to keep');
    await openHistory(p);
    const title = p.getByRole('button', { name: 'click "Increase trips" to keep', exact: true });
    await history(p).getByRole('button', { name: 'Delete click "Increase trips" to keep' }).click();
    await expect.poll(() => title.count()).toBe(0);
    // Deleting the open conversation closes it.
    expect(await p.getByRole('article').count()).toBe(0);
    const notice = history(p).getByRole('status');
    expect(await notice.innerText()).toContain('Deleted “click "Increase trips" to keep”.');
    // The worker stopping meanwhile loses nothing: the deletion is only marked in IndexedDB.
    const cdp = await env.context.newCDPSession(p);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await cdp.detach();
    await notice.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => title.count()).toBe(1);
    // It was open: Undo opens it again.
    await expect.poll(() => p.getByRole('article').count()).toBe(1);

    await p.reload();
    await p.getByRole('status', { name: 'Status' }).waitFor();
    await openHistory(p);
    await expect.poll(() => title.count()).toBe(1);
    const kept = (await stored(p, 'conversations')).find((c) => c.title === 'click "Increase trips" to keep');
    expect(kept).toBeDefined();
    expect(kept?.deletedAt).toBeUndefined();
  });

  it('delete without Undo: gone from the list, after reloading, and from IndexedDB with its tasks', async () => {
    const p = await panel();
    await newConversation(p, 'click "Increase trips" to drop');
    const record = (await stored(p, 'conversations')).find((c) => c.title === 'click "Increase trips" to drop');
    const taskIds = Array.isArray(record?.taskIds) ? record.taskIds : [];
    expect(taskIds.length).toBe(1);
    await openHistory(p);
    await history(p).getByRole('button', { name: 'Delete click "Increase trips" to drop' }).click();
    const notice = history(p).getByRole('status');
    expect(await notice.innerText()).toContain('Deleted');
    // The undo time runs out (about 10 s): the offer goes, and the conversation with it.
    await expect.poll(() => notice.innerText(), { timeout: 20_000 }).toBe('');
    await expect.poll(async () => (await stored(p, 'conversations')).some((c) => c.title === 'click "Increase trips" to drop')).toBe(false);
    expect((await stored(p, 'tasks')).filter((t) => taskIds.includes(t.id))).toEqual([]);
    await p.reload();
    await p.getByRole('status', { name: 'Status' }).waitFor();
    await openHistory(p);
    await expect.poll(() => history(p).getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await history(p).getByRole('button', { name: 'click "Increase trips" to drop', exact: true }).count()).toBe(0);
  });

  it('History’s search finds conversations by their title and by their answers’ words', async () => {
    const p = await panel();
    await newConversation(p, 'click "Increase trips" for the lakeside');
    await newConversation(p, 'click "Save count" for the summit');
    await openHistory(p);
    const search = history(p).getByRole('searchbox', { name: 'Search conversations' });
    const titles = () => history(p).locator('button.title').allInnerTexts();
    await search.fill('LAKESIDE');
    await expect.poll(titles).toEqual(['click "Increase trips" for the lakeside']);
    // "Done" is in no title: only the answers ("Done: …") hold it.
    expect((await lastTurn(p).getByRole('region', { name: 'Answer' }).innerText()).startsWith('Done')).toBe(true);
    await search.fill('done summit');
    await expect.poll(titles).toEqual(['click "Save count" for the summit']);
    await search.fill('done lakeside');
    await expect.poll(titles).toEqual(['click "Increase trips" for the lakeside']);
    await lookAt(p, 'history-search');
    await search.fill('zebra');
    await expect.poll(titles).toEqual([]);
    await history(p).getByRole('status').filter({ hasText: 'No conversation holds “zebra”.' }).waitFor();
    await search.fill('');
    await expect.poll(async () => (await titles()).length).toBeGreaterThanOrEqual(2);
    expect(await accessibilityViolations(p)).toEqual([]);
  });

  it('a card number typed into a task is masked in History, the export file name and the export', async () => {
    const p = await panel();
    await newConversation(p, 'Pay with 4242 4242 4242 4242 please');
    await openHistory(p);
    const item = history(p).getByRole('button', { name: 'Pay with •••• 4242 please', exact: true });
    await item.waitFor();
    expect(await history(p).innerText()).not.toContain('4242 4242');

    const download = p.waitForEvent('download');
    await history(p).getByRole('button', { name: 'Export Pay with •••• 4242 please' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^wayfinder-Pay-with-4242-please-\d{4}-\d\d-\d\d\.json$/);
    const text = await (await file.createReadStream()).toArray().then((chunks: Buffer[]) => Buffer.concat(chunks).toString('utf8'));
    const exported: unknown = JSON.parse(text);
    expect(exported).toMatchObject({ conversation: { title: 'Pay with •••• 4242 please' } });
    expect(text).not.toMatch(/4242[ -]?4242/);

    // A conversation stored before masking existed is masked as it is read.
    await p.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('wayfinder');
          open.onsuccess = () => {
            const tx = open.result.transaction('conversations', 'readwrite');
            const at = Date.now();
            tx.objectStore('conversations').put({
              id: 'c-old',
              title: 'Old order 5555-5555-5555-4444',
              createdAt: at,
              updatedAt: at,
              taskIds: [],
            });
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
            tx.onerror = () => reject(new Error('could not write'));
          };
        }),
    );
    await p.getByRole('button', { name: 'History' }).click();
    await openHistory(p);
    await history(p).getByRole('button', { name: 'Old order •••• 4444', exact: true }).waitFor();
    expect(await history(p).innerText()).not.toContain('5555');
  });
});

describe('favourites and Run again', () => {
  it('a task saved as a favourite is listed, run from the list, renamed, deleted and brought back', async () => {
    const p = await panel();
    await newConversation(p, 'click "Increase trips"');
    await saveAsFavourite(p).click();
    await p.getByRole('button', { name: 'Saved as a favourite', exact: true }).last().waitFor();

    await openFavourites(p);
    const item = favourites(p).getByRole('listitem').filter({ hasText: 'click "Increase trips"' });
    expect(await item.innerText()).toContain('Do');
    // Saving the same task again keeps one.
    expect(await favourites(p).getByRole('listitem').count()).toBe(1);

    // Run from the list: a new task with the favourite's words, in this conversation.
    await item.getByRole('button', { name: 'Run click "Increase trips"' }).click();
    await expect.poll(() => p.getByRole('article').count()).toBe(2);
    const turn = await finishedTurn(p);
    expect(await turn.getAttribute('data-status')).toBe('done');
    expect(await turn.getAttribute('aria-label')).toContain('click "Increase trips"');

    // Rename (Enter saves); the name outlives a reload.
    await openFavourites(p);
    await favourites(p).getByRole('button', { name: 'Rename click "Increase trips"' }).click();
    const field = favourites(p).getByRole('textbox', { name: 'New name for click "Increase trips"' });
    await field.fill('More trips');
    await field.press('Enter');
    await favourites(p).getByRole('button', { name: 'Run More trips' }).waitFor();
    await p.reload();
    await p.getByRole('status', { name: 'Status' }).waitFor();
    await openFavourites(p);
    await favourites(p).getByRole('button', { name: 'Run More trips' }).waitFor();

    // Delete, Undo: back, and still there after a reload.
    await favourites(p).getByRole('button', { name: 'Delete More trips' }).click();
    await expect.poll(() => favourites(p).getByRole('listitem').count()).toBe(0);
    const notice = favourites(p).getByRole('status');
    expect(await notice.innerText()).toContain('Deleted “More trips”.');
    await notice.getByRole('button', { name: 'Undo' }).click();
    await favourites(p).getByRole('button', { name: 'Run More trips' }).waitFor();
    await p.reload();
    await p.getByRole('status', { name: 'Status' }).waitFor();
    await openFavourites(p);
    await favourites(p).getByRole('button', { name: 'Run More trips' }).waitFor();
    const kept = (await stored(p, 'favourites')).find((f) => f.title === 'More trips');
    expect(kept).toMatchObject({ task: 'click "Increase trips"', mode: 'act' });
    expect(kept?.deletedAt).toBeUndefined();
  });

  it('Run again on a finished task starts the same task, same mode, in the same conversation', async () => {
    const p = await panel();
    await newConversation(p, 'click "Save count"');
    const conversationsBefore = (await stored(p, 'conversations')).length;
    await p.getByRole('button', { name: 'Run again', exact: true }).last().click();
    await expect.poll(() => p.getByRole('article').count()).toBe(2);
    const turn = await finishedTurn(p);
    expect(await turn.getAttribute('data-status')).toBe('done');
    expect((await stored(p, 'conversations')).length).toBe(conversationsBefore);
    // Both tasks, in the one conversation: the same words, the same mode.
    const conversation = (await stored(p, 'conversations')).sort((a, b) => Number(b.updatedAt) - Number(a.updatedAt))[0];
    const ids = Array.isArray(conversation?.taskIds) ? conversation.taskIds : [];
    const states = (await stored(p, 'tasks')).filter((t) => ids.includes(t.id)).map((t) => t.state);
    expect(states).toEqual([
      expect.objectContaining({ task: 'click "Save count"', mode: 'act' }),
      expect.objectContaining({ task: 'click "Save count"', mode: 'act' }),
    ]);
  });
});

describe('pictures and accessibility', () => {
  async function shoot(p: Page, name: string, width: number): Promise<void> {
    const png = await p.screenshot();
    writeFileSync(artifactPath(name), png);
    const decoded = decodePng(png.toString('base64'));
    expect(decoded.width).toBe(width);
    expect(colourCount(decoded)).toBeGreaterThan(30);
  }

  it('History and Favourites, light and dark, 420, 320 and 210 px (200 % zoom): photographed, nothing axe objects to', async () => {
    const p = await panel();
    await newConversation(p, 'Pay with 4242 4242 4242 4242 please');
    await saveAsFavourite(p).click();
    await newConversation(p, 'click "Increase trips" for the pictures, a rather long task title that will not fit');
    await saveAsFavourite(p).click();
    for (const width of PANEL_WIDTHS) {
      await p.setViewportSize({ width, height: 760 });
      for (const scheme of ['light', 'dark'] as const) {
        await p.emulateMedia({ colorScheme: scheme });
        await openHistory(p);
        await shoot(p, `history-${scheme}-${width}.png`, width);
        expect(await accessibilityViolations(p)).toEqual([]);
        // The moment after a delete: the offer to undo it.
        const listed = await history(p).getByRole('listitem').count();
        await history(p).getByRole('button', { name: 'Delete Pay with •••• 4242 please' }).first().click();
        await history(p).getByRole('button', { name: 'Undo' }).waitFor();
        await shoot(p, `history-${scheme}-${width}-undo.png`, width);
        expect(await accessibilityViolations(p)).toEqual([]);
        await history(p).getByRole('button', { name: 'Undo' }).click();
        await expect.poll(() => history(p).getByRole('listitem').count()).toBe(listed);
        await openFavourites(p);
        await favourites(p).getByRole('listitem').nth(1).waitFor();
        await shoot(p, `favourites-${scheme}-${width}.png`, width);
        expect(await accessibilityViolations(p)).toEqual([]);
      }
    }
  });
});
