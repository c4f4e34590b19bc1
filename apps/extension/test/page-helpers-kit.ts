import type { Brain, MockModelServer } from '@wayfinder/gym';
import type { Page } from 'playwright-core';
import { agentRequests } from './env';

// Shared by the page helpers' tests: a brain that answers each helper by its system prompt,
// and selecting text the way a person's selection ends up (then letting go of a key). The
// helpers' toolbar and frame are reached through helper-world.ts.

export const REWRITTEN = 'Pack a warm jacket';
export const EXPLAINED = 'It means: leave nature as you found it.';
export const DRAFTED = 'Hi Sam, here is the camping checklist for the lake trip.';
export const PICTURE = 'Four coloured squares: red, green, blue and yellow.';

/** Answers each helper by what its system prompt asks; anything else (a task) is done at once. */
export const helperBrain: Brain = (messages) => {
  const system = JSON.stringify(messages[0] ?? '');
  if (system.includes('You rewrite')) return { text: REWRITTEN };
  if (system.includes('You explain a picture')) return { text: PICTURE };
  if (system.includes('You explain')) return { text: EXPLAINED };
  if (system.includes('You write text')) return { text: DRAFTED };
  return { calls: [{ name: 'done', input: { summary: 'Read what was attached.', success: true } }] };
};

/** The helper requests the model got (their system prompt names the helper). */
export function helperRequests(server: MockModelServer, kind: string): string[] {
  return agentRequests(server)
    .map((r) => JSON.stringify(r.body.messages))
    .filter((m) => m.includes(kind));
}

/**
 * Selects `text` inside the element `css` (a field, or any element: the first text node that
 * holds it), focused, as a person's drag would leave it; then lets go of Shift, as the end of
 * a keyboard selection — the overlay's cue that the selection settled.
 */
export async function selectText(page: Page, css: string, text: string): Promise<void> {
  await page.waitForFunction(
    ({ css, text }) => {
      const el = document.querySelector(css);
      if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) return el.value.includes(text);
      return (el?.textContent ?? '').includes(text);
    },
    { css, text },
  );
  await page.locator(css).first().focus();
  await page.evaluate(
    ({ css, text }) => {
      const el = document.querySelector(css);
      if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
        const start = el.value.indexOf(text);
        el.setSelectionRange(start, start + text.length);
        return;
      }
      if (!el) throw new Error(`no ${css}`);
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent?.indexOf(text) ?? -1;
        if (at < 0) continue;
        window.getSelection()?.setBaseAndExtent(node, at, node, at + text.length);
        return;
      }
      throw new Error(`"${text}" is not in one text node of ${css}`);
    },
    { css, text },
  );
  await page.keyboard.press('Shift');
}

/** The text in an editor's own state (window.editors on the gym's editors page); no-break spaces read as spaces. */
export function editorText(page: Page, id: string): Promise<string> {
  return page
    .evaluate((id) => {
      const editors: unknown = Reflect.get(window, 'editors');
      const editor: unknown = typeof editors === 'object' && editors !== null ? Reflect.get(editors, id) : null;
      if (typeof editor !== 'object' || editor === null || !('text' in editor) || typeof editor.text !== 'function')
        throw new Error(`no editor ${id}`);
      return String(Reflect.apply(editor.text, editor, []));
    }, id)
    .then((text) => text.replace(/\u00a0/g, ' '));
}
