import { PAGE_API_VERSION, PAGE_GLOBAL, READER_GLOBAL } from '@wayfinder/page';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CdpTab } from '../src/tab/cdp-tab';
import { WORLD_NAME } from '../src/script-worlds';
import { openDriverEnv, type DriverEnv } from './env';

// Where the page script lives (docs/0047): evaluated in our isolated world at the start of
// each new document, so a replayed step after a navigation finds it there instead of
// evaluating it then; the reader only where `extract` ran; neither seen by the page.

let env: DriverEnv;
let tab: CdpTab;
beforeAll(async () => {
  env = await openDriverEnv();
  tab = await env.browser.newPage();
});
afterAll(async () => {
  await env.close();
});

/** What `expression` gives in our world of the main frame, looked at without the driver's help. */
async function inOurWorld(expression: string): Promise<unknown> {
  const { frameTree } = await tab.session.send('Page.getFrameTree');
  const { executionContextId } = await tab.session.send('Page.createIsolatedWorld', { frameId: frameTree.frame.id, worldName: WORLD_NAME });
  const { result } = await tab.session.send('Runtime.evaluate', { expression, contextId: executionContextId, returnByValue: true });
  return result.value;
}

async function inThePage(expression: string): Promise<unknown> {
  const { result } = await tab.session.send('Runtime.evaluate', { expression, returnByValue: true });
  return result.value;
}

describe('the page script at document start', () => {
  it('is in our world of every new document before the driver calls it, and the page cannot see it', async () => {
    await tab.navigate(`${env.gym.url}/article`);
    expect(await inOurWorld(`typeof globalThis[${JSON.stringify(PAGE_GLOBAL)}]?.snapshot`)).toBe('function');
    expect(await inOurWorld(`typeof globalThis[${JSON.stringify(READER_GLOBAL)}]`)).toBe('undefined');
    expect(await inThePage(`typeof globalThis[${JSON.stringify(PAGE_GLOBAL)}]`)).toBe('undefined');

    // Another document (a link followed by the page itself): there again, without a call.
    await inThePage(`location.href = ${JSON.stringify(`${env.gym.url}/widgets`)}`);
    await expect.poll(() => inThePage('location.pathname')).toBe('/widgets');
    await expect.poll(() => inOurWorld(`typeof globalThis[${JSON.stringify(PAGE_GLOBAL)}]?.snapshot`)).toBe('function');
  });

  it('reads a page with the reader evaluated before the first extract only, in that document', async () => {
    await tab.navigate(`${env.gym.url}/article`);
    const read = await tab.script.extract({});
    expect(read.source).toBe('defuddle');
    expect(read.wordCount).toBeGreaterThan(40);
    expect(await inOurWorld(`typeof globalThis[${JSON.stringify(READER_GLOBAL)}]`)).toBe('function');
    expect(await inThePage(`typeof globalThis[${JSON.stringify(READER_GLOBAL)}]`)).toBe('undefined');

    // A new document has no reader until it is read; reading it installs it again.
    await tab.navigate(`${env.gym.url}/article?again=1`);
    expect(await inOurWorld(`typeof globalThis[${JSON.stringify(READER_GLOBAL)}]`)).toBe('undefined');
    expect((await tab.script.extract({})).source).toBe('defuddle');
  });

  it('puts the script back in a world that lost it, and the reader in one that lost only the reader', async () => {
    // The reader alone gone after a read: the next read puts it back.
    await tab.navigate(`${env.gym.url}/article`);
    expect((await tab.script.extract({})).source).toBe('defuddle');
    await inOurWorld(`delete globalThis[${JSON.stringify(READER_GLOBAL)}]; true`);
    expect((await tab.script.extract({})).source).toBe('defuddle');
    expect(await inOurWorld(`typeof globalThis[${JSON.stringify(READER_GLOBAL)}]`)).toBe('function');
    // The reader and the page API dropped from our world: the next call puts both back.
    await tab.navigate(`${env.gym.url}/article`);
    await inOurWorld(`delete globalThis[${JSON.stringify(PAGE_GLOBAL)}]; delete globalThis[${JSON.stringify(READER_GLOBAL)}]; true`);
    expect(await inOurWorld(`typeof globalThis[${JSON.stringify(PAGE_GLOBAL)}]`)).toBe('undefined');
    const snapshot = await tab.script.snapshot();
    expect(snapshot.text).toContain('# Leave No Trace');
    expect((await tab.script.extract({})).source).toBe('defuddle');
  });

  it('replaces an older page script left in the world (a document from before an update)', async () => {
    await tab.navigate(`${env.gym.url}/article`);
    await inOurWorld(
      `Object.defineProperty(globalThis, ${JSON.stringify(PAGE_GLOBAL)}, { value: { version: 1 }, configurable: true }); true`,
    );
    const snapshot = await tab.script.snapshot();
    expect(snapshot.text).toContain('# Leave No Trace');
    expect(await inOurWorld(`globalThis[${JSON.stringify(PAGE_GLOBAL)}].version`)).toBe(PAGE_API_VERSION);
  });
});
