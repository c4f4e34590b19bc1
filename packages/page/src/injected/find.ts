import type { FindMatch, FindResult } from '../protocol';
import type { ControlItem, Item } from './items';
import { isInput } from './dom';
import type { RefRegistry } from './refs';
import { controlLine, placeholder } from './render';
import { rowOf, rowScore } from './rows';
import { collectPage, windowViewport } from './snapshot';
import { parseColor, type Visibility } from './visibility';

// Ranks controls for a plain-language description ("email field", "the blue Subscribe
// button"), so a small model can act without reading a whole snapshot.

const STOP = new Set([
  'the',
  'a',
  'an',
  'to',
  'of',
  'on',
  'in',
  'at',
  'for',
  'with',
  'that',
  'this',
  'my',
  'me',
  'please',
  'click',
  'press',
  'tap',
  'type',
  'into',
  'enter',
  'choose',
  'find',
  'labeled',
  'labelled',
  'called',
  'named',
  'says',
  'saying',
  'which',
  'where',
  'is',
  'and',
  'or',
  'it',
  'its',
]);

const ROLE_WORDS: Record<string, string[]> = {
  button: ['button'],
  btn: ['button'],
  link: ['link'],
  hyperlink: ['link'],
  field: ['textbox', 'searchbox', 'combobox', 'spinbutton'],
  input: ['textbox', 'searchbox', 'combobox', 'spinbutton'],
  textbox: ['textbox', 'searchbox'],
  box: ['textbox', 'searchbox', 'checkbox', 'combobox'],
  textarea: ['textbox'],
  checkbox: ['checkbox'],
  tickbox: ['checkbox'],
  check: ['checkbox'],
  radio: ['radio'],
  dropdown: ['combobox', 'listbox'],
  select: ['combobox', 'listbox'],
  combobox: ['combobox'],
  menu: ['combobox', 'listbox', 'menuitem'],
  option: ['option', 'radio'],
  tab: ['tab'],
  switch: ['switch', 'checkbox'],
  toggle: ['switch', 'checkbox', 'button'],
  slider: ['slider'],
  searchbox: ['searchbox'],
  file: ['file'],
  upload: ['file'],
  attach: ['file'],
  attachment: ['file'],
  drag: ['draggable'],
  draggable: ['draggable'],
  item: ['draggable', 'option', 'listitem'],
};

/** Words that name a kind of control but are often a control's own name too. */
const NAME_WORDS_TOO = new Set([
  'search',
  'option',
  'menu',
  'check',
  'upload',
  'attach',
  'attachment',
  'file',
  'toggle',
  'switch',
  'item',
  'drag',
  'tab',
]);

const TYPE_WORDS: Record<string, string[]> = {
  email: ['email'],
  'e-mail': ['email'],
  mail: ['email'],
  password: ['password', 'current-password', 'new-password'],
  phone: ['tel'],
  telephone: ['tel'],
  tel: ['tel'],
  date: ['date', 'bday'],
  birthday: ['date', 'bday'],
  number: ['number'],
  search: ['search'],
  url: ['url'],
  website: ['url'],
  zip: ['postal-code'],
  postcode: ['postal-code'],
  postal: ['postal-code'],
  card: ['cc-number'],
  cvv: ['cc-csc'],
  cvc: ['cc-csc'],
  expiry: ['cc-exp'],
  expiration: ['cc-exp'],
};

/** Verbs that name what a control does: a query using one wants the control that does it. */
const ACTION_WORDS = new Set([
  'add',
  'buy',
  'remove',
  'delete',
  'subscribe',
  'unsubscribe',
  'submit',
  'save',
  'sign',
  'log',
  'login',
  'logout',
  'search',
  'send',
  'pay',
  'checkout',
  'continue',
  'next',
  'back',
  'previous',
  'close',
  'open',
  'cancel',
  'apply',
  'like',
  'share',
  'follow',
  'download',
  'upload',
  'edit',
  'reply',
  'post',
  'confirm',
  'accept',
  'decline',
  'register',
  'join',
  'book',
  'order',
  'place',
]);

const COLORS = new Set([
  'red',
  'orange',
  'yellow',
  'green',
  'blue',
  'teal',
  'cyan',
  'purple',
  'violet',
  'pink',
  'black',
  'white',
  'gray',
  'grey',
  'brown',
]);

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[^\p{L}\p{N}$@.]+/u)
    .map((w) => w.replace(/^[.]+|[.]+$/g, ''))
    .filter(Boolean);
}

function splitIdentifier(value: string): string {
  return value.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_\-[\].]+/g, ' ');
}

function editDistanceAtMostOne(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

function wordMatch(word: string, tokens: string[]): number {
  let best = 0;
  for (const token of tokens) {
    if (token === word) return 1;
    if (word.length >= 3 && token.length >= 3 && (token.startsWith(word) || word.startsWith(token))) best = Math.max(best, 0.8);
    else if (word.length >= 4 && editDistanceAtMostOne(word, token)) best = Math.max(best, 0.6);
    else if (word.length >= 4 && token.includes(word)) best = Math.max(best, 0.5);
  }
  return best;
}

function colorName(value: string): string | null {
  const c = parseColor(value);
  if (!c || c.a < 0.3) return null;
  const r = c.r / 255;
  const g = c.g / 255;
  const b = c.b / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const light = (max + min) / 2;
  const sat = max === min ? 0 : light > 0.5 ? (max - min) / (2 - max - min) : (max - min) / (max + min);
  if (sat < 0.18) return light < 0.2 ? 'black' : light > 0.85 ? 'white' : 'gray';
  let hue: number;
  if (max === r) hue = ((g - b) / (max - min)) % 6;
  else if (max === g) hue = (b - r) / (max - min) + 2;
  else hue = (r - g) / (max - min) + 4;
  hue = (hue * 60 + 360) % 360;
  if (hue < 15 || hue >= 345) return 'red';
  if (hue < 45) return light < 0.35 ? 'brown' : 'orange';
  if (hue < 70) return 'yellow';
  if (hue < 165) return 'green';
  if (hue < 260) return 'blue';
  if (hue < 300) return 'purple';
  return 'pink';
}

const COLOR_ALIASES: Record<string, string> = { grey: 'gray', violet: 'purple', cyan: 'blue', teal: 'blue' };

interface Query {
  words: string[];
  roles: Set<string>;
  types: Set<string>;
  colors: string[];
}

function parseQuery(query: string): Query {
  const q: Query = { words: [], roles: new Set(), types: new Set(), colors: [] };
  for (const word of words(query)) {
    if (STOP.has(word)) continue;
    if (COLORS.has(word)) {
      q.colors.push(COLOR_ALIASES[word] ?? word);
      continue;
    }
    const roles = ROLE_WORDS[word];
    if (roles) {
      roles.forEach((r) => q.roles.add(r));
      // Pure role nouns say only what kind of control; the rest are also words in names ("Upload").
      if (!NAME_WORDS_TOO.has(word)) continue;
    }
    TYPE_WORDS[word]?.forEach((t) => q.types.add(t));
    q.words.push(word);
  }
  return q;
}

interface Fields {
  name: string[];
  labels: string[];
  attributes: string[];
  nearby: string[];
  heading: string[];
}

function fieldsOf(control: ControlItem, items: Item[], index: number): Fields {
  const el = control.el;
  const labelText = [el.getAttribute('placeholder'), el.getAttribute('aria-label'), el.getAttribute('title'), control.value]
    .filter(Boolean)
    .join(' ');
  const attributes = ['id', 'name', 'autocomplete', 'type', 'data-testid', 'class']
    .map((a) => splitIdentifier(el.getAttribute(a) ?? ''))
    .join(' ');
  const near: string[] = [];
  for (const offset of [-2, -1, 1, 2]) {
    const item = items[index + offset];
    if (item?.kind === 'text') near.push(item.text);
  }
  let heading = '';
  for (let i = index - 1; i >= 0; i--) {
    const item = items[i];
    if (item?.kind === 'heading') {
      heading = item.text;
      break;
    }
  }
  return {
    name: words(control.name),
    labels: words(labelText),
    attributes: words(attributes),
    nearby: words(near.join(' ')),
    heading: words(heading),
  };
}

function typeOf(el: Element): string[] {
  const types = [el.getAttribute('autocomplete') ?? ''];
  if (isInput(el)) types.push(el.type);
  return types.flatMap((t) => t.toLowerCase().split(/\s+/));
}

function score(control: ControlItem, fields: Fields, q: Query, vis: Visibility): number {
  let total = 0;
  for (const word of q.words) {
    const best = Math.max(
      wordMatch(word, fields.name) * 3,
      wordMatch(word, fields.labels) * 2.5,
      wordMatch(word, fields.attributes) * 1.5,
      wordMatch(word, fields.nearby) * 1,
      wordMatch(word, fields.heading) * 1,
    );
    total += best;
  }
  let result = q.words.length ? total / q.words.length : 0;
  for (const word of q.words) {
    if (ACTION_WORDS.has(word) && fields.name.includes(word)) result += 0.75;
  }
  const phrase = q.words.join(' ');
  const name = fields.name.join(' ');
  if (phrase && name === phrase) result += 1;
  else if (phrase.length > 3 && name.includes(phrase)) result += 0.5;
  if (q.roles.size) result += q.roles.has(control.role) ? 1.5 : -0.75;
  if (q.types.size) {
    const types = typeOf(control.el);
    if (types.some((t) => q.types.has(t))) result += 1.5;
  }
  if (q.colors.length) {
    const style = vis.style(control.el);
    const colors = [colorName(style.backgroundColor), colorName(style.color), colorName(style.borderTopColor)];
    if (q.colors.some((c) => colors.includes(c))) result += 1;
  }
  if (control.inViewport) result += 0.2;
  if (control.states.includes('disabled')) result -= 0.3;
  return result;
}

/**
 * How well the control's row answers to `row` (rows.ts): the control must be one of several
 * copies (an "Edit" in every row), and its row — the largest ancestor holding no other copy —
 * must be titled by those words (2) or hold them as a phrase (1). 0: not in such a row.
 */
function inRowScore(item: ControlItem, items: Item[], row: string): number {
  const copies = items.flatMap((other) =>
    other.kind === 'control' && other.role === item.role && other.name === item.name ? [other.el] : [],
  );
  const container = rowOf(item.el, copies);
  return container ? rowScore(container, item.el, row) : 0;
}

export function findControls(registry: RefRegistry, query: string, k: number, refBase?: number, row?: string): FindResult {
  const top = registry.forDocument(document, true);
  top.startAt(refBase);
  const { items, vis } = collectPage(registry, windowViewport());
  const q = parseQuery(query);
  const base = location.href;
  const ranked: FindMatch[] = [];
  if (q.words.length || q.roles.size || q.colors.length || q.types.size) {
    items.forEach((item, index) => {
      if (item.kind !== 'control') return;
      let s = score(item, fieldsOf(item, items, index), q, vis);
      if (s <= 0.5) return;
      // Only the copies of a repeated control whose row answers to `row`; a titled row first.
      if (row) {
        const fit = inRowScore(item, items, row);
        if (!fit) return;
        s += fit;
      }
      ranked.push({ ref: item.ref, role: item.role, name: item.name, score: Math.round(s * 100) / 100, line: controlLine(item, base) });
    });
  }
  ranked.sort((a, b) => b.score - a.score);
  const frames = items.flatMap((item) => (item.kind === 'frame' && item.crossOrigin ? [placeholder(item, '', 0)] : []));
  return { query, matches: ranked.slice(0, Math.max(1, k)), docId: registry.docId, frames, refHigh: top.high };
}
