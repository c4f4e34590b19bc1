import { OPEN_PANEL_MESSAGE, REWRITE_PRESETS, type FrameEvent, type FrameRequest, type FrameSession } from '../../lib/page-helpers';
import { button, h, thumb } from '../page-helpers/dom';
import { Card } from './card';

// What the helper frame shows (docs/0038-page-helpers-origin.md): the rewrite presets and the
// person's own instruction, the writer's question, a result as it streams, a captured area,
// a sent selection. The person's words are typed here and go to the worker from here; a
// draft stays here until Insert. No <form>: Enter in a box and a click on a button act only
// as the person's own (trusted) key or click.

type Post = (request: FrameRequest) => void;

/** A box the person types in: Enter (their own, not a held one) does what the button does. */
function askBox(
  label: string,
  placeholder: string,
  go: (text: string) => void,
  action: string,
): { row: HTMLElement; input: HTMLInputElement; submit: () => void } {
  const input = h('input', { type: 'text', 'aria-label': label, placeholder });
  const submit = () => {
    if (input.value.trim()) go(input.value.trim());
  };
  input.addEventListener('keydown', (event) => {
    if (!event.isTrusted || event.key !== 'Enter' || event.repeat || event.isComposing) return;
    event.preventDefault();
    submit();
  });
  return { row: h('div', { class: 'ask' }, input, button(action, submit, { primary: true, keepFocus: false })), input, submit };
}

export class FrameViews {
  private session: FrameSession | null = null;
  private card: Card | null = null;
  private jobRunning = false;
  private focusFirst: (ahead: { text: string; enter: boolean }) => void = () => undefined;
  private reported = -1;
  /**
   * Keys that reached this frame for the writer before the content script's word to focus
   * came (the page gave the frame focus a moment earlier, and the person typed on): they are
   * the writer's, after what the content script kept for it.
   */
  private early: { text: string; enter: boolean } | null = null;

  constructor(
    private readonly root: HTMLElement,
    private readonly post: Post,
  ) {
    new ResizeObserver(() => this.report()).observe(root);
    document.addEventListener(
      'keydown',
      (event) => {
        if (!event.isTrusted) return;
        if (this.keepEarly(event)) return;
        // A held Enter presses nothing (the draft's Insert comes up under the key that asked for it).
        if (event.key === 'Enter' && event.repeat) event.preventDefault();
        if (event.key === 'Escape' && this.session) {
          event.preventDefault();
          this.close();
        }
      },
      true,
    );
  }

  handle(event: FrameEvent): void {
    if (event.type === 'show') return this.show(event.session);
    if (event.type === 'hide') return this.clear();
    const session = this.session;
    if (!session || event.id !== session.id) return;
    switch (event.type) {
      case 'job':
        return this.startJob(event.title);
      case 'delta':
        this.card?.append(event.text);
        return;
      case 'done':
        return this.done(session, event.route);
      case 'error':
        this.jobRunning = false;
        this.card?.setError(event.message);
        this.card?.setActions([this.closeButton()]);
        return;
      case 'applied':
        return this.applied(session, event.ok, event.message);
      case 'sent':
        this.card?.setStatus('Sent to the chat: it goes with your next task.');
        return;
    }
  }

  /** The worker went away in the middle of a job. */
  lost(): void {
    if (!this.jobRunning) return;
    this.jobRunning = false;
    this.card?.setError('Wayfinder restarted in the middle; try again.');
  }

  /** Focus on the view's first control (the content script has just focused the frame), with the keys typed ahead for the writer. */
  focus(id: string, ahead: { text: string; enter: boolean } = { text: '', enter: false }): void {
    if (this.session?.id !== id) return;
    const early = this.early ?? { text: '', enter: false };
    this.early = null;
    this.focusFirst({ text: ahead.text + early.text, enter: ahead.enter || early.enter });
  }

  /** A plain key typed for the writer before its box has focus (nothing in this frame has it yet): kept for it. */
  private keepEarly(event: KeyboardEvent): boolean {
    const early = this.early;
    if (!early || (document.activeElement && document.activeElement !== document.body)) return false;
    if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return false;
    if (event.key.length === 1 && !early.enter) early.text += event.key;
    else if (event.key === 'Backspace' && !early.enter) early.text = early.text.slice(0, -1);
    else if (event.key === 'Enter') early.enter = true;
    else return false;
    event.preventDefault();
    event.stopImmediatePropagation();
    return true;
  }

  private clear(): void {
    this.session = null;
    this.early = null;
    this.card = null;
    this.jobRunning = false;
    this.reported = -1;
    this.root.replaceChildren();
  }

  private close(): void {
    const session = this.session;
    if (!session) return;
    this.clear();
    this.post({ type: 'close', id: session.id, restore: true });
  }

  private report(): void {
    const session = this.session;
    if (!session) return;
    const height = Math.ceil(this.root.getBoundingClientRect().height);
    if (height === this.reported) return;
    this.reported = height;
    this.post({ type: 'size', id: session.id, height });
  }

  private render(card: Card, focus: (ahead: { text: string; enter: boolean }) => void): void {
    const hadFocus = document.hasFocus() && this.card !== null;
    this.card = card;
    this.focusFirst = focus;
    this.root.replaceChildren(card.el);
    if (hadFocus) focus({ text: '', enter: false });
    this.report();
  }

  private show(session: FrameSession): void {
    this.clear();
    this.session = session;
    const { id } = session;
    switch (session.view) {
      case 'explain': {
        const card = new Card('Explain', { status: 'Working…' });
        return this.render(card, () => card.el.focus());
      }
      case 'sent': {
        const card = new Card('Send to chat', { role: 'sent', status: 'Sending…' });
        card.append(session.text.length > 200 ? `${session.text.slice(0, 199)}…` : session.text);
        card.setActions([this.closeButton()]);
        return this.render(card, () => card.el.focus());
      }
      case 'rewrite': {
        const card = new Card('Rewrite', { role: 'presets', label: 'Rewrite' });
        card.el.setAttribute('role', 'group');
        const presets = REWRITE_PRESETS.map((p) =>
          button(p.label, () => this.post({ type: 'rewrite', id, preset: p.id, instruction: '' }), { keepFocus: false }),
        );
        const own = askBox(
          'Your own instruction',
          'Or say how to rewrite it…',
          (instruction) => this.post({ type: 'rewrite', id, preset: null, instruction }),
          'Rewrite',
        );
        card.body.append(h('div', { class: 'presets' }, ...presets), own.row);
        return this.render(card, () => presets[0]?.focus());
      }
      case 'write': {
        const card = new Card('Write', { role: 'writer' });
        const ask = askBox(
          'What should Wayfinder write?',
          'e.g. a polite reply saying yes',
          (instruction) => this.post({ type: 'write', id, instruction }),
          'Write',
        );
        card.body.append(ask.row);
        card.setActions([this.closeButton()]);
        this.early = { text: '', enter: false };
        return this.render(card, (ahead) => {
          ask.input.value += ahead.text;
          ask.input.focus();
          if (ahead.enter) ask.submit();
        });
      }
      case 'capture': {
        const card = new Card('Captured area', { role: 'capture' });
        const image = session.image;
        if (image) {
          card.image(image.src, 'The captured area');
          card.el.dataset.width = String(image.width);
          card.el.dataset.height = String(image.height);
          card.setStatus(`${image.width} × ${image.height} pixels.`);
        }
        const explain = button('Explain', () => this.post({ type: 'explain-image', id }), { primary: true, keepFocus: false });
        card.setActions([explain, this.sendButton(id), h('span', { class: 'spacer' }), this.closeButton()]);
        return this.render(card, () => explain.focus());
      }
    }
  }

  private startJob(title: string): void {
    const session = this.session;
    if (!session) return;
    const card = new Card(title, { status: 'Working…', ...(session.view === 'write' ? { role: 'writer' } : {}) });
    card.setActions([this.closeButton()]);
    this.jobRunning = true;
    this.render(card, () => card.el.focus());
  }

  private done(session: FrameSession, route: string): void {
    const card = this.card;
    this.jobRunning = false;
    if (!card) return;
    const id = session.id;
    // A rewrite goes into the field now; its actions come when it is there (applied).
    if (session.view === 'rewrite') {
      card.setStatus('Putting it in place…');
      return;
    }
    card.setStatus(route ? `Written by ${route}.` : 'Done.');
    const rate = this.rateButtons(id, card);
    if (session.view === 'write') {
      const insert = button(
        'Insert',
        () => {
          insert.disabled = true;
          card.setStatus('Inserting…');
          this.post({ type: 'insert', id });
        },
        { primary: true, keepFocus: false },
      );
      card.setActions([insert, this.copyButton(card), ...rate, h('span', { class: 'spacer' }), this.closeButton()]);
      this.focusFirst = () => insert.focus();
      if (document.hasFocus()) insert.focus();
      return;
    }
    const copy = session.view === 'capture' ? [] : [this.copyButton(card)];
    card.setActions([this.sendButton(id), ...copy, ...rate, h('span', { class: 'spacer' }), this.closeButton()]);
  }

  private applied(session: FrameSession, ok: boolean, message: string): void {
    const card = this.card;
    if (!card) return;
    if (session.view === 'write') {
      // Put in place, the writer closes; else Insert can be tried again.
      if (ok) return;
      card.setError(message);
      card.el.querySelector<HTMLButtonElement>('button.primary')?.removeAttribute('disabled');
      return;
    }
    if (ok) {
      card.setStatus('Replaced. Ctrl+Z (⌘Z) puts the original back.');
      card.el.dataset.replaced = 'true';
    } else card.setError(message);
    const rate = this.rateButtons(session.id, card);
    card.setActions([this.copyButton(card), this.sendButton(session.id), ...rate, h('span', { class: 'spacer' }), this.closeButton()]);
  }

  private closeButton(): HTMLButtonElement {
    return button('Close', () => this.close(), { keepFocus: false });
  }

  /** Send to chat: the panel is asked to open first, while the click's gesture lasts. */
  private sendButton(id: string): HTMLButtonElement {
    return button(
      'Send to chat',
      () => {
        chrome.runtime.sendMessage({ type: OPEN_PANEL_MESSAGE }).catch(() => undefined);
        this.post({ type: 'send', id });
      },
      { keepFocus: false },
    );
  }

  private copyButton(card: Card): HTMLButtonElement {
    return button(
      'Copy',
      () => {
        navigator.clipboard.writeText(card.text.trim()).then(
          () => card.setStatus('Copied.'),
          () => card.setError('Could not copy here: select the text and press Ctrl+C.'),
        );
      },
      { keepFocus: false },
    );
  }

  /** 👍 / 👎 for a result; either sends the rating once and says so. */
  private rateButtons(id: string, card: Card): HTMLElement[] {
    const rate = (rating: 'up' | 'down') => {
      this.post({ type: 'rate', id, rating });
      card.setStatus(rating === 'up' ? 'Thanks: rated helpful.' : 'Thanks: rated not helpful.');
    };
    return [
      button(thumb(true), () => rate('up'), { title: 'Good result', keepFocus: false }),
      button(thumb(false), () => rate('down'), { title: 'Bad result', keepFocus: false }),
    ];
  }
}
