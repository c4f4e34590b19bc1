import { targetRect, type Target } from './editable';
import { button, h } from './dom';
import type { HelperView } from './view';

// The toolbar over a selection, in the content script's closed shadow root. Static text:
// Explain, Send to chat. Editable text: Rewrite, Explain, Send to chat. Each button acts on
// the person's own click or key only; what it opens (presets, a result) is drawn in the
// helper frame. From the keyboard: Alt+Shift+W moves focus onto it, ←/→ (and Tab) move
// between its buttons, Enter or Space presses one, Esc gives focus back to the text.

export type ToolbarAction = 'rewrite' | 'explain' | 'send';

export const TOOLBAR_SHORTCUT = 'Alt+Shift+W';

const LABELS: Record<ToolbarAction, string> = { rewrite: 'Rewrite', explain: 'Explain', send: 'Send to chat' };

export class Toolbar {
  private el: HTMLElement | null = null;
  target: Target | null = null;

  constructor(
    private readonly view: HelperView,
    private readonly act: (action: ToolbarAction, target: Target) => void,
    /** Esc on the toolbar: it goes, and focus goes back to the text. */
    private readonly leave: (target: Target) => void,
  ) {}

  get showing(): boolean {
    return this.el?.isConnected ?? false;
  }

  show(target: Target): void {
    const editable = target.kind !== 'static';
    const actions: ToolbarAction[] = editable ? ['rewrite', 'explain', 'send'] : ['explain', 'send'];
    const buttons = actions.map((action, i) => {
      const el = button(LABELS[action], () => this.act(action, target), { primary: i === 0 });
      el.tabIndex = i === 0 ? 0 : -1;
      return el;
    });
    const toolbar = h(
      'div',
      {
        class: 'panel',
        role: 'toolbar',
        'aria-label': 'Wayfinder helpers',
        'aria-keyshortcuts': TOOLBAR_SHORTCUT,
        title: `Wayfinder (${TOOLBAR_SHORTCUT})`,
        'data-role': 'toolbar',
      },
      h('div', { class: 'toolbar' }, ...buttons),
    );
    toolbar.addEventListener('keydown', (event) => {
      if (!event.isTrusted) return;
      const at = buttons.findIndex((b) => b === this.view.focused);
      const key = event.key;
      const move = key === 'ArrowRight' || key === 'ArrowDown' ? 1 : key === 'ArrowLeft' || key === 'ArrowUp' ? -1 : 0;
      if (key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        this.leave(target);
      } else if (move !== 0 || key === 'Home' || key === 'End') {
        event.preventDefault();
        const next = key === 'Home' ? 0 : key === 'End' ? buttons.length - 1 : (at + move + buttons.length) % buttons.length;
        this.focusButton(buttons, next);
      }
    });
    this.el = toolbar;
    this.target = target;
    this.view.place(toolbar, targetRect(target));
  }

  private focusButton(buttons: HTMLButtonElement[], index: number): void {
    buttons.forEach((b, i) => (b.tabIndex = i === index ? 0 : -1));
    buttons[index]?.focus();
  }

  /** Focus on the toolbar's first button (the keyboard's way in). */
  focus(): void {
    const buttons = this.el ? [...this.el.querySelectorAll('button')] : [];
    this.focusButton(buttons, 0);
  }
}
