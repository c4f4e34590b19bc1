import { SkillRecorder, type CdpTab } from '@wayfinder/cdp';
import { skillFromRecording, writeSkillFile, type RecordedEvent, type Skill, type SkillStep } from '@wayfinder/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDriverEnv, ref, type DriverEnv } from './env';

// A person does a gym task in a real tab (the driver's trusted mouse and keyboard: clicks
// into fields, typing key by key, a select picked by typing, a radio and a checkbox
// clicked, Enter pressed, a link followed and one opening a new tab); the recording becomes
// a skill with core's skillFromRecording, and it holds the steps that person would expect.

const PASSWORD = 'Ridge-Run-2041';

let env: DriverEnv;
beforeAll(async () => {
  env = await openDriverEnv();
});
afterAll(async () => {
  await env.close();
});

/** What a recording holds, one line an event, for failure messages. */
function summary(events: readonly RecordedEvent[]): string {
  return events
    .map((e) => ('target' in e && e.target ? `${e.kind} ${e.target.facts.name} ${'value' in e ? e.value : ''}` : JSON.stringify(e)))
    .join('\n');
}

async function until(check: () => boolean, what: string, recorder?: SkillRecorder, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}. Recorded:\n${recorder ? summary(recorder.recorded) : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Focuses an element by script (no event a recorder would see), as Tab from elsewhere would. */
async function focus(tab: CdpTab, r: string): Promise<void> {
  await tab.script.call('focus', [r], r);
}

function named(skill: Skill, type: SkillStep['type'], name: string | RegExp): SkillStep {
  const step = skill.steps.find(
    (s) => s.type === type && (typeof name === 'string' ? s.targetName === name : name.test(s.targetName ?? '')),
  );
  if (!step) throw new Error(`No ${type} step on ${String(name)} in ${JSON.stringify(skill.steps, null, 1).slice(0, 3000)}`);
  return step;
}

describe('skill recorder', () => {
  it('records a person signing up, following a link and opening a new tab, as the steps they took', async () => {
    const tab = await env.browser.openTab();
    const live: RecordedEvent[] = [];
    const recorder = new SkillRecorder(env.browser, { onEvent: (event) => live.push(event) });
    await recorder.start(tab, { url: `${env.gym.url}/signup` });

    let s = await tab.snapshot({ mode: 'full' });
    const typeInto = async (name: string, text: string) => {
      const r = ref(s, 'textbox', name);
      await tab.act(r, { kind: 'click' });
      await tab.act(r, { kind: 'type', text, mode: 'keys' });
    };
    await typeInto('Full name', 'Ada Lovelace');
    await typeInto('Email address', 'ada@example.org');
    await typeInto('Password', PASSWORD);
    await typeInto('Confirm password', PASSWORD);
    // One report per keystroke (core keeps the last): all of them are in before the note.
    const confirmKeys = () => recorder.recorded.filter((e) => e.kind === 'input' && e.target.facts.name === 'Confirm password').length;
    await until(() => confirmKeys() === PASSWORD.length, 'every keystroke of the confirmation to be recorded', recorder);
    recorder.note('The confirmation must match.');
    await tab.act(ref(s, 'button', 'Next'), { kind: 'click' });

    s = await tab.snapshot({ mode: 'full' });
    await focus(tab, ref(s, 'combobox', 'Country'));
    await tab.keyboard.type('Japan');
    await tab.act(ref(s, 'radio', /^Pro/), { kind: 'click' });
    await focus(tab, ref(s, 'textbox', 'Date of birth'));
    await tab.keyboard.type('01021990');
    await tab.act(ref(s, 'checkbox', /I accept the/), { kind: 'click' });
    await tab.act(ref(s, 'button', 'Next'), { kind: 'click' });

    s = await tab.snapshot({ mode: 'full' });
    await focus(tab, ref(s, 'button', 'Create account'));
    await tab.keyboard.press('Enter');
    const state = await env.stateUntil((st) => st.signup.accounts.length === 1);
    expect(state.signup.accounts[0]).toMatchObject({ fullName: 'Ada Lovelace', country: 'Japan', plan: 'pro', birthDate: '1990-01-02' });
    await tab.waitFor({ kind: 'text', text: 'Welcome aboard!' });

    // A link: a full navigation to another document, after which recording goes on.
    s = await tab.snapshot({ mode: 'full' });
    const home = await tab.act(ref(s, 'link', 'Trailhead Club'), { kind: 'click' });
    expect(home.navigated).toBe(true);
    // An address typed into the omnibox.
    await tab.session.send('Page.navigate', { url: `${env.gym.url}/widgets`, transitionType: 'typed' });
    await tab.waitFor({ kind: 'text', text: 'Open the trail map in a new tab' });
    s = await tab.snapshot({ mode: 'full' });
    const opened = await tab.act(ref(s, 'link', 'Open the trail map in a new tab'), { kind: 'click' });
    expect(opened.newTabs).toHaveLength(1);
    await until(() => recorder.recorded.some((e) => e.kind === 'newTab'), 'the new tab to be recorded', recorder);

    const events = await recorder.stop();
    expect(live).toEqual(events);
    const eventsText = JSON.stringify(events);
    expect(eventsText).not.toContain(PASSWORD);

    const skill = skillFromRecording(events, { name: 'sign up', secretsFor: () => ['gym-login'], recordedAt: '2026-11-23T08:00:00Z' });
    const file = writeSkillFile(skill);
    expect(file).not.toContain(PASSWORD);

    const types = skill.steps.filter((step) => step.type !== 'scroll').map((step) => step.type);
    expect(types).toEqual([
      'navigate',
      'change',
      'change',
      'change',
      'change',
      'click',
      'select',
      'check',
      'change',
      'check',
      'click',
      'press',
      'click',
      'navigate',
      'click',
      'switchTab',
    ]);
    expect(skill.steps[0]).toMatchObject({ type: 'navigate', url: `${env.gym.url}/signup`, via: 'typed' });
    // Final typed values and options chosen (made inputs, with the recorded value as the example), one step per field.
    const example = (step: SkillStep) => skill.inputs.find((input) => step.value === `{{${input.name}}}`)?.examples[0];
    expect(example(named(skill, 'change', 'Full name'))).toBe('Ada Lovelace');
    expect(example(named(skill, 'change', 'Email address'))).toBe('ada@example.org');
    expect(example(named(skill, 'change', 'Date of birth'))).toBe('1990-01-02');
    // The passwords: the site's one stored secret, by name.
    expect(named(skill, 'change', 'Password').value).toBe('{{secret:gym-login}}');
    expect(named(skill, 'change', 'Confirm password')).toMatchObject({
      value: '{{secret:gym-login}}',
      note: 'The confirmation must match.',
    });
    expect(skill.secrets).toEqual(['gym-login']);
    const country = named(skill, 'select', 'Country');
    expect(example(country)).toBe('Japan');
    named(skill, 'check', /^Pro/);
    named(skill, 'check', /I accept the/);
    // Enter on the button submitted the form: one press (not also a click), and its POST as evidence without query or body.
    const press = skill.steps.find((step) => step.type === 'press');
    // The press keeps where it went: replay presses Enter on that button, wherever focus is.
    expect(press).toMatchObject({
      key: 'Enter',
      targetName: 'Create account',
      evidence: [{ method: 'POST', path: '/signup/api/accounts' }],
    });
    expect(skill.steps.filter((step) => step.type === 'click' && step.targetName === 'Create account')).toEqual([]);
    // The link's navigation is what its click should lead to: wherever the link points when replayed.
    expect(named(skill, 'click', 'Trailhead Club')).toMatchObject({
      expect: [{ kind: 'url', value: '/', match: 'link' }],
      assertedEvents: [expect.objectContaining({ type: 'navigation', url: `${env.gym.url}/` })],
    });
    expect(skill.steps.filter((step) => step.type === 'navigate')[1]).toMatchObject({ url: `${env.gym.url}/widgets`, via: 'typed' });
    const last = skill.steps.filter((step) => step.type !== 'scroll').slice(-2);
    expect(last).toMatchObject([
      { type: 'click', targetName: 'Open the trail map in a new tab' },
      { type: 'switchTab', tab: 1 },
    ]);
    expect(events).toContainEqual({ kind: 'newTab', url: `${env.gym.url}/widgets/map.html`, tab: 1 });
    // Locators, never refs.
    expect(named(skill, 'change', 'Full name').locators).toEqual(
      expect.arrayContaining([
        { kind: 'role', value: 'textbox', name: 'Full name' },
        { kind: 'id', value: 'fullName' },
      ]),
    );
    expect(file).not.toMatch(/"e\d+"/);
  });

  it('ignores what page script does: synthetic events, element.click(), and calls to anything it can reach', async () => {
    const url = env.show(`
      <label for="name">Name</label><input id="name">
      <button id="real">Real</button><button id="fake">Fake</button>
      <a id="next" href="/second">Second page</a>
      <script>
        window.forge = () => {
          document.getElementById('fake').click();
          document.getElementById('fake').dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }));
          const input = document.getElementById('name');
          input.value = 'forged';
          input.dispatchEvent(new Event('input', { bubbles: true }));
          input.dispatchEvent(new Event('change', { bubbles: true }));
          input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
          const reachable = Object.getOwnPropertyNames(window).filter((k) => /wayfinder/i.test(k));
          for (const k of reachable) { try { window[k](JSON.stringify({ kind: 'click' })); } catch {} }
          return JSON.stringify({ api: typeof window.__wayfinder, reachable });
        };
        document.getElementById('real').addEventListener('click', () => window.forge());
      </script>`);
    const tab = await env.browser.openTab();
    const recorder = new SkillRecorder(env.browser);
    await recorder.start(tab, { url });
    const seen = await tab.session.send('Runtime.evaluate', { expression: 'window.forge()', returnByValue: true, userGesture: true });
    expect(JSON.parse(String(seen.result.value))).toEqual({ api: 'undefined', reachable: [] });

    const s = await tab.snapshot();
    // A real click, whose page handler forges more on top.
    await tab.act(ref(s, 'button', 'Real'), { kind: 'click' });
    await until(() => recorder.recorded.some((e) => e.kind === 'click'), 'the real click', recorder);
    const events = await recorder.stop();
    expect(events.flatMap((e) => (e.kind === 'click' ? [e.target.facts.name] : []))).toEqual(['Real']);
    expect(events.filter((e) => e.kind === 'input' || e.kind === 'key')).toEqual([]);
    expect(JSON.stringify(events)).not.toContain('forged');
  });

  it('records an upload by file name, a scroll by its final position, keys that matter, a return to the first tab, and going back', async () => {
    const url = env.show(`
      <label for="photo">Trail photo</label><input id="photo" type="file">
      <label for="q">Search trails</label><input id="q">
      <div id="list" role="region" aria-label="Trail list" tabindex="0" style="height:120px;overflow:auto"><div style="height:3000px">Long list</div></div>
      <a href="/elsewhere" target="_blank">Open elsewhere</a>
      <button>Stay</button>`);
    const tab = await env.browser.openTab();
    const recorder = new SkillRecorder(env.browser);
    await recorder.start(tab, { url });
    let s = await tab.snapshot();
    await tab.act(ref(s, 'file', 'Trail photo'), {
      kind: 'upload',
      files: [{ name: 'ridge.txt', mimeType: 'text/plain', data: Buffer.from('secret contents of the file').toString('base64') }],
    });
    const search = ref(s, 'textbox', 'Search trails');
    await tab.act(search, { kind: 'click' });
    await tab.act(search, { kind: 'type', text: 'ridge', mode: 'keys' });
    await tab.keyboard.press('Control+A');
    await tab.keyboard.press('ArrowLeft');
    await tab.keyboard.press('Escape');
    // The wheel over the list, twice: one scroll, where it ended.
    const box = await tab.session.send('Runtime.evaluate', {
      expression: 'JSON.stringify(document.getElementById("list").getBoundingClientRect())',
      returnByValue: true,
    });
    const rect: unknown = JSON.parse(String(box.result.value));
    if (typeof rect !== 'object' || rect === null || !('x' in rect) || !('y' in rect)) throw new Error('No box for the list');
    const at = { x: Number(rect.x) + 20, y: Number(rect.y) + 20 };
    for (let i = 0; i < 2; i++) await tab.session.send('Input.dispatchMouseEvent', { type: 'mouseWheel', ...at, deltaX: 0, deltaY: 200 });
    await until(() => recorder.recorded.some((e) => e.kind === 'scroll'), 'the scroll', recorder);
    // A new tab, then back in the first one.
    env.show('<h1>Elsewhere</h1>');
    const opened = await tab.act(ref(s, 'link', 'Open elsewhere'), { kind: 'click' });
    expect(opened.newTabs).toHaveLength(1);
    await until(() => recorder.recorded.some((e) => e.kind === 'newTab'), 'the new tab', recorder);
    env.show('<button>Stay</button>');
    await env.browser.switchTab(tab.id);
    s = await tab.snapshot();
    await tab.act(ref(s, 'button', 'Stay'), { kind: 'click' });
    await tab.session.send('Page.navigate', { url: `${env.gym.url}/widgets`, transitionType: 'typed' });
    await tab.waitFor({ kind: 'text', text: 'Open the trail map in a new tab' });
    await tab.goBack();
    await until(() => recorder.recorded.some((e) => e.kind === 'navigate' && e.via === 'history'), 'going back', recorder);
    const events = await recorder.stop();
    expect(JSON.stringify(events)).not.toContain('secret contents');

    const line = (e: RecordedEvent) => {
      switch (e.kind) {
        case 'navigate':
          return `navigate ${e.via}`;
        case 'upload':
          return `upload ${e.target.facts.name}: ${e.fileNames.join(',')}`;
        case 'key':
          return `key ${[...(e.modifiers ?? []), e.key].join('+')}`;
        case 'scroll':
          return `scroll ${e.target?.facts.name ?? 'page'} ${e.y}`;
        case 'newTab':
        case 'switchTab':
          return `${e.kind} ${e.tab}`;
        case 'click':
        case 'input':
          return `${e.kind} ${e.target.facts.name}`;
        default:
          return e.kind;
      }
    };
    const lines = events.map(line).filter((l, i, all) => !(l === 'input Search trails' && all[i + 1] === l));
    expect(lines).toEqual([
      'navigate typed',
      'upload Trail photo: ridge.txt',
      'click Search trails',
      'input Search trails',
      'key Escape',
      'scroll Trail list 400',
      'click Open elsewhere',
      'newTab 1',
      'switchTab 0',
      'click Stay',
      'navigate typed',
      'navigate history',
    ]);
  });

  it('keeps recording across full navigations and a reload, and stops the capture', async () => {
    const first = env.show('<a href="/second">Go on</a>');
    const tab = await env.browser.openTab();
    const recorder = new SkillRecorder(env.browser);
    await recorder.start(tab, { url: first });
    let s = await tab.snapshot();
    // What the server answers next: the page the link leads to.
    env.show('<h1>Second</h1><button>Done</button>');
    await tab.act(ref(s, 'link', 'Go on'), { kind: 'click' });
    s = await tab.snapshot();
    await tab.act(ref(s, 'button', 'Done'), { kind: 'click' });
    await until(
      () => recorder.recorded.some((e) => e.kind === 'click' && e.target.facts.name === 'Done'),
      'the click on the second page',
      recorder,
    );
    await tab.reload();
    await until(() => recorder.recorded.some((e) => e.kind === 'navigate' && e.via === 'reload'), 'the reload', recorder);
    const events = await recorder.stop();
    expect(events.map((e) => (e.kind === 'navigate' ? `${e.kind}:${e.via}` : e.kind))).toEqual([
      'navigate:typed',
      'click',
      'navigate:link',
      'click',
      'navigate:reload',
    ]);
    // Stopped: the capture is gone from the page's isolated world.
    const { value } = await tab.script.call('stopCapture', []);
    expect(value).toBe(false);
  });
});
