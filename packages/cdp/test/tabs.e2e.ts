import { DEFAULT_DIALOG_POLICY } from '@wayfinder/cdp';
import { NodeBrowser } from '@wayfinder/cdp/node';
import type { DialogDecision, DialogInfo } from '@wayfinder/core';
import { colourCount, decodePng, pixelAt } from '@wayfinder/gym';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { failure, openDriverEnv, ref, signedInAdmin, type DriverEnv } from './env';

let env: DriverEnv;
beforeAll(async () => {
  env = await openDriverEnv();
});
afterAll(async () => {
  await env.close();
});
afterEach(() => {
  env.browser.setDialogPolicy(DEFAULT_DIALOG_POLICY);
});

describe('dialogs', () => {
  it('confirm() answered no: nothing is deleted, and the outcome says what was asked', async () => {
    const tab = await signedInAdmin(env);
    const seen: DialogInfo[] = [];
    env.browser.setDialogPolicy((dialog) => {
      seen.push(dialog);
      return { accept: false };
    });
    const s = await tab.snapshot();
    const outcome = await tab.act(ref(s, 'button', 'Delete Ada Lovelace'), { kind: 'click' });
    expect(seen).toEqual([
      { type: 'confirm', message: 'Delete Ada Lovelace? This cannot be undone.', defaultPrompt: '', url: `${env.gym.url}/admin` },
    ]);
    expect(outcome.dialogs).toEqual([
      expect.objectContaining({ type: 'confirm', message: 'Delete Ada Lovelace? This cannot be undone.', accepted: false }),
    ]);
    expect(outcome.summary).toMatch(
      /The page showed a confirm dialog <page-text>Delete Ada Lovelace\? This cannot be undone\.<\/page-text>; it was dismissed\.$/,
    );
    await tab.waitFor({ kind: 'text', text: 'Deletion cancelled.' });
    expect((await env.state()).admin.deleted).toEqual([]);
  });

  it('confirm() answered yes: the member is deleted', async () => {
    const tab = await signedInAdmin(env);
    env.browser.setDialogPolicy(() => ({ accept: true }));
    const s = await tab.snapshot();
    const outcome = await tab.act(ref(s, 'button', 'Delete Alan Turing'), { kind: 'click' });
    expect(outcome.summary).toContain('it was accepted.');
    const state = await env.stateUntil((st) => st.admin.deleted.length === 1);
    expect(state.admin.deleted.map((u) => u.name)).toEqual(['Alan Turing']);
  });

  it("prompt() gets the policy's text; alert() is reported and closed", async () => {
    const tab = await env.browser.openTab(`${env.gym.url}/widgets`);
    env.browser.setDialogPolicy((d) =>
      d.type === 'prompt'
        ? { accept: true, promptText: 'Ridge run' }
        : DEFAULT_DIALOG_POLICY(d, { id: '', url: '', title: '', active: true }),
    );
    const s = await tab.snapshot();
    const renamed = await tab.act(ref(s, 'button', 'Rename trip'), { kind: 'click' });
    expect(renamed.dialogs).toEqual([
      {
        type: 'prompt',
        message: 'New name for the trip',
        defaultPrompt: 'Weekend loop',
        url: `${env.gym.url}/widgets`,
        accepted: true,
        promptText: 'Ridge run',
      },
    ]);
    await env.stateUntil((st) => st.widgets.tripName === 'Ridge run');
    const about = await tab.act(ref(s, 'button', 'About'), { kind: 'click' });
    expect(about.summary).toMatch(
      /The page showed an alert dialog <page-text>Trailhead widgets, version 1\.<\/page-text>; it was closed\.$/,
    );
  });

  it('beforeunload: the default stays on a page with unsaved changes; a policy can leave', async () => {
    const tab = await env.browser.openTab(`${env.gym.url}/widgets`);
    const s = await tab.snapshot({ mode: 'full' });
    await tab.act(ref(s, 'textbox', 'Trip notes'), { kind: 'type', text: 'unsaved' });
    expect(await failure(tab.navigate(`${env.gym.url}/signup`))).toEqual({
      code: 'navigation-failed',
      retryable: false,
      message:
        'Stayed on the page: it asked to confirm leaving (it may have unsaved changes), and the dialog policy said stay. Save or discard the changes first, or leave anyway if the user agrees.',
    });
    expect((await tab.info()).url).toBe(`${env.gym.url}/widgets`);
    env.browser.setDialogPolicy(() => ({ accept: true }));
    const left = await tab.navigate(`${env.gym.url}/signup`);
    expect(left.url).toBe(`${env.gym.url}/signup`);
    expect(left.dialogs).toEqual([expect.objectContaining({ type: 'beforeunload', accepted: true })]);
  });

  it("while the policy is still deciding (asking a person), other calls are refused with the dialog's text", async () => {
    const tab = await env.browser.openTab(`${env.gym.url}/widgets`);
    let release: ((decision: DialogDecision) => void) | undefined;
    const asked = new Promise<void>((policyCalled) => {
      env.browser.setDialogPolicy(
        () =>
          new Promise<DialogDecision>((resolve) => {
            release = resolve;
            policyCalled();
          }),
      );
    });
    const s = await tab.snapshot();
    const clicking = tab.act(ref(s, 'button', 'Rename trip'), { kind: 'click' });
    await asked;
    expect(await failure(tab.snapshot())).toEqual({
      code: 'dialog-open',
      retryable: true,
      message:
        'A prompt dialog is open (<page-text>New name for the trip</page-text>) and waits for an answer; nothing on the page can be used until it is answered.',
    });
    if (!release) throw new Error('the policy was not asked');
    release({ accept: true, promptText: 'Slow answer' });
    expect((await clicking).dialogs[0]).toMatchObject({ promptText: 'Slow answer' });
    await env.stateUntil((st) => st.widgets.tripName === 'Slow answer');
  });
});

describe('tabs', () => {
  it('reports tabs opened by links and popups; lists, switches and closes them', async () => {
    const tab = await env.browser.openTab(`${env.gym.url}/widgets`);
    const s = await tab.snapshot({ mode: 'full' });
    const viaLink = await tab.act(ref(s, 'link', 'Open the trail map in a new tab'), { kind: 'click' });
    expect(viaLink.newTabs).toEqual([expect.objectContaining({ url: `${env.gym.url}/widgets/map.html`, openerId: tab.id })]);
    expect(viaLink.summary).toMatch(
      new RegExp(`It opened a new tab \\[\\w+\\] <page-text>${env.gym.url}/widgets/map\\.html</page-text>; switch to it to use it\\.$`),
    );
    const viaPopup = await tab.act(ref(s, 'button', 'Open help popup'), { kind: 'click' });
    const popup = viaPopup.newTabs[0];
    expect(popup).toMatchObject({ url: `${env.gym.url}/widgets/help.html`, openerId: tab.id });
    const listed = await env.browser.tabs();
    expect(listed.map((t) => t.url)).toEqual(
      expect.arrayContaining([`${env.gym.url}/widgets/map.html`, `${env.gym.url}/widgets/help.html`]),
    );
    const map = viaLink.newTabs[0];
    if (!map || !popup) throw new Error('new tabs missing');
    const mapTab = await env.browser.switchTab(map.id);
    expect((await mapTab.snapshot()).text).toContain('# Trail map');
    expect((await env.browser.tabs()).find((t) => t.id === map.id)?.active).toBe(true);
    await env.browser.closeTab(map.id);
    expect((await env.browser.tabs()).some((t) => t.id === map.id)).toBe(false);
    expect(await failure(mapTab.snapshot())).toEqual({
      code: 'tab-closed',
      retryable: false,
      message: 'The tab closed before taking a snapshot; list the open tabs and switch to one.',
    });
    expect(await failure(env.browser.switchTab(map.id))).toMatchObject({ code: 'tab-closed' });
    // A page that closes itself.
    const help = await env.browser.switchTab(popup.id);
    const h = await help.snapshot();
    await help.act(ref(h, 'button', 'Close help'), { kind: 'click' }).catch(() => undefined);
    await expect.poll(async () => (await env.browser.tabs()).some((t) => t.id === popup.id)).toBe(false);
  });

  it('a tab behind the popups it opened is still driven: each click lands (straight at its point: a hidden page draws no frames to move the pointer through)', async () => {
    const tab = await env.browser.openTab(`${env.gym.url}/liar/flood/popup-one`);
    const s = await tab.snapshot();
    for (const n of [1, 2, 3]) {
      const outcome = await tab.act(ref(s, 'button', `Open offer ${n}`), { kind: 'click' });
      expect(outcome.newTabs).toEqual([expect.objectContaining({ url: `${env.gym.url}/liar/flood/offer?one=${n}` })]);
    }
    const offers = (await env.state()).liar.requests.filter((r) => r.path.startsWith('/liar/flood/offer?one='));
    expect(offers.map((r) => r.path)).toEqual(['/liar/flood/offer?one=1', '/liar/flood/offer?one=2', '/liar/flood/offer?one=3']);
    for (const t of await env.browser.tabs()) if (t.url.includes('/liar/flood/')) await env.browser.closeTab(t.id);
  });
});

describe('waiting', () => {
  it('waits for text, for an element to go, for navigation, for a quiet network, and times out clearly', async () => {
    const tab = await env.browser.openTab(`${env.gym.url}/feed`);
    expect(await tab.waitFor({ kind: 'text', text: 'Showing 10 posts' })).toMatch(/^The text "Showing 10 posts" appeared after \d+ ms\.$/);
    expect(await tab.waitFor({ kind: 'network-idle', idleMs: 200 })).toMatch(/^The network was quiet for 200 ms after \d+ ms\.$/);
    expect(await failure(tab.waitFor({ kind: 'text', text: 'Nothing like this' }, 300))).toEqual({
      code: 'timeout',
      retryable: true,
      message: 'Waited 300 ms for the text "Nothing like this" to appear; it did not. Take a snapshot to see the page.',
    });
    let s = await tab.snapshot();
    await tab.act(ref(s, 'button', 'Settings'), { kind: 'click' });
    await tab.waitFor({ kind: 'text', text: 'Email digest' });
    s = await tab.snapshot();
    const dark = ref(s, 'checkbox', 'Dark mode');
    await tab.act(ref(s, 'button', 'Cancel'), { kind: 'click' });
    expect(await tab.waitFor({ kind: 'ref', ref: dark, gone: true })).toMatch(new RegExp(`^${dark} went away after \\d+ ms\\.$`));
    expect(await tab.waitFor({ kind: 'time', ms: 50 })).toBe('Waited 50 ms.');
    // The page navigates by itself a moment later (a redirect after a timer).
    const navigated = tab.waitFor({ kind: 'navigation' });
    await (
      await env.browser.tab(tab.id)
    ).session.send('Runtime.evaluate', { expression: `setTimeout(() => { location.href = '/signup'; }, 50)` });
    expect(await navigated).toMatch(new RegExp(`^The page navigated to <page-text>${env.gym.url}/signup</page-text> after \\d+ ms\\.$`));
  });
});

function png(data: string): { width: number; height: number; blank: boolean } {
  const decoded = decodePng(data);
  return { width: decoded.width, height: decoded.height, blank: colourCount(decoded) === 1 };
}

describe('screenshots and HTML', () => {
  it('captures the viewport, one element, the whole page, and set-of-marks without leaving marks behind', async () => {
    const tab = await env.browser.openTab(`${env.gym.url}/shop`);
    await tab.waitFor({ kind: 'text', text: '24 products' });
    const viewport = await tab.screenshot();
    expect(viewport.mimeType).toBe('image/png');
    expect(png(viewport.data)).toEqual({ width: 1280, height: 800, blank: false });
    const s = await tab.snapshot({ mode: 'full' });
    const element = await tab.screenshot({ ref: ref(s, 'link', 'Camp Cot') });
    const size = png(element.data);
    expect(size.width).toBe(element.width);
    expect(size.height).toBe(element.height);
    expect(size.width).toBeLessThan(400);
    const full = await tab.screenshot({ fullPage: true });
    expect(png(full.data).height).toBeGreaterThan(1200);
    await tab.act(null, { kind: 'scroll', direction: 'top' });
    const marked = await tab.screenshot({ marks: true });
    expect(marked.marks.length).toBeGreaterThan(20);
    const first = marked.marks[0];
    expect(first?.ref).toBe('e1');
    expect((first?.width ?? 0) * (first?.height ?? 0)).toBeGreaterThan(0);
    expect(marked.data).not.toBe((await tab.screenshot()).data);
    expect(await tab.html('wayfinder-marks').catch((e: unknown) => String(e))).toMatch(/Nothing on the page matches "wayfinder-marks"/);
    const jpeg = await tab.screenshot({ format: 'jpeg', quality: 50 });
    expect(jpeg.mimeType).toBe('image/jpeg');
    expect(Buffer.from(jpeg.data, 'base64').subarray(0, 2).toString('hex')).toBe('ffd8');
  });

  it('captures the element itself after scrolling to it, not whatever was at its old place', async () => {
    const tab = await env.browser.openTab(
      env.show(`<div style="height:2400px;background:#fff">Tall</div>
      <div style="width:120px;height:60px;background:rgb(200,0,0)" role="button" tabindex="0" aria-label="Red box"></div><div style="height:800px"></div>`),
    );
    const s = await tab.snapshot({ mode: 'full' });
    const shot = await tab.screenshot({ ref: ref(s, 'button', 'Red box') });
    const image = decodePng(shot.data);
    expect([image.width, image.height]).toEqual([120, 60]);
    expect(pixelAt(image, 60, 30)).toEqual([200, 0, 0]);
    expect(pixelAt(image, 2, 2)).toEqual([200, 0, 0]);
    expect(colourCount(image)).toBe(1);
  });

  it('returns capped HTML of a selector, never a typed password', async () => {
    const tab = await env.browser.openTab(`${env.gym.url}/signup`);
    const s = await tab.snapshot();
    await tab.act(ref(s, 'textbox', 'Password'), { kind: 'type', text: 'Hunter2hunter' });
    await (
      await env.browser.tab(tab.id)
    ).session.send('Runtime.evaluate', {
      expression: `document.getElementById('password').setAttribute('value', document.getElementById('password').value)`,
    });
    const html = await tab.html('form');
    expect(html).toMatch(/^<form id="signup" novalidate="">/);
    expect(html).not.toContain('Hunter2hunter');
    expect(await tab.html(undefined, 200)).toMatch(/\n… \(cut at 200 of \d+ characters\)$/);
    expect(await failure(tab.html('div[['))).toMatchObject({ code: 'bad-argument', message: '"div[[" is not a valid CSS selector.' });
  });
});

describe('connecting to a running browser', () => {
  it('attaches over http://host:port, as to a browser started with --remote-debugging-port', async () => {
    const endpoint = env.browser.wsEndpoint;
    if (!endpoint) throw new Error('the test browser has no endpoint');
    const port = new URL(endpoint).port;
    const other = await NodeBrowser.connect(`http://127.0.0.1:${port}`);
    try {
      const tab = await other.openTab(`${env.gym.url}/signup`);
      expect((await tab.snapshot()).text).toContain('textbox "Full name"');
      expect((await env.browser.tabs()).some((t) => t.id === tab.id)).toBe(true);
      await other.closeTab(tab.id);
    } finally {
      await other.close();
    }
    // Closing a connected browser leaves the browser itself running.
    expect((await env.browser.tabs()).length).toBeGreaterThan(0);
    await expect(NodeBrowser.connect('http://127.0.0.1:9/')).rejects.toThrow(
      /^Could not reach a browser at http:\/\/127\.0\.0\.1:9\/json\/version/,
    );
  });
});
