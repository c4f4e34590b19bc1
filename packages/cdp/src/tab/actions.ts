import { BrowserError, pageData, type Action, type FileInput } from '@wayfinder/core';
import { isScrollResult } from '@wayfinder/page';
import type { ClickOptions, InputDriver } from './input-modes';
import type { NavigationWatch } from './navigation';
import type { ActionTarget, Located } from './target';

// Each action: find where the element is (actionability: visible, enabled, still,
// uncovered, scrolled into view), check the page did not navigate meanwhile, then act
// through the tab's input mode (trusted input or script events, input-modes.ts). Each
// returns one sentence saying what happened, for the model.

const isString = (v: unknown): v is string => typeof v === 'string';
const isOptionList = (v: unknown): v is { ref: string; label: string }[] =>
  Array.isArray(v) && v.every((o) => typeof o === 'object' && o !== null && 'ref' in o && 'label' in o);

const NAVIGATION_GRACE_MS = 5_000;

function needRef(ref: string | null, kind: string): string {
  if (!ref) throw new BrowserError('bad-argument', `${kind} needs a ref from the snapshot (like e12).`, false);
  return ref;
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Refuses to act on a page that is going away: if a navigation started while the element
 * was being made ready (a scroll or focus handler, a redirect timer), wait to see whether
 * it commits; if it did, the ref belongs to a document that is gone.
 */
async function stillHere(watch: NavigationWatch, label: string): Promise<void> {
  if (watch.started && !watch.committed)
    await watch.until(() => watch.committed || watch.sameDocument || !watch.started, NAVIGATION_GRACE_MS);
  if (watch.committed)
    throw new BrowserError(
      'navigated',
      `The page navigated before ${label} could be used; take a new snapshot and use a ref from it.`,
      true,
    );
}

export class Actions {
  constructor(
    private readonly t: ActionTarget,
    private readonly input: InputDriver,
  ) {}

  run(ref: string | null, action: Action, watch: NavigationWatch): Promise<string> {
    switch (action.kind) {
      case 'click': {
        const options: ClickOptions = {};
        if (action.button) options.button = action.button;
        if (action.clickCount) options.clickCount = action.clickCount;
        if (action.modifiers) options.modifiers = action.modifiers;
        return this.click(needRef(ref, 'click'), watch, options);
      }
      case 'type': {
        const request = {
          text: action.text,
          mode: action.mode ?? 'insert',
          replace: action.replace ?? true,
          submit: action.submit ?? false,
        };
        return this.ready(needRef(ref, 'type'), watch).then(async (el) =>
          (await this.t.describe(el.ref)).inputType === 'color'
            ? this.colour(el, action.text, request.submit)
            : this.input.type(this.t, el, request),
        );
      }
      case 'press':
        return this.press(ref, action.keys);
      case 'select':
        return this.select(needRef(ref, 'select'), watch, action.values, action.by ?? 'auto');
      case 'check':
        return this.check(needRef(ref, 'check'), watch, action.checked);
      case 'hover':
        return this.ready(needRef(ref, 'hover'), watch).then((el) => this.input.hover(this.t, el));
      case 'drag':
        return this.drag(needRef(ref, 'drag'), action.toRef ?? null, action.offset ?? null, watch);
      case 'scroll':
        return this.scroll(ref, action.direction, action.amount);
      case 'scroll-into-view':
        return this.t.actionable(needRef(ref, 'scroll-into-view')).then(({ label }) => `Scrolled ${label} into view.`);
      case 'upload':
        return this.upload(needRef(ref, 'upload'), watch, action.files);
    }
  }

  /** The element, ready to act on, on a page that is still the one the ref came from. */
  private async ready(ref: string, watch: NavigationWatch): Promise<Located> {
    const located = { ref, ...(await this.t.actionable(ref)) };
    await stillHere(watch, located.label);
    return located;
  }

  private async click(ref: string, watch: NavigationWatch, options: ClickOptions = {}): Promise<string> {
    return this.input.click(this.t, await this.ready(ref, watch), options);
  }

  private async press(ref: string | null, keys: string): Promise<string> {
    const label = ref ? await this.t.page('focus', [ref], ref, isString) : 'the page';
    return this.input.press(this.t, ref, label, keys);
  }

  /**
   * A native colour input takes no keys: the page script sets its value (#rgb, #rrggbb or a
   * colour name, as #rrggbb) and fires input and change, as a pick in the colour dialog does.
   * Read back, so a page that rejects or resets the value is told, not assumed.
   */
  private async colour(el: Located, text: string, submit: boolean): Promise<string> {
    const set = await this.t.page('setColour', [el.ref, text], el.ref, isString);
    const now = await this.t.page('value', [el.ref], el.ref, isString);
    if (now !== set)
      throw new BrowserError(
        'unexpected',
        `${el.label} did not keep ${set}: it shows ${pageData(now, 20)} (its page changed it back); take a new snapshot to see why.`,
        false,
      );
    if (submit) await this.input.press(this.t, el.ref, el.label, 'Enter');
    return `Set ${el.label} to ${set}${submit ? ' and pressed Enter' : ''}.`;
  }

  private async select(ref: string, watch: NavigationWatch, values: string[], by: 'auto' | 'value' | 'label' | 'index'): Promise<string> {
    const info = await this.t.describe(ref);
    const { label } = await this.t.actionable(ref);
    if (info.nativeSelect) {
      const chosen = await this.t.page(
        'selectOptions',
        [ref, values, by],
        ref,
        (v): v is string[] => Array.isArray(v) && v.every(isString),
      );
      return `Selected ${chosen.map((c) => pageData(c, 60)).join(', ')} in ${label}.`;
    }
    // A custom listbox: open it like a person would, then click each option.
    if (info.expanded !== true) await this.click(ref, watch);
    const options = await this.t.page('listboxOptions', [ref, values], ref, isOptionList);
    for (const option of options) await this.click(option.ref, watch);
    return `Chose ${options.map((o) => pageData(o.label, 60)).join(', ')} in ${label}.`;
  }

  private async check(ref: string, watch: NavigationWatch, checked: boolean): Promise<string> {
    const info = await this.t.describe(ref);
    const located = { ref, ...(await this.t.actionable(ref)) };
    const { label } = located;
    if (!info.checkable)
      throw new BrowserError('bad-argument', `${label} is not a checkbox, radio button or switch; use click for it.`, false);
    if (info.checked === checked) return `${label} was already ${checked ? 'checked' : 'unchecked'}; nothing to do.`;
    return this.input.check(this.t, located, checked, () => this.click(ref, watch));
  }

  private async drag(from: string, toRef: string | null, offset: { x: number; y: number } | null, watch: NavigationWatch): Promise<string> {
    if (!toRef && !offset) throw new BrowserError('bad-argument', 'Say where to drag to: a target ref, or an offset in pixels.', false);
    const source = await this.t.actionable(from);
    let to = {
      point: { x: source.point.x + (offset?.x ?? 0), y: source.point.y + (offset?.y ?? 0) },
      label: `${offset?.x ?? 0},${offset?.y ?? 0} px away`,
      ref: toRef,
    };
    if (toRef) {
      const destination = await this.t.actionable(toRef);
      to = { point: destination.point, label: destination.label, ref: toRef };
      // Scrolling to the target can move the source: measure it again.
      source.point = (await this.t.actionable(from)).point;
    }
    await stillHere(watch, source.label);
    return this.input.drag(this.t, { ref: from, ...source }, to, offset);
  }

  private async scroll(
    ref: string | null,
    direction: 'up' | 'down' | 'left' | 'right' | 'top' | 'bottom',
    amount: number | undefined,
  ): Promise<string> {
    const result = await this.t.page('scroll', [ref, direction, amount ?? null], ref ?? undefined, isScrollResult);
    if (!result.moved)
      return `${capital(result.target)} did not move: it is already at the ${direction === 'up' || direction === 'top' ? 'top' : direction === 'down' || direction === 'bottom' ? 'bottom' : 'edge'}.`;
    const where = result.atBottom ? ' (now at the bottom)' : result.atTop ? ' (now at the top)' : '';
    return `Scrolled ${result.target} ${direction} to ${result.y} px${where}.`;
  }

  private async upload(ref: string, watch: NavigationWatch, files: FileInput[]): Promise<string> {
    if (!files.length) throw new BrowserError('bad-argument', 'Name at least one file to upload.', false);
    const info = await this.t.describe(ref);
    const located = { ref, ...(await this.t.actionable(ref)) };
    const { label } = located;
    if (!info.fileInput) return this.chooseThroughDialog(ref, watch, label, files);
    await this.input.setFiles(this.t, located, files);
    const shown = await this.t.page('value', [ref], ref, isString);
    return `Put ${files.map((f) => f.name).join(', ')} into ${label}${shown ? ` (it now holds ${shown.split(/[\\/]/).pop() ?? shown})` : ''}.`;
  }

  /** A button that opens the file chooser: catch the chooser and give it the files. */
  private async chooseThroughDialog(ref: string, watch: NavigationWatch, label: string, files: FileInput[]): Promise<string> {
    const filePaths = this.t.host.filePaths;
    if (!this.input.catchesChooser || !filePaths) {
      throw new BrowserError(
        'not-supported',
        `${label} is not a file input; find the file input itself (it may be hidden behind this button) and upload to it.`,
        false,
      );
    }
    const { session } = this.t;
    await session.send('Page.setInterceptFileChooserDialog', { enabled: true });
    try {
      const opened = session.waitFor('Page.fileChooserOpened', () => true, 3000);
      await this.click(ref, watch);
      const chooser = await opened.catch(() => null);
      if (!chooser?.backendNodeId)
        throw new BrowserError('bad-argument', `Clicking ${label} did not open a file chooser; upload to a file input instead.`, false);
      if (chooser.mode === 'selectSingle' && files.length > 1)
        throw new BrowserError('bad-argument', `${label} takes one file; got ${files.length}.`, false);
      await session.send('DOM.setFileInputFiles', { files: await filePaths(files), backendNodeId: chooser.backendNodeId });
      return `Chose ${files.map((f) => f.name).join(', ')} in the file chooser ${label} opened.`;
    } finally {
      await session.send('Page.setInterceptFileChooserDialog', { enabled: false }).catch(() => undefined);
    }
  }
}
