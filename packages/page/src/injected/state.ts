import { collapseSpaces, isHTMLElement, isInput, isSelect, isTextArea, truncate } from './dom';
import { looksLikeInstructions } from './suspicious';
import type { Visibility } from './visibility';

const MAX_VALUE = 48;
const MAX_OPTIONS = 6;
const MAX_VALUE_TEXT = 30;

function ariaTrue(el: Element, attr: string): boolean {
  return el.getAttribute(attr) === 'true';
}

export function isDisabled(el: Element): boolean {
  if (isHTMLElement(el) && el.matches(':disabled')) return true;
  return el.closest('[aria-disabled="true"]') !== null;
}

/** States a person would notice, as short words: checked, disabled, expanded, ... */
export function statesOf(el: Element, focused: Element | null): string[] {
  const states: string[] = [];
  if (isInput(el) && (el.type === 'checkbox' || el.type === 'radio')) {
    if (el.indeterminate) states.push('mixed');
    else if (el.checked) states.push('checked');
  } else {
    const checked = el.getAttribute('aria-checked');
    if (checked === 'true') states.push('checked');
    else if (checked === 'mixed') states.push('mixed');
  }
  if (el.localName === 'option' && 'selected' in el && el.selected === true) states.push('selected');
  else if (ariaTrue(el, 'aria-selected')) states.push('selected');
  const pressed = el.getAttribute('aria-pressed');
  if (pressed === 'true') states.push('pressed');
  else if (pressed === 'mixed') states.push('mixed');
  const expanded = el.getAttribute('aria-expanded');
  if (expanded === 'true') states.push('expanded');
  else if (expanded === 'false') states.push('collapsed');
  else if (el.localName === 'summary' && el.parentElement?.localName === 'details') {
    states.push(el.parentElement.hasAttribute('open') ? 'expanded' : 'collapsed');
  }
  if (isDisabled(el)) states.push('disabled');
  if ((isInput(el) || isSelect(el) || isTextArea(el)) && el.required) states.push('required');
  else if (ariaTrue(el, 'aria-required')) states.push('required');
  const invalid = el.getAttribute('aria-invalid');
  if ((invalid && invalid !== 'false') || (isHTMLElement(el) && safeMatches(el, ':user-invalid'))) states.push('invalid');
  if (((isInput(el) || isTextArea(el)) && el.readOnly) || ariaTrue(el, 'aria-readonly')) states.push('readonly');
  if (isInput(el) && el.type === 'password' && el.value) states.push('filled');
  if (focused === el) states.push('focused');
  return states;
}

function safeMatches(el: Element, selector: string): boolean {
  try {
    return el.matches(selector);
  } catch {
    return false;
  }
}

const NO_VALUE_TYPES = new Set(['password', 'hidden', 'checkbox', 'radio', 'submit', 'reset', 'button', 'image']);

/**
 * A short summary of what the control holds. Never for password or hidden inputs: their
 * values must not reach the model.
 */
export function valueOf(el: Element, role: string): string | undefined {
  if (isInput(el)) {
    if (NO_VALUE_TYPES.has(el.type)) return undefined;
    if (el.type === 'file') {
      const names = Array.from(el.files ?? [], (f) => f.name);
      return names.length ? truncate(names.join(', '), MAX_VALUE) : undefined;
    }
    return el.value ? truncate(el.value, MAX_VALUE) : undefined;
  }
  if (isTextArea(el)) return el.value ? truncate(collapseSpaces(el.value), MAX_VALUE) : undefined;
  if (isSelect(el)) {
    const selected = Array.from(el.selectedOptions, (o) => collapseSpaces(o.label || o.text));
    return selected.length ? truncate(selected.join(', '), MAX_VALUE) : undefined;
  }
  // aria-valuetext is read to screen readers, never drawn: a short word ("Medium") is kept,
  // anything longer or that gives orders yields to the number.
  const valueText = collapseSpaces(el.getAttribute('aria-valuetext') ?? '');
  if (valueText && valueText.length <= MAX_VALUE_TEXT && !looksLikeInstructions(valueText)) return valueText;
  const valueNow = el.getAttribute('aria-valuenow');
  if (valueNow && Number.isFinite(Number(valueNow))) return valueNow.trim();
  if (role === 'textbox' || role === 'searchbox' || (role === 'combobox' && !isHTMLElement(el.querySelector('input')))) {
    if (isHTMLElement(el) && el.isContentEditable) {
      const text = collapseSpaces(el.innerText);
      return text ? truncate(text, MAX_VALUE) : undefined;
    }
  }
  return undefined;
}

/** First few options of a native select people can pick, and how many more there are. */
export function optionsOf(el: Element, vis: Visibility): string | undefined {
  if (!isSelect(el)) return undefined;
  const labels = Array.from(el.options)
    .filter((o) => !vis.optionHidden(o))
    .map((o) => truncate(collapseSpaces(o.label || o.text), 30))
    .filter(Boolean);
  if (!labels.length) return undefined;
  const shown = labels.slice(0, MAX_OPTIONS).join(', ');
  return labels.length > MAX_OPTIONS ? `${shown} (+${labels.length - MAX_OPTIONS} more)` : shown;
}
