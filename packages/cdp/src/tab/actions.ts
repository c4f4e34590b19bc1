import { BrowserError, type Action, type FileInput } from '@wayfinder/core';
import { isScrollResult, type DomAction } from '@wayfinder/page';
import type { CdpTab } from './cdp-tab';
import { drag } from './drag';
import type { NavigationWatch } from './navigation';

// Each action: find where the element is (actionability: visible, enabled, still,
// uncovered, scrolled into view), check the page did not navigate meanwhile, then act
// with trusted input — or, in DOM-event mode, with the page script's script events.
// Each returns one sentence saying what happened, for the model.

const isString = (v: unknown): v is string => typeof v === 'string';
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);
const isOptionList = (v: unknown): v is { ref: string; label: string }[] => Array.isArray(v) && v.every((o) => typeof o === 'object' && o !== null && 'ref' in o && 'label' in o);

function needRef(ref: string | null, kind: string): string {
  if (!ref) throw new BrowserError('bad-argument', `${kind} needs a ref from the snapshot (like e12).`, false);
  return ref;
}

/**
 * Refuses to act on a page that is going away: if a navigation started while the element
 * was being made ready (a scroll or focus handler, a redirect timer), wait to see whether
 * it commits; if it did, the ref belongs to a document that is gone.
 */
export async function stillHere(watch: NavigationWatch, label: string): Promise<void> {
  if (watch.started && !watch.committed) await watch.until(() => watch.committed || watch.sameDocument || !watch.started, NAVIGATION_GRACE_MS);
  if (watch.committed) throw new BrowserError('navigated', `The page navigated before ${label} could be used; take a new snapshot and use a ref from it.`, true);
}

const NAVIGATION_GRACE_MS = 5_000;

async function dom(tab: CdpTab, ref: string, action: DomAction): Promise<string> {
  return tab.page('domAct', [ref, action], ref, isString);
}

function quote(text: string, max = 60): string {
  return JSON.stringify(text.length > max ? `${text.slice(0, max - 1)}…` : text);
}

export type ActionRunner = (ref: string | null, action: Action, watch: NavigationWatch) => Promise<string>;

export function makeRunner(tab: CdpTab): ActionRunner {
  const click = async (ref: string, watch: NavigationWatch, options: { button?: 'left' | 'right' | 'middle'; clickCount?: 1 | 2; modifiers?: ('Alt' | 'Control' | 'Meta' | 'Shift')[] } = {}): Promise<string> => {
    const { point, label } = await tab.actionable(ref);
    await stillHere(watch, label);
    const verb = options.clickCount === 2 ? 'Double-clicked' : options.button === 'right' ? 'Right-clicked' : 'Clicked';
    if (tab.inputMode === 'dom') return dom(tab, ref, { kind: 'click', button: options.button ?? 'left', clickCount: options.clickCount ?? 1 });
    await tab.mouse.click(point.x, point.y, options);
    return `${verb} ${label}.`;
  };

  const type = async (ref: string, watch: NavigationWatch, text: string, mode: 'insert' | 'keys', replace: boolean, submit: boolean): Promise<string> => {
    const { label } = await tab.actionable(ref);
    await stillHere(watch, label);
    if (tab.inputMode === 'dom') return dom(tab, ref, { kind: 'type', text, replace, submit });
    const info = await tab.page('prepareTyping', [ref, replace], ref, (v): v is { secret: boolean; readonly: boolean } => typeof v === 'object' && v !== null && 'secret' in v);
    if (info.readonly) throw new BrowserError('bad-argument', `${label} is read-only; it cannot be typed into.`, false);
    if (mode === 'keys') await tab.keyboard.type(text);
    else if (text) await tab.keyboard.insert(text);
    else if (replace) await tab.keyboard.press('Delete');
    let summary = info.secret ? `Typed ${text.length} characters into ${label}` : `Typed ${quote(text)} into ${label}`;
    if (!info.secret && !submit) {
      const now = await tab.page('value', [ref], ref, isString);
      const expected = replace ? text : null;
      if (expected !== null && now !== expected) summary += `; the field now shows ${quote(now)} (the page reformatted or limited it)`;
    }
    if (submit) {
      await tab.keyboard.press('Enter');
      summary += ' and pressed Enter';
    }
    return `${summary}.`;
  };

  const press = async (ref: string | null, keys: string): Promise<string> => {
    let label = 'the page';
    if (ref) label = await tab.page('focus', [ref], ref, isString);
    if (tab.inputMode === 'dom') {
      if (!ref) throw new BrowserError('not-supported', 'In DOM-event mode keys need a target: give the ref of the element to press them on.', false);
      return dom(tab, ref, { kind: 'press', keys });
    }
    try {
      await tab.keyboard.press(keys);
    } catch (error) {
      if (error instanceof Error && /key|modifier/i.test(error.message)) throw new BrowserError('bad-argument', error.message, false);
      throw error;
    }
    return `Pressed ${keys} on ${label}.`;
  };

  const select = async (ref: string, watch: NavigationWatch, values: string[], by: 'auto' | 'value' | 'label' | 'index'): Promise<string> => {
    const info = await tab.describe(ref);
    const { label } = await tab.actionable(ref);
    if (info.nativeSelect) {
      const chosen = await tab.page('selectOptions', [ref, values, by], ref, isStrings);
      return `Selected ${chosen.map((c) => quote(c)).join(', ')} in ${label}.`;
    }
    // A custom listbox: open it like a person would, then click each option.
    if (info.expanded !== true) await click(ref, watch);
    const options = await tab.page('listboxOptions', [ref, values], ref, isOptionList);
    for (const option of options) await click(option.ref, watch);
    return `Chose ${options.map((o) => quote(o.label)).join(', ')} in ${label}.`;
  };

  const check = async (ref: string, watch: NavigationWatch, checked: boolean): Promise<string> => {
    const info = await tab.describe(ref);
    const { label } = await tab.actionable(ref);
    if (!info.checkable) throw new BrowserError('bad-argument', `${label} is not a checkbox, radio button or switch; use click for it.`, false);
    if (info.checked === checked) return `${label} was already ${checked ? 'checked' : 'unchecked'}; nothing to do.`;
    if (tab.inputMode === 'dom') return dom(tab, ref, { kind: 'check', checked });
    await click(ref, watch);
    const after = await tab.describe(ref);
    if (after.checked !== checked) {
      throw new BrowserError('unexpected', `Clicking ${label} did not ${checked ? 'check' : 'uncheck'} it${info.role === 'radio' && !checked ? ' (a radio button is unchecked by choosing another in its group)' : ''}; take a new snapshot to see why.`, false);
    }
    return `${checked ? 'Checked' : 'Unchecked'} ${label}.`;
  };

  const hover = async (ref: string, watch: NavigationWatch): Promise<string> => {
    const { point, label } = await tab.actionable(ref);
    await stillHere(watch, label);
    if (tab.inputMode === 'dom') return dom(tab, ref, { kind: 'hover' });
    await tab.mouse.move(point.x, point.y, 5);
    return `Moved the mouse over ${label}.`;
  };

  const scroll = async (ref: string | null, direction: 'up' | 'down' | 'left' | 'right' | 'top' | 'bottom', amount: number | undefined): Promise<string> => {
    const result = await tab.page('scroll', [ref, direction, amount ?? null], ref ?? undefined, isScrollResult);
    if (!result.moved) return `${capital(result.target)} did not move: it is already at the ${direction === 'up' || direction === 'top' ? 'top' : direction === 'down' || direction === 'bottom' ? 'bottom' : 'edge'}.`;
    const where = result.atBottom ? ' (now at the bottom)' : result.atTop ? ' (now at the top)' : '';
    return `Scrolled ${result.target} ${direction} to ${result.y} px${where}.`;
  };

  const upload = async (ref: string, watch: NavigationWatch, files: FileInput[]): Promise<string> => {
    if (!files.length) throw new BrowserError('bad-argument', 'Name at least one file to upload.', false);
    const info = await tab.describe(ref);
    const { label } = await tab.actionable(ref);
    if (!info.fileInput) return chooseThroughDialog(ref, watch, label, files);
    if (tab.inputMode === 'cdp' && tab.host.filePaths) {
      const paths = await tab.host.filePaths(files);
      const handle = await tab.script.call('element', [ref], ref, false);
      if (!handle.objectId) throw new BrowserError('stale-ref', `${label} is no longer on the page; take a new snapshot.`, true);
      try {
        await handle.target.session.send('DOM.setFileInputFiles', { files: paths, objectId: handle.objectId });
      } finally {
        await handle.target.session.send('Runtime.releaseObject', { objectId: handle.objectId }).catch(() => undefined);
      }
    } else {
      await dom(tab, ref, { kind: 'upload', files: filesWithData(files) });
    }
    const shown = await tab.page('value', [ref], ref, isString);
    return `Put ${files.map((f) => f.name).join(', ')} into ${label}${shown ? ` (it now holds ${shown.split(/[\\/]/).pop() ?? shown})` : ''}.`;
  };

  /** A button that opens the file chooser: catch the chooser and give it the files. */
  const chooseThroughDialog = async (ref: string, watch: NavigationWatch, label: string, files: FileInput[]): Promise<string> => {
    if (tab.inputMode === 'dom' || !tab.host.filePaths) {
      throw new BrowserError('not-supported', `${label} is not a file input; find the file input itself (it may be hidden behind this button) and upload to it.`, false);
    }
    await tab.session.send('Page.setInterceptFileChooserDialog', { enabled: true });
    try {
      const opened = tab.session.waitFor('Page.fileChooserOpened', () => true, 3000);
      await click(ref, watch);
      const chooser = await opened.catch(() => null);
      if (!chooser?.backendNodeId) throw new BrowserError('bad-argument', `Clicking ${label} did not open a file chooser; upload to a file input instead.`, false);
      if (chooser.mode === 'selectSingle' && files.length > 1) throw new BrowserError('bad-argument', `${label} takes one file; got ${files.length}.`, false);
      await tab.session.send('DOM.setFileInputFiles', { files: await tab.host.filePaths(files), backendNodeId: chooser.backendNodeId });
      return `Chose ${files.map((f) => f.name).join(', ')} in the file chooser ${label} opened.`;
    } finally {
      await tab.session.send('Page.setInterceptFileChooserDialog', { enabled: false }).catch(() => undefined);
    }
  };

  return async (ref: string | null, action: Action, watch: NavigationWatch): Promise<string> => {
    switch (action.kind) {
      case 'click': {
        const options: Parameters<typeof click>[2] = {};
        if (action.button) options.button = action.button;
        if (action.clickCount) options.clickCount = action.clickCount;
        if (action.modifiers) options.modifiers = action.modifiers;
        return click(needRef(ref, 'click'), watch, options);
      }
      case 'type':
        return type(needRef(ref, 'type'), watch, action.text, action.mode ?? 'insert', action.replace ?? true, action.submit ?? false);
      case 'press':
        return press(ref, action.keys);
      case 'select':
        return select(needRef(ref, 'select'), watch, action.values, action.by ?? 'auto');
      case 'check':
        return check(needRef(ref, 'check'), watch, action.checked);
      case 'hover':
        return hover(needRef(ref, 'hover'), watch);
      case 'drag': {
        const from = needRef(ref, 'drag');
        if (!action.toRef && !action.offset) throw new BrowserError('bad-argument', 'Say where to drag to: a target ref, or an offset in pixels.', false);
        return drag(tab, from, action.toRef ?? null, action.offset ?? null, watch);
      }
      case 'scroll':
        return scroll(ref, action.direction, action.amount);
      case 'scroll-into-view': {
        const { label } = await tab.actionable(needRef(ref, 'scroll-into-view'));
        return `Scrolled ${label} into view.`;
      }
      case 'upload':
        return upload(needRef(ref, 'upload'), watch, action.files);
    }
  };
}

function filesWithData(files: FileInput[]): { name: string; mimeType: string; data: string }[] {
  return files.map((file) => {
    if (file.data === undefined) throw new BrowserError('not-supported', `${file.name} is given as a path, which only a browser on this machine can read; give its contents instead.`, false);
    return { name: file.name, mimeType: file.mimeType ?? 'application/octet-stream', data: file.data };
  });
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
