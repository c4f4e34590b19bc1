import { isAnchor, isHTMLElement, isInput, isSelect } from './dom';

/** Roles a person can operate: these get refs. */
export const INTERACTIVE_ROLES = new Set([
  'button',
  'link',
  'checkbox',
  'radio',
  'switch',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'combobox',
  'textbox',
  'searchbox',
  'slider',
  'spinbutton',
  'treeitem',
  'listbox',
  'gridcell',
  'scrollbar',
]);

export const LANDMARK_ROLES = new Set(['banner', 'navigation', 'main', 'contentinfo', 'complementary', 'search', 'form', 'region']);

/** Containers whose text a person reads as a unit with the controls in them. */
export const SECTION_ROLES = new Set(['dialog', 'alertdialog']);
export const LIVE_ROLES = new Set(['alert', 'status', 'log', 'marquee', 'timer']);

const KNOWN_ROLES = new Set([
  ...INTERACTIVE_ROLES,
  ...LANDMARK_ROLES,
  ...SECTION_ROLES,
  ...LIVE_ROLES,
  'heading',
  'img',
  'list',
  'listitem',
  'table',
  'row',
  'cell',
  'columnheader',
  'rowheader',
  'grid',
  'tree',
  'tablist',
  'tabpanel',
  'menu',
  'menubar',
  'toolbar',
  'group',
  'radiogroup',
  'article',
  'figure',
  'tooltip',
  'progressbar',
  'meter',
  'separator',
  'presentation',
  'none',
  'generic',
  'document',
  'application',
  'feed',
  'note',
  'term',
  'definition',
  'math',
]);

/** Roles whose accessible name may come from their content (accname 1.2, step 2F). */
export const NAME_FROM_CONTENT = new Set([
  'button',
  'link',
  'checkbox',
  'radio',
  'switch',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'treeitem',
  'heading',
  'cell',
  'gridcell',
  'columnheader',
  'rowheader',
  'tooltip',
  'row',
  'clickable',
  'draggable',
]);

export function explicitRole(el: Element): string | null {
  const attr = el.getAttribute('role');
  if (!attr) return null;
  for (const token of attr.trim().toLowerCase().split(/\s+/)) {
    if (KNOWN_ROLES.has(token)) return token;
  }
  return null;
}

const SCOPING = new Set(['article', 'aside', 'main', 'nav', 'section']);

function hasScopingAncestor(el: Element): boolean {
  for (let p = el.parentElement; p; p = p.parentElement) {
    if (SCOPING.has(p.localName)) return true;
    const role = p.getAttribute('role');
    if (role === 'article' || role === 'complementary' || role === 'main' || role === 'navigation' || role === 'region') return true;
  }
  return false;
}

function inputRole(el: HTMLInputElement): string | null {
  const type = el.type.toLowerCase();
  switch (type) {
    case 'hidden':
      return null;
    case 'button':
    case 'submit':
    case 'reset':
    case 'image':
    case 'file':
    case 'color':
      return 'button';
    case 'checkbox':
      return 'checkbox';
    case 'radio':
      return 'radio';
    case 'range':
      return 'slider';
    case 'number':
      return 'spinbutton';
    case 'search':
      return el.hasAttribute('list') ? 'combobox' : 'searchbox';
    default:
      return el.hasAttribute('list') ? 'combobox' : 'textbox';
  }
}

export function implicitRole(el: Element): string | null {
  if (!isHTMLElement(el)) return el.localName === 'svg' ? 'img' : null;
  switch (el.localName) {
    case 'a':
    case 'area':
      return isAnchor(el) && el.hasAttribute('href') ? 'link' : null;
    case 'button':
      return 'button';
    case 'input':
      return isInput(el) ? inputRole(el) : null;
    case 'select':
      return isSelect(el) && (el.multiple || el.size > 1) ? 'listbox' : 'combobox';
    case 'textarea':
      return 'textbox';
    case 'option':
      return 'option';
    case 'summary':
      return 'button';
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
      return 'heading';
    case 'nav':
      return 'navigation';
    case 'main':
      return 'main';
    case 'aside':
      return 'complementary';
    case 'header':
      return hasScopingAncestor(el) ? null : 'banner';
    case 'footer':
      return hasScopingAncestor(el) ? null : 'contentinfo';
    case 'form':
      return el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby') || el.hasAttribute('name') ? 'form' : null;
    case 'section':
      return el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby') ? 'region' : null;
    case 'search':
      return 'search';
    case 'dialog':
      return 'dialog';
    case 'img':
      return el.getAttribute('alt') === '' ? 'presentation' : 'img';
    case 'ul':
    case 'ol':
    case 'menu':
      return 'list';
    case 'li':
      return 'listitem';
    case 'table':
      return 'table';
    case 'tr':
      return 'row';
    case 'td':
      return 'cell';
    case 'th':
      return 'columnheader';
    case 'fieldset':
    case 'details':
    case 'optgroup':
      return 'group';
    case 'output':
      return 'status';
    case 'progress':
      return 'progressbar';
    case 'meter':
      return 'meter';
    case 'article':
      return 'article';
    case 'figure':
      return 'figure';
    case 'hr':
      return 'separator';
    default:
      return null;
  }
}

export function roleOf(el: Element): string | null {
  const explicit = explicitRole(el);
  if (explicit && explicit !== 'presentation' && explicit !== 'none' && explicit !== 'generic') return explicit;
  return implicitRole(el);
}

export function headingLevel(el: Element): number {
  const match = /^h([1-6])$/.exec(el.localName);
  if (match?.[1]) return Number(match[1]);
  const level = Number(el.getAttribute('aria-level'));
  return level >= 1 && level <= 6 ? level : 2;
}

/** Natively operable elements (independent of role attributes and styles). */
export function isNativelyInteractive(el: Element): boolean {
  switch (el.localName) {
    case 'a':
    case 'area':
      return el.hasAttribute('href');
    case 'button':
    case 'select':
    case 'textarea':
    case 'summary':
      return true;
    case 'input':
      return isInput(el) && el.type !== 'hidden';
    case 'audio':
    case 'video':
      return el.hasAttribute('controls');
    default:
      return false;
  }
}

/**
 * The role a control is shown with in snapshots and named by in messages: its ARIA role
 * when that is interactive, else what it does (`file`, `draggable`, `textbox` for an
 * editing host, `clickable`).
 */
export function displayRole(el: Element): string {
  if (isInput(el) && el.type === 'file') return 'file';
  const role = roleOf(el);
  if (role && (INTERACTIVE_ROLES.has(role) || isNativelyInteractive(el))) return role;
  if (isNativelyInteractive(el)) return el.localName === 'summary' ? 'button' : 'clickable';
  if (isContentEditable(el)) return 'textbox';
  if (el.getAttribute('draggable') === 'true') return 'draggable';
  return role ?? 'clickable';
}

export function isContentEditable(el: Element): boolean {
  if (!isHTMLElement(el)) return false;
  const attr = el.getAttribute('contenteditable');
  if (attr === null || attr === 'false') return false;
  // Only the editing host gets a ref, not each element inside it.
  const parent = el.parentElement;
  return !(parent && isHTMLElement(parent) && parent.isContentEditable);
}
