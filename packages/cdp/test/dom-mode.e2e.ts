import type { Tab } from '@wayfinder/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, openDriverEnv, ref, type DriverEnv } from './env';

// The DOM-event fallback (no debugger input): the same actions made with script events.
// What works, and where its limits show, stated in what it returns.

const LIMIT =
  'DOM-event mode sends script-made events; pages that accept only real input ignore them. Turn on debugger input for this site if nothing happened.';

let env: DriverEnv;
let tab: Tab;
beforeAll(async () => {
  env = await openDriverEnv({ inputMode: 'dom' });
  tab = await env.browser.openTab();
});
afterAll(async () => {
  await env.close();
});

describe('DOM-event mode', () => {
  it('clicks and types into React inputs (the editing command makes trusted input events)', async () => {
    await tab.navigate(`${env.gym.url}/shop`);
    await tab.waitFor({ kind: 'text', text: '24 products' });
    const s = await tab.snapshot();
    const add = await tab.act(ref(s, 'button', 'Add to cart'), { kind: 'click' });
    expect(add.summary).toMatch(
      new RegExp(
        `^Clicked e\\d+ \\(button <page-text>Add to cart</page-text>\\) with script events\\. ${LIMIT.replace(/[.()]/g, '\\$&')}$`,
      ),
    );
    await env.stateUntil((st) => st.shop.cart.length === 1);
    const typed = await tab.act(ref(s, 'searchbox', 'Search products'), { kind: 'type', text: 'stove', submit: true });
    expect(typed.summary).toMatch(
      /^Typed 5 characters into e\d+ \(searchbox <page-text>Search products<\/page-text>\) \(submitted the form\)\.$/,
    );
    await tab.waitFor({ kind: 'text', text: 'Results for “stove”' });
  });

  it('types into the trusted-only input, selects, checks and uploads', async () => {
    await tab.navigate(`${env.gym.url}/widgets`);
    let s = await tab.snapshot({ mode: 'full' });
    await tab.act(ref(s, 'textbox', 'Access code'), { kind: 'type', text: '9090' });
    await tab.act(ref(s, 'button', 'Save code'), { kind: 'click' });
    await env.stateUntil((st) => st.widgets.accessCode === '9090');
    await tab.act(ref(s, 'combobox', 'Favourite colour'), { kind: 'select', values: ['Blue'] });
    await tab.act(ref(s, 'textbox', 'Display name'), { kind: 'type', text: 'Scout' });
    await tab.act(ref(s, 'button', 'Save profile'), { kind: 'click' });
    await env.stateUntil((st) => st.widgets.profile?.color === 'Blue');
    await tab.navigate(`${env.gym.url}/feed`);
    await tab.waitFor({ kind: 'text', text: 'Showing 10 posts' });
    s = await tab.snapshot({ mode: 'full' });
    expect(
      (
        await tab.act(ref(s, 'file', 'Attach a file'), {
          kind: 'upload',
          files: [{ name: 'notes.md', mimeType: 'text/markdown', data: Buffer.from('# Notes').toString('base64') }],
        })
      ).summary,
    ).toMatch(/^Put notes\.md into e\d+ \(file <page-text>Attach a file<\/page-text>\) \(it now holds notes\.md\)\.$/);
    await tab.act(ref(s, 'button', 'Upload'), { kind: 'click' });
    await env.stateUntil((st) => st.feed.uploads.some((u) => u.name === 'notes.md' && u.preview === '# Notes'));
  });

  it('reorders with synthetic drag events and reaches controls under a modal (script events ignore covering)', async () => {
    let s = await tab.snapshot({ mode: 'full' });
    await tab.act(ref(s, 'draggable', 'Check the weather'), { kind: 'drag', toRef: ref(s, 'draggable', 'Plan the route') });
    await env.stateUntil((st) => st.feed.taskOrder[0] === 'Check the weather');
    await tab.act(ref(s, 'button', 'Settings'), { kind: 'click' });
    await tab.waitFor({ kind: 'text', text: 'Email digest' });
    s = await tab.snapshot({ mode: 'full' });
    await tab.act(ref(s, 'button', /^Like Item 2 /), { kind: 'click' });
    await env.stateUntil((st) => st.feed.liked.includes(2));
    expect((await tab.act(ref(s, 'checkbox', 'Dark mode'), { kind: 'check', checked: true })).summary).toMatch(
      /^Checked e\d+ \(checkbox <page-text>Dark mode<\/page-text>\)\.$/,
    );
  });

  it('says where it falls short: keystroke-only widgets ignore script keys, and keys need a target', async () => {
    await tab.navigate(`${env.gym.url}/widgets`);
    const s = await tab.snapshot({ mode: 'full' });
    const pressed = await tab.act(ref(s, 'textbox', 'Shortcut'), { kind: 'press', keys: 'Ctrl+K' });
    expect(pressed.summary).toBe(`Pressed Ctrl+K with script events. ${LIMIT}`);
    // The recorder updates its text in the key handler itself: untouched means ignored.
    expect(await tab.html('#shortcut')).toContain('>Press keys…</span>');
    expect((await env.state()).widgets.shortcut).toBe('');
    expect(await failure(tab.act(null, { kind: 'press', keys: 'Escape' }))).toEqual({
      code: 'not-supported',
      retryable: false,
      message: 'In DOM-event mode keys need a target: give the ref of the element to press them on.',
    });
  });
});
