import { h } from '../page-helpers/dom';

// A panel in the helper frame: a heading, what the view asks (the presets, the writer's
// question), the text as it streams, a status line, and actions.

export class Card {
  readonly el: HTMLElement;
  readonly body: HTMLElement;
  private readonly output: HTMLElement;
  private readonly status: HTMLElement;
  private readonly actions: HTMLElement;
  text = '';

  constructor(title: string, options: { role?: string; label?: string; status?: string } = {}) {
    this.body = h('div', { class: 'body' });
    this.output = h('div', { class: 'output', 'aria-live': 'polite', 'data-role': 'output' });
    this.output.hidden = true;
    this.status = h('div', { class: 'status', role: 'status' }, options.status ?? '');
    this.actions = h('div', { class: 'actions' });
    this.el = h(
      'section',
      { class: 'panel card', role: 'region', 'aria-label': options.label ?? `Wayfinder: ${title}`, tabindex: '-1' },
      h('h2', {}, title),
      this.body,
      this.output,
      this.status,
      this.actions,
    );
    if (options.role) this.el.dataset.role = options.role;
  }

  append(text: string): void {
    this.text += text;
    this.output.hidden = false;
    this.output.textContent = this.text;
  }

  image(src: string, alt: string): void {
    this.output.hidden = false;
    this.output.replaceChildren(h('img', { class: 'shot', src, alt }));
  }

  setStatus(text: string): void {
    this.status.className = 'status';
    this.status.setAttribute('role', 'status');
    this.status.textContent = text;
  }

  setError(text: string): void {
    this.status.className = 'error';
    this.status.setAttribute('role', 'alert');
    this.status.textContent = text;
  }

  setActions(buttons: HTMLElement[]): void {
    this.actions.replaceChildren(...buttons);
  }
}
