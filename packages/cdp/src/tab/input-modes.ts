import { BrowserError, pageData, type FileInput, type Modifier, type MouseButton } from '@wayfinder/core';
import type { DomAction } from '@wayfinder/page';
import type { ActionTarget, Located } from './target';

// The two ways Wayfinder acts on a page, chosen once per tab: trusted input through the
// debugger (mouse and keys as a person's), or events made by the page script (no
// debugger input; some sites ignore them). The shared part of every action — making the
// element ready, refusing a page that navigated meanwhile — is in actions.ts.

export interface ClickOptions {
  button?: MouseButton;
  clickCount?: 1 | 2;
  modifiers?: Modifier[];
}

export interface TypeRequest {
  text: string;
  mode: 'insert' | 'keys';
  replace: boolean;
  submit: boolean;
}

export interface InputDriver {
  readonly name: 'cdp' | 'dom';
  /** Script events go straight to an element, so one covering it does not matter. */
  readonly reachesCovered: boolean;
  click(t: ActionTarget, el: Located, options: ClickOptions): Promise<string>;
  type(t: ActionTarget, el: Located, request: TypeRequest): Promise<string>;
  press(t: ActionTarget, ref: string | null, label: string, keys: string): Promise<string>;
  /** Sets a checkbox; `viaClick` clicks it the trusted way (which the page then handles). */
  check(t: ActionTarget, el: Located, checked: boolean, viaClick: () => Promise<string>): Promise<string>;
  hover(t: ActionTarget, el: Located): Promise<string>;
  drag(
    t: ActionTarget,
    from: Located,
    to: { point: { x: number; y: number }; label: string; ref: string | null },
    offset: { x: number; y: number } | null,
  ): Promise<string>;
  /** Puts files into a file input. */
  setFiles(t: ActionTarget, el: Located, files: FileInput[]): Promise<void>;
  /** Whether a button that opens the file chooser can be served (only trusted input can catch the chooser). */
  readonly catchesChooser: boolean;
}

const isString = (v: unknown): v is string => typeof v === 'string';

/** The value a date field holds (what a recording keeps, and what a model tends to type). */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date field takes no inserted text: its segments take digits, in the order the browser
 * shows them (month/day/year in en-US), which follows its locale.
 */
async function dateKeys(t: ActionTarget, iso: string): Promise<string | null> {
  const [, year = '', month = '', day = ''] = ISO_DATE.exec(iso) ?? [];
  const { result } = await t.session.send('Runtime.evaluate', {
    expression: `new Intl.DateTimeFormat(navigator.language).formatToParts(new Date(2001, 1, 3)).map((p) => p.type).filter((p) => p !== 'literal').join(',')`,
    returnByValue: true,
  });
  const order = typeof result.value === 'string' ? result.value.split(',') : [];
  const parts: Record<string, string> = { year, month, day };
  const keys = order.map((part) => parts[part] ?? '');
  return keys.length === 3 && keys.every(Boolean) ? keys.join('') : null;
}

function quote(text: string, max = 60): string {
  return JSON.stringify(text.length > max ? `${text.slice(0, max - 1)}…` : text);
}

function dom(t: ActionTarget, ref: string, action: DomAction): Promise<string> {
  return t.page('domAct', [ref, action], ref, isString);
}

function filesWithData(files: FileInput[]): { name: string; mimeType: string; data: string }[] {
  return files.map((file) => {
    if (file.data === undefined)
      throw new BrowserError(
        'not-supported',
        `${file.name} is given as a path, which only a browser on this machine can read; give its contents instead.`,
        false,
      );
    return { name: file.name, mimeType: file.mimeType ?? 'application/octet-stream', data: file.data };
  });
}

const DRAG_STEPS = 12;

/** Trusted input: the debugger's mouse and keyboard, at the point the actionability check found. */
export const TRUSTED_INPUT: InputDriver = {
  name: 'cdp',
  reachesCovered: false,
  catchesChooser: true,

  async click(t, el, options) {
    // The policy judged this element: it must still be the one under the pointer when the button goes down.
    if (el.hidden) t.mouse.jump(el.point.x, el.point.y);
    else await t.mouse.move(el.point.x, el.point.y, 1, 0, options.modifiers ?? []);
    await t.stillUnderPointer(el);
    await t.mouse.click(el.point.x, el.point.y, options);
    const verb = options.clickCount === 2 ? 'Double-clicked' : options.button === 'right' ? 'Right-clicked' : 'Clicked';
    return `${verb} ${el.label}.`;
  },

  async type(t, el, { text, mode, replace, submit }) {
    const info = await t.page(
      'prepareTyping',
      [el.ref, replace],
      el.ref,
      (v): v is { secret: boolean; readonly: boolean } => typeof v === 'object' && v !== null && 'secret' in v,
    );
    if (info.readonly) throw new BrowserError('bad-argument', `${el.label} is read-only; it cannot be typed into.`, false);
    if (mode === 'keys') await t.keyboard.type(text);
    else if (text) await t.keyboard.insert(text);
    else if (replace) await t.keyboard.press('Delete');
    let summary = info.secret ? `Typed ${text.length} characters into ${el.label}` : `Typed ${quote(text)} into ${el.label}`;
    if (!info.secret && !submit && replace) {
      let now = await t.page('value', [el.ref], el.ref, isString);
      const keys = now === '' && mode !== 'keys' && ISO_DATE.test(text) ? await dateKeys(t, text).catch(() => null) : null;
      if (keys) {
        await t.keyboard.type(keys);
        now = await t.page('value', [el.ref], el.ref, isString);
      }
      if (now !== text) summary += `; the field now shows ${pageData(now, 60)} (the page reformatted or limited it)`;
    }
    if (submit) {
      await t.keyboard.press('Enter');
      summary += ' and pressed Enter';
    }
    return `${summary}.`;
  },

  async press(t, _ref, label, keys) {
    await t.keyboard.press(keys);
    return `Pressed ${keys} on ${label}.`;
  },

  async check(t, el, checked, viaClick) {
    const before = await t.describe(el.ref);
    await viaClick();
    const after = await t.describe(el.ref);
    if (after.checked !== checked) {
      throw new BrowserError(
        'unexpected',
        `Clicking ${el.label} did not ${checked ? 'check' : 'uncheck'} it${before.role === 'radio' && !checked ? ' (a radio button is unchecked by choosing another in its group)' : ''}; take a new snapshot to see why.`,
        false,
      );
    }
    return `${checked ? 'Checked' : 'Unchecked'} ${el.label}.`;
  },

  async hover(t, el) {
    await t.mouse.move(el.point.x, el.point.y, 5);
    return `Moved the mouse over ${el.label}.`;
  },

  // Dragging like a hand does: press, move in steps, release. HTML5 drag and drop does not
  // run from synthetic mouse moves alone, so after the press Chromium is asked to intercept
  // the drag; if the page starts one, its data is replayed as drag events at the target.
  // Pointer-based sortables just see the mouse path.
  async drag(t, from, to) {
    const { mouse, session } = t;
    await mouse.move(from.point.x, from.point.y);
    await mouse.down();
    await session.send('Input.setInterceptDrags', { enabled: true });
    let intercepted: Awaited<ReturnType<typeof session.waitFor<'Input.dragIntercepted'>>> | null;
    try {
      const dragStarted = session.waitFor('Input.dragIntercepted', () => true, 500);
      // A few pixels of movement past the drag threshold starts an HTML5 drag.
      await mouse.move(from.point.x + 6, from.point.y + 6, 2, 1);
      intercepted = await dragStarted.catch(() => null);
      if (intercepted) {
        const data = intercepted.data;
        for (const type of ['dragEnter', 'dragOver', 'drop'] as const) {
          await session.send('Input.dispatchDragEvent', { type, x: to.point.x, y: to.point.y, data });
        }
      }
    } finally {
      await session.send('Input.setInterceptDrags', { enabled: false }).catch(() => undefined);
    }
    await mouse.move(to.point.x, to.point.y, intercepted ? 1 : DRAG_STEPS, 1);
    await mouse.up();
    return `Dragged ${from.label} to ${to.label}.`;
  },

  async setFiles(t, el, files) {
    const filePaths = t.host.filePaths;
    // Without paths the browser can read (the extension), the page script puts the bytes in.
    if (!filePaths) {
      await dom(t, el.ref, { kind: 'upload', files: filesWithData(files) });
      return;
    }
    const paths = await filePaths(files);
    const handle = await t.script.call('element', [el.ref], el.ref, false);
    if (!handle.objectId) throw new BrowserError('stale-ref', `${el.label} is no longer on the page; take a new snapshot.`, true);
    try {
      await handle.target.session.send('DOM.setFileInputFiles', { files: paths, objectId: handle.objectId });
    } finally {
      await handle.target.session.send('Runtime.releaseObject', { objectId: handle.objectId }).catch(() => undefined);
    }
  },
};

/** Script events from the page script: no debugger input, and what the page may ignore is said. */
export const DOM_EVENT_INPUT: InputDriver = {
  name: 'dom',
  reachesCovered: true,
  catchesChooser: false,
  click: (t, el, options) => dom(t, el.ref, { kind: 'click', button: options.button ?? 'left', clickCount: options.clickCount ?? 1 }),
  type: (t, el, { text, replace, submit }) => dom(t, el.ref, { kind: 'type', text, replace, submit }),
  press: (t, ref, _label, keys) => {
    if (!ref)
      return Promise.reject(
        new BrowserError('not-supported', 'In DOM-event mode keys need a target: give the ref of the element to press them on.', false),
      );
    return dom(t, ref, { kind: 'press', keys });
  },
  check: (t, el, checked) => dom(t, el.ref, { kind: 'check', checked }),
  hover: (t, el) => dom(t, el.ref, { kind: 'hover' }),
  drag: (t, from, to, offset) =>
    dom(t, from.ref, to.ref ? { kind: 'drag', toRef: to.ref } : { kind: 'drag', offset: offset ?? { x: 0, y: 0 } }),
  setFiles: async (t, el, files) => {
    await dom(t, el.ref, { kind: 'upload', files: filesWithData(files) });
  },
};
