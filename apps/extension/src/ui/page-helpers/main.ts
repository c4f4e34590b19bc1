import { OPEN_PANEL_MESSAGE, START_CAPTURE_MESSAGE, type HelperEvent, type HelperViewKind, type Rect } from '../../lib/page-helpers';
import { dragArea } from './capture';
import { HelperConnection } from './connection';
import { contextOf } from './context';
import { h } from './dom';
import { caret, currentTarget, deepActive, EditError, replaceTarget, restore, targetRect, targetRects, type Target } from './editable';
import { HelperFrame } from './frame-shell';
import { Toolbar, type ToolbarAction } from './selection';
import { HelperView } from './view';
import { giveBack, takeCommand, WriteCommand, type WriteUndo } from './write-command';

// The page helpers in a page (issue 16; docs/0034-page-helpers.md, docs/0038-page-helpers-origin.md).
// Quiet until the worker says they are on here; then a selection gets the toolbar as soon as
// it settles, `/write` typed by the person opens the writer, Alt+Shift+W reaches the toolbar
// from the keyboard, and the shortcut or the panel's button starts an area capture. Every
// view with the person's words or a result is drawn in the helper frame, not here.

/** A selection change with no mouse or key to end it (a script, a double-click's aftermath) settles after this. */
const QUIET_MS = 250;
/** The content script's global that holds whether the worker has said the helpers are on here. */
const HELPERS_ON = 'wayfinderHelpersOn';
/** After `/write` and this long without a key, a hint says what Space or Enter will do. */
const HINT_MS = 700;

/** The view open in the frame, and what it is about on the page. */
interface OpenView {
  id: string;
  view: HelperViewKind;
  target: Target | null;
  area: Rect | null;
  /** What `/write` took out of the field (Esc gives it back). */
  undo: WriteUndo | null;
  /** What had focus before the frame took it. */
  returnTo: Element | null;
  /** Keys the person typed for the writer before it could take focus (they go to it, not to the page). */
  ahead: { text: string; enter: boolean };
}

function shortcut(event: KeyboardEvent): boolean {
  return event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyW';
}

class PageHelpersHere {
  private enabled = false;
  private ui: { view: HelperView; frame: HelperFrame; toolbar: Toolbar } | null = null;
  private open: OpenView | null = null;
  private shownFor = '';
  private readonly command = new WriteCommand();
  private hint: ReturnType<typeof setTimeout> | undefined;
  private readonly connection = new HelperConnection(
    (event) => this.onEvent(event),
    () => this.ui?.frame.portReopened(),
    () => {
      this.enabled = false;
      this.closeAll();
    },
  );

  start(): void {
    this.connection.post({ type: 'hello' });
    // Turned off or blocked since: asked again whenever the page comes back into view.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') this.connection.post({ type: 'hello' });
    });
    document.addEventListener('mousedown', (event) => this.onMouseDown(event), true);
    document.addEventListener('mouseup', (event) => this.onMouseUp(event), true);
    window.addEventListener('keydown', (event) => this.onKeyDown(event), true);
    document.addEventListener('keyup', (event) => this.onKeyUp(event), true);
    let quiet: ReturnType<typeof setTimeout> | undefined;
    document.addEventListener('selectionchange', () => {
      if (!this.enabled) return;
      clearTimeout(quiet);
      quiet = setTimeout(() => this.showForSelection(false), QUIET_MS);
    });
    chrome.runtime.onMessage.addListener((message: unknown) => {
      // Only the worker sends these, after checking the helpers are on for this page (page-helpers.ts startCapture).
      if (typeof message === 'object' && message !== null && 'type' in message && message.type === START_CAPTURE_MESSAGE)
        void this.capture();
    });
  }

  private parts(): { view: HelperView; frame: HelperFrame; toolbar: Toolbar } {
    if (this.ui) return this.ui;
    const view = new HelperView();
    const frame = new HelperFrame(view, (key) => this.connection.post({ type: 'frame', key }));
    const toolbar = new Toolbar(
      view,
      (action, target) => this.act(action, target),
      (target) => {
        view.clear();
        void restore(target);
      },
    );
    this.ui = { view, frame, toolbar };
    return this.ui;
  }

  private onEvent(event: HelperEvent): void {
    const open = 'id' in event && this.open?.id === event.id ? this.open : null;
    switch (event.type) {
      case 'state':
        this.enabled = event.enabled;
        // Said where the e2e tests can wait for it: the content script's own world, which no page script reaches.
        Reflect.set(globalThis, HELPERS_ON, event.enabled);
        if (!event.enabled) this.closeAll();
        // A selection made before the worker answered gets its toolbar now.
        else this.showForSelection(false);
        return;
      case 'keyed':
        this.ui?.frame.keyTaken();
        return;
      case 'frame-size':
        if (open) this.ui?.frame.show(open.id, this.anchor(open), event.height, () => open.ahead);
        return;
      case 'insert':
        void this.insert(event.id, event.text);
        return;
      case 'close':
        if (open) void this.close(open, { restore: event.restore, refocus: true, tell: false });
        return;
      case 'highlight':
        if (open) this.highlight(open.target ? targetRects(open.target) : open.area ? [open.area] : []);
        return;
      case 'error':
        console.warn(`wayfinder: ${event.message}`);
        return;
      case 'sent':
      case 'start-capture':
        return;
    }
  }

  private anchor(open: OpenView): DOMRect {
    if (open.target) return targetRect(open.target);
    if (open.area) return new DOMRect(open.area.x, open.area.y, open.area.width, open.area.height);
    return new DOMRect(innerWidth / 2, innerHeight / 3, 0, 0);
  }

  /** `settled`: the person let go of the mouse or a key; otherwise a toolbar or view showing stays. */
  private showForSelection(settled: boolean): void {
    if (!this.enabled) return;
    const showing = this.ui?.toolbar.showing || this.open !== null;
    if (!settled && showing) return;
    const target = currentTarget();
    if (!target?.text.trim()) return;
    const key = `${target.kind}:${target.text}`;
    if (key === this.shownFor && showing) return;
    this.shownFor = key;
    if (this.open) void this.close(this.open, { restore: false, refocus: false, tell: true });
    this.parts().toolbar.show(target);
  }

  private act(action: ToolbarAction, target: Target): void {
    // Send to chat: the panel is asked to open first, while the click's gesture lasts (background/helpers/page-helpers.ts).
    if (action === 'send') chrome.runtime.sendMessage({ type: OPEN_PANEL_MESSAGE }).catch(() => undefined);
    const view = action === 'send' ? 'sent' : action;
    const id = this.openView(view, { target, area: null, undo: null });
    this.connection.post({ type: 'open', id, view, text: target.text, context: contextOf(target) });
  }

  /** Opens a view in the frame for `about`; the worker is told by the caller. */
  private openView(view: HelperViewKind, about: Pick<OpenView, 'target' | 'area' | 'undo'>): string {
    const { view: shell, frame } = this.parts();
    if (this.open) void this.close(this.open, { restore: false, refocus: false, tell: false });
    shell.clear();
    const focused = deepActive();
    const id = this.connection.newId();
    this.open = { id, view, ...about, returnTo: focused === shell.host ? null : focused, ahead: { text: '', enter: false } };
    frame.prepare(id);
    return id;
  }

  /** Hides the open view; `restore`: gives back what `/write` took; `refocus`: focus back where it was. */
  private async close(open: OpenView, how: { restore: boolean; refocus: boolean; tell: boolean }): Promise<void> {
    if (this.open !== open) return;
    this.open = null;
    this.ui?.frame.hide();
    if (how.tell) this.connection.post({ type: 'close', id: open.id });
    try {
      if (how.restore && open.undo && (await giveBack(open.undo))) return;
      if (!how.refocus) return;
      if (open.target && open.target.kind !== 'static') await restore(open.target);
      else if (open.returnTo instanceof HTMLElement && open.returnTo !== document.body && open.returnTo.isConnected)
        open.returnTo.focus({ preventScroll: true });
      else this.ui?.frame.blur();
    } catch (error) {
      console.warn('wayfinder:', error instanceof Error ? error.message : error);
    }
  }

  private closeAll(): void {
    this.ui?.view.clear();
    if (this.open) void this.close(this.open, { restore: false, refocus: false, tell: true });
  }

  /** The worker's word to put a rewrite or a draft in place (after the person's choice in the frame). */
  private async insert(id: string, text: string): Promise<void> {
    const open = this.open?.id === id ? this.open : null;
    const target = open?.target;
    if (!open || !target || target.kind === 'static') {
      this.connection.post({ type: 'inserted', id, ok: false, message: 'The field is gone; select the text again.' });
      return;
    }
    try {
      await replaceTarget(target, text);
      // A draft in place: the writer is done (and focus is in the field, after the draft).
      if (open.view === 'write') {
        this.open = null;
        this.ui?.frame.hide();
      }
      this.connection.post({ type: 'inserted', id, ok: true, message: '' });
    } catch (error) {
      const message = EditError.isInstance(error) ? error.message : `Could not put the text in: ${String(error)}`;
      this.connection.post({ type: 'inserted', id, ok: false, message });
    }
  }

  /** Marks what was sent on the page for 3 s. */
  private highlight(rects: (DOMRect | Rect)[]): void {
    const { view } = this.parts();
    const marks = rects.map((r) => {
      const mark = view.overlay(h('div', { class: 'sent', 'data-role': 'sent-highlight' }));
      Object.assign(mark.style, { left: `${r.x}px`, top: `${r.y}px`, width: `${r.width}px`, height: `${r.height}px` });
      return mark;
    });
    setTimeout(() => marks.forEach((m) => m.remove()), 3000);
  }

  private onMouseDown(event: MouseEvent): void {
    const ui = this.ui;
    if (!event.isTrusted || !ui || ui.view.owns(event)) return;
    if (ui.view.showing) ui.view.clear();
    if (this.open) void this.close(this.open, { restore: false, refocus: false, tell: true });
    this.shownFor = '';
  }

  private onMouseUp(event: MouseEvent): void {
    if (!event.isTrusted || this.ui?.view.owns(event)) return;
    // After the browser has finished the selection this mouseup ends.
    setTimeout(() => this.showForSelection(true), 0);
  }

  private onKeyDown(event: KeyboardEvent): void {
    if (!event.isTrusted || !this.enabled || this.ui?.view.owns(event)) return;
    clearTimeout(this.hint);
    if (shortcut(event)) {
      if (this.keyboardWayIn()) {
        event.preventDefault();
        event.stopPropagation();
      }
      return;
    }
    if (event.key === 'Escape' && (this.open || this.ui?.view.showing)) {
      this.ui?.view.clear();
      if (this.open) void this.close(this.open, { restore: true, refocus: false, tell: true });
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    if (this.open?.view === 'write') {
      if (!this.ui?.frame.hasShown(this.open.id)) this.typeAhead(event, this.open);
      return;
    }
    const hit = this.command.onKey(event);
    if (hit) {
      // The Space or Enter that ends `/write` does nothing else: no space, no new line, no form sent.
      event.preventDefault();
      event.stopImmediatePropagation();
      void this.openWriter(hit.at, hit.key);
    } else if (this.command.ready) this.hint = setTimeout(() => this.showHint(), HINT_MS);
    else if (this.ui?.view.showing && !this.ui.toolbar.showing) this.ui.view.clear();
  }

  /** The writer is opening: what the person types meanwhile is for it, not for the page's field. */
  private typeAhead(event: KeyboardEvent, open: OpenView): void {
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
    if (!plain || event.isComposing) return;
    if (event.key.length === 1) open.ahead.text += event.key;
    else if (event.key === 'Backspace') open.ahead.text = open.ahead.text.slice(0, -1);
    else if (event.key === 'Enter') open.ahead.enter = true;
    else return;
    event.preventDefault();
    event.stopImmediatePropagation();
  }

  private onKeyUp(event: KeyboardEvent): void {
    if (!event.isTrusted || !this.enabled || event.key === 'Escape' || this.ui?.view.owns(event)) return;
    this.showForSelection(true);
  }

  /** Alt+Shift+W: onto the toolbar (shown for the selection if need be), back into an open view, or the writer at the caret. */
  private keyboardWayIn(): boolean {
    const { toolbar, frame } = this.parts();
    if (this.open && frame.visible) {
      frame.focus();
      return true;
    }
    if (!toolbar.showing) {
      const target = currentTarget();
      if (target?.text.trim()) {
        this.shownFor = `${target.kind}:${target.text}`;
        toolbar.show(target);
      }
    }
    if (toolbar.showing) {
      toolbar.focus();
      return true;
    }
    const at = caret();
    if (!at) return false;
    const id = this.openView('write', { target: at.target, area: null, undo: null });
    this.connection.post({ type: 'open', id, view: 'write', text: '', context: contextOf(at.target) });
    return true;
  }

  private async openWriter(at: Exclude<Target, { kind: 'static' }>, key: string): Promise<void> {
    // Open at once, so what the person types on while the command comes out goes to the writer.
    const id = this.openView('write', { target: at, area: null, undo: null });
    const open = this.open;
    let undo: WriteUndo;
    try {
      undo = await takeCommand(at, key);
    } catch (error) {
      if (open) void this.close(open, { restore: false, refocus: true, tell: false });
      console.warn('wayfinder:', error instanceof Error ? error.message : error);
      return;
    }
    // Closed (Esc) while the command came out: it goes back.
    if (!open || this.open !== open) {
      await giveBack(undo).catch(() => false);
      return;
    }
    open.target = undo.at;
    open.undo = undo;
    this.connection.post({ type: 'open', id, view: 'write', text: '', context: contextOf(undo.at) });
  }

  private showHint(): void {
    const at = caret();
    if (!this.command.ready || !at) return;
    const { view, toolbar } = this.parts();
    if (toolbar.showing) return;
    view.place(
      h('div', { class: 'panel hint', role: 'status', 'data-role': 'write-hint' }, 'Space or Enter: write with Wayfinder'),
      targetRect(at.target),
    );
  }

  private async capture(): Promise<void> {
    this.closeAll();
    const { view } = this.parts();
    const rect = await dragArea(view);
    if (!rect) return;
    const id = this.openView('capture', { target: null, area: rect, undo: null });
    this.connection.post({ type: 'capture', id, rect, viewport: { width: innerWidth, height: innerHeight } });
  }
}

export function startPageHelpers(): void {
  new PageHelpersHere().start();
}
