import type { Tab } from '@wayfinder/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, openDriverEnv, ref, type DriverEnv } from './env';

// Native colour inputs take no keys: the type action sets them through the page script
// (as #rrggbb), fires input and change as a pick in the colour dialog does, and reads the
// value back. Over trusted input and in DOM-event mode alike.

// The page logs each event it sees, with the value at that moment, where a person can read it.
const PAGE = `<label>Theme colour <input type="color" id="c" value="#000000"></label>
<label>Locked colour <input type="color" id="locked" value="#112233"></label>
<p id="log">events:</p>
<script>
  const log = document.getElementById('log');
  const c = document.getElementById('c');
  for (const kind of ['input', 'change']) c.addEventListener(kind, () => { log.textContent += ' ' + kind + '=' + c.value; });
  // A page that refuses any colour but its own.
  document.getElementById('locked').addEventListener('change', (e) => { e.target.value = '#112233'; });
</script>`;

for (const inputMode of ['cdp', 'dom'] as const) {
  describe(`colour inputs (${inputMode} input)`, () => {
    let env: DriverEnv;
    let tab: Tab;
    beforeAll(async () => {
      env = await openDriverEnv({ inputMode });
      tab = await env.browser.openTab();
    });
    afterAll(async () => {
      await env.close();
    });

    async function log(): Promise<string> {
      return (await tab.snapshot()).text.match(/events:[^\n"]*/)?.[0] ?? '';
    }

    it('sets #rrggbb, #rgb and colour names, firing input and change, and reads the value back', async () => {
      await tab.navigate(env.show(PAGE));
      const s = await tab.snapshot();
      const colour = ref(s, 'button', 'Theme colour');
      const hex = await tab.act(colour, { kind: 'type', text: '#3366FF' });
      expect(hex.summary).toMatch(/^Set e\d+ \(button <page-text>Theme colour<\/page-text>\) to #3366ff\.$/);
      expect(await log()).toBe('events: input=#3366ff change=#3366ff');
      await tab.act(colour, { kind: 'type', text: '#0f0' });
      await tab.act(colour, { kind: 'type', text: 'rebeccapurple' });
      expect(await log()).toBe('events: input=#3366ff change=#3366ff input=#00ff00 change=#00ff00 input=#663399 change=#663399');
      const after = await tab.snapshot();
      expect(after.text).toMatch(/\[e\d+\] button "Theme colour" focused value="#663399"/);
    });

    it('refuses what is not a colour, and says when the page did not keep the value', async () => {
      await tab.navigate(env.show(PAGE));
      const s = await tab.snapshot();
      const colour = ref(s, 'button', 'Theme colour');
      const banana = await failure(tab.act(colour, { kind: 'type', text: 'banana' }));
      expect(banana.code).toBe('bad-argument');
      expect(banana.message).toMatch(
        /^"banana" is not a colour e\d+ \(button <page-text>Theme colour<\/page-text>\) can hold; give #rrggbb/,
      );
      expect(await failure(tab.act(colour, { kind: 'type', text: 'rgba(0, 0, 0, 0.5)' }))).toMatchObject({ code: 'bad-argument' });
      expect(await log()).toBe('events:');
      const locked = await failure(tab.act(ref(s, 'button', 'Locked colour'), { kind: 'type', text: 'red' }));
      expect(locked.code).toBe('unexpected');
      expect(locked.message).toMatch(/Locked colour<\/page-text>\) did not keep #ff0000: it shows <page-text>#112233<\/page-text>/);
    });
  });
}
