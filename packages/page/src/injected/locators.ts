import type { Locator, LocatorSet, PageError } from '../protocol';
import { isPageError } from '../protocol';
import { collapseSpaces, isShadowRoot, labelsOf } from './dom';
import { accessibleName } from './name';
import type { RefRegistry } from './refs';
import { copiesInPage } from './resolve';
import { roleOf } from './roles';
import { inRow, rowOf, rowTitle } from './rows';
import { Visibility } from './visibility';

// Ways to find the element again later (the skills recorder replays with these), each
// with how many elements it matches now and how much we would bet on it surviving a
// redesign. Test ids and stable ids beat role+name, which beats text, which beats paths.

const TEST_ID_ATTRIBUTES = ['data-testid', 'data-test-id', 'data-test', 'data-qa', 'data-cy'];
const BASE_CONFIDENCE: Record<Locator['kind'], number> = {
  testid: 0.95,
  id: 0.85,
  role: 0.9,
  label: 0.85,
  'aria-label': 0.8,
  placeholder: 0.75,
  text: 0.7,
  css: 0.4,
  row: 0.9,
  nth: 0.5,
};
/** Roles whose controls repeat in rows (an "Add" per product): recorded with their row and place. */
const REPEATABLE = new Set(['button', 'link', 'menuitem', 'checkbox', 'switch', 'radio', 'tab']);

/** Ids that frameworks generate (`:r1:`, `ember123`, hashes) change on every build or render. */
export function isStableId(id: string): boolean {
  if (!id || id.length > 60) return false;
  if (/^(:r|ember\d|react-|mui-|radix-|headlessui-|rc-|__|ng-|vue-|svelte-)/i.test(id)) return false;
  if (/\d{4,}|[a-f0-9]{8,}|[-_][a-z0-9]{6,}$/i.test(id) && /\d/.test(id)) return false;
  return true;
}

function queryCount(root: Document | ShadowRoot, selector: string): number {
  try {
    return root.querySelectorAll(selector).length;
  } catch {
    return 0;
  }
}

function cssPath(el: Element): string {
  const parts: string[] = [];
  for (let node: Element | null = el; node; node = node.parentElement) {
    if (node.id && isStableId(node.id)) {
      parts.unshift(`#${CSS.escape(node.id)}`);
      break;
    }
    const tag = node.localName;
    const parent: Element | null = node.parentElement;
    if (!parent) {
      parts.unshift(tag);
      break;
    }
    const current: Element = node;
    const siblings = Array.from(parent.children).filter((c) => c.localName === tag);
    parts.unshift(siblings.length > 1 ? `${tag}:nth-of-type(${siblings.indexOf(current) + 1})` : tag);
  }
  const path = parts.join(' > ');
  const root = el.getRootNode();
  return isShadowRoot(root) ? `${cssPath(root.host)} >>> ${path}` : path;
}

/**
 * For a control repeated in rows: the row it is in (by the row's title) and its place among
 * the copies — copies by accessible name, or by visible text when each copy's name differs
 * ("Delete" whose label names its row's member).
 */
function rowLocators(el: Element, role: string | null, names: string[]): Omit<Locator, 'confidence'>[] {
  if (!role || !REPEATABLE.has(role)) return [];
  let name = '';
  let copies: Element[] = [];
  for (const candidate of names.filter(Boolean)) {
    copies = copiesInPage(role, candidate);
    name = candidate;
    if (copies.length > 1) break;
  }
  const nth = copies.indexOf(el);
  if (copies.length < 2 || nth < 0) return [];
  const row = rowOf(el, copies);
  const within = row ? rowTitle(row, el) : '';
  const byRow = within && inRow(copies, within) === el ? [{ kind: 'row' as const, value: role, name, within, matches: 1 }] : [];
  return [...byRow, { kind: 'nth', value: role, name, nth, matches: 1 }];
}

export function buildLocators(registry: RefRegistry, ref: string): LocatorSet | PageError {
  const el = registry.resolve(ref);
  if (isPageError(el)) return el;
  const vis = new Visibility();
  const ariaRole = roleOf(el);
  const role = ariaRole ?? 'clickable';
  const { name } = accessibleName(el, role, vis);
  const rootNode = el.getRootNode();
  const root: Document | ShadowRoot = isShadowRoot(rootNode) ? rootNode : el.ownerDocument;
  const found: Omit<Locator, 'confidence'>[] = [];

  for (const attr of TEST_ID_ATTRIBUTES) {
    const value = el.getAttribute(attr);
    if (value) found.push({ kind: 'testid', value: `${attr}=${value}`, matches: queryCount(root, `[${attr}="${CSS.escape(value)}"]`) });
  }
  if (el.id && isStableId(el.id)) found.push({ kind: 'id', value: el.id, matches: queryCount(root, `#${CSS.escape(el.id)}`) });
  if (name && ariaRole) {
    let matches = 0;
    for (const other of Array.from(root.querySelectorAll('*'))) {
      if (roleOf(other) === ariaRole && accessibleName(other, role, vis).name === name) matches++;
    }
    found.push({ kind: 'role', value: role, name, matches: Math.max(matches, 1) });
  }
  const labelText = collapseSpaces(
    labelsOf(el)
      .map((l) => l.textContent)
      .join(' '),
  );
  if (labelText) {
    const sameLabel = Array.from(root.querySelectorAll('label')).filter((l) => collapseSpaces(l.textContent) === labelText).length;
    found.push({ kind: 'label', value: labelText, matches: sameLabel });
  }
  const ariaLabel = el.getAttribute('aria-label');
  if (ariaLabel) found.push({ kind: 'aria-label', value: ariaLabel, matches: queryCount(root, `[aria-label="${CSS.escape(ariaLabel)}"]`) });
  const placeholder = el.getAttribute('placeholder');
  if (placeholder)
    found.push({ kind: 'placeholder', value: placeholder, matches: queryCount(root, `[placeholder="${CSS.escape(placeholder)}"]`) });
  const text = collapseSpaces(el.textContent);
  if (
    text &&
    text.length <= 80 &&
    (role === 'button' || role === 'link' || role === 'tab' || role === 'menuitem' || role === 'option' || role === 'clickable')
  ) {
    const sameText = Array.from(root.querySelectorAll(el.localName)).filter((o) => collapseSpaces(o.textContent) === text).length;
    found.push({ kind: 'text', value: text, matches: sameText });
  }
  found.push({ kind: 'css', value: cssPath(el), matches: 1 });
  found.push(...rowLocators(el, ariaRole, [name, text]));

  const locators = found.map((l): Locator => {
    const uniqueness = l.matches === 1 ? 1 : l.matches === 0 ? 0 : 0.5;
    return { ...l, confidence: Math.round(BASE_CONFIDENCE[l.kind] * uniqueness * 100) / 100 };
  });
  locators.sort((a, b) => b.confidence - a.confidence);
  return { ref, locators };
}
