import type { FieldContext } from '../../lib/page-helpers';
import type { Target } from './editable';

// What the helpers tell the model about where the person is: the page, the field's label,
// and the text near it (the message being answered, the heading above the selection).

const NEARBY_MAX = 1000;

function clean(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

function labelledBy(el: Element): string {
  const ids = el.getAttribute('aria-labelledby');
  if (!ids) return '';
  return clean(
    ids
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

/** The label a person sees for a field or editor. */
export function fieldLabel(el: HTMLElement): string {
  const own =
    clean(el.getAttribute('aria-label')) ||
    labelledBy(el) ||
    ('labels' in el && el.labels instanceof NodeList ? clean([...el.labels].map((l) => l.textContent).join(' ')) : '') ||
    clean(el.closest('label')?.textContent) ||
    clean(el.getAttribute('placeholder')) ||
    clean(el.getAttribute('data-placeholder')) ||
    clean(el.getAttribute('title'));
  return own.slice(0, 200);
}

/** The block of text a selection is in (its paragraph, or a larger container with some words). */
function blockText(el: Element): string {
  for (let container: Element | null = el; container && container !== document.body; container = container.parentElement) {
    const text = clean(container instanceof HTMLElement ? container.innerText : container.textContent);
    if (text.length >= 80) return text.slice(0, NEARBY_MAX);
  }
  return '';
}

const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'WAYFINDER-HELPERS']);

/** The text just before a field, nearest last (the message answered, the heading, the field's own label). */
function precedingText(el: Element): string {
  const parts: string[] = [];
  let used = 0;
  for (let node: Element | null = el; node && node !== document.body && used < NEARBY_MAX; node = node.parentElement) {
    for (let sibling = node.previousElementSibling; sibling && used < NEARBY_MAX; sibling = sibling.previousElementSibling) {
      if (SKIP.has(sibling.tagName)) continue;
      const text = clean(sibling instanceof HTMLElement ? sibling.innerText : sibling.textContent);
      if (!text) continue;
      parts.unshift(text);
      used += text.length + 1;
    }
  }
  return parts.join('\n').slice(-NEARBY_MAX);
}

export function contextOf(target: Target): FieldContext {
  const base = { title: document.title, url: location.href };
  if (target.kind === 'static') {
    const node = target.range.commonAncestorContainer;
    const el = node instanceof Element ? node : node.parentElement;
    return { ...base, label: '', nearby: el ? blockText(el) : '' };
  }
  const el = target.kind === 'field' ? target.el : target.root;
  return { ...base, label: fieldLabel(el), nearby: precedingText(el) };
}
