// What a command points at, as people say it: a name ("Sign in", "the email field"), a
// kind of control standing for the only one on the page ("the dropdown"), an ordinal over
// a kind in page order ("the 2nd text box", "the last checkbox"), all of a kind ("both
// password boxes"), or an icon by its meaning ("the x" → close, "☰" → menu).

export type Icon = 'close' | 'menu' | 'search';

export interface Target {
  /** What to look for, as the person wrote it (role words included, quotes removed). */
  text: string;
  /** The quoted part, matched exactly against names; null when nothing was quoted. */
  exact: string | null;
  /** A kind of control ("textbox", "checkbox"…), when the words name one. */
  kind?: string;
  /** 1-based position among the visible controls of that kind, or -1 for the last one. */
  ordinal?: number;
  /** Every control of the kind ("both", "all"). */
  all?: true;
  /** Words beside the kind that narrow it ("the second Save button": "save"). */
  named?: string;
  /** An icon-only control, by what it does. */
  icon?: Icon;
  /** With `all` and no kind: the group the controls belong to ("all the notifications", "each of the extras"). */
  group?: string;
}

/** How a kind word maps to snapshot roles, and to the HTML a field is (where roles cannot tell). */
export interface Kind {
  roles: string[];
  /** For kinds the snapshot's roles do not tell apart: which HTML fields they are. */
  html?: (field: { tag: string; type: string; placeholder: string }) => boolean;
  /** For kinds told apart by state ("collapsed section"). */
  state?: string;
}

const DATEISH = (f: { tag: string; type: string; placeholder: string }) =>
  ['date', 'datetime-local', 'time', 'month', 'week'].includes(f.type) || /\b(d{1,2}|m{1,2}|y{2,4})\b.*[/.-]/i.test(f.placeholder);

export const KINDS: Record<string, Kind> = {
  textbox: { roles: ['textbox', 'searchbox'] },
  field: { roles: ['textbox', 'searchbox', 'spinbutton'] },
  password: { roles: ['textbox'], html: (f) => f.type === 'password' },
  textarea: { roles: ['textbox'], html: (f) => f.tag === 'textarea' },
  date: { roles: ['textbox'], html: DATEISH },
  checkbox: { roles: ['checkbox', 'switch', 'menuitemcheckbox'] },
  radio: { roles: ['radio', 'menuitemradio'] },
  link: { roles: ['link'] },
  button: { roles: ['button'] },
  dropdown: { roles: ['combobox'] },
  list: { roles: ['listbox'] },
  slider: { roles: ['slider'] },
  spinbutton: { roles: ['spinbutton'] },
  tab: { roles: ['tab'] },
  menuitem: { roles: ['menuitem', 'menuitemcheckbox', 'menuitemradio'] },
  section: { roles: ['button'], state: 'collapsed|expanded' },
  draggable: { roles: ['draggable'] },
};

/** Kind phrases, singular and plural, longest first when matched. */
const KIND_WORDS: [RegExp, string][] = [
  [/^password (?:box|boxes|fields?|inputs?)$|^passwords$/, 'password'],
  [/^text ?areas?$|^multi-?line (?:text )?(?:box|boxes|fields?)$|^comment box(?:es)?$/, 'textarea'],
  [/^dates?(?: (?:fields?|inputs?|box|boxes|pickers?))?$/, 'date'],
  [/^(?:text ?)?(?:box|boxes)$|^text ?(?:fields?|inputs?)$|^input box(?:es)?$/, 'textbox'],
  [/^(?:form )?(?:fields?|inputs?|entry (?:box|boxes|fields?))$/, 'field'],
  [/^(?:check ?box(?:es)?|tick ?box(?:es)?)$/, 'checkbox'],
  [/^(?:radio(?: buttons?| options?)?|option buttons?|radios)$/, 'radio'],
  [/^(?:hyper)?links?$/, 'link'],
  [/^buttons?$/, 'button'],
  [/^(?:drop-? ?downs?(?: menus?| lists?| box(?:es)?)?|select(?: box(?:es)?|s)?|combo ?box(?:es)?|pick ?lists?)$/, 'dropdown'],
  [/^(?:lists?|list ?box(?:es)?|selection lists?|scroll(?:ing|able)? ?lists?)$/, 'list'],
  [/^(?:sliders?|range(?: sliders?| inputs?)?)$/, 'slider'],
  [/^(?:spin ?buttons?|spinners?|steppers?|number (?:fields?|box(?:es)?|inputs?))$/, 'spinbutton'],
  [/^tabs?$/, 'tab'],
  [/^menu ?items?$/, 'menuitem'],
  [/^(?:(?:collapsed|expanded|collapsible|closed|hidden|folded) )?(?:sections?|panels?|accordions?|details)$/, 'section'],
  // "the folded part underneath", "the hidden bit below": the one collapsed section.
  [/^(?:collapsed|closed|hidden|folded) (?:parts?|bits?|areas?)(?: (?:underneath|below|beneath|further down|at the bottom))?$/, 'section'],
  [/^(?:draggable )?(?:cards?|items?)$/, 'draggable'],
];

const ORDINAL_WORDS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  last: -1,
  final: -1,
};

const ICONS: [RegExp, Icon][] = [
  [
    /^(?:x|×|✕|✖|╳|cross|close|x (?:button|icon|mark)|cross (?:button|icon)|close (?:button|icon|x)|× (?:button|icon)|✕ (?:button|icon))$/i,
    'close',
  ],
  [
    /^(?:☰|≡|menu|main menu|site menu|nav(?:igation)? menu|hamburger(?: menu| icon| button)?|menu (?:button|icon)|☰ (?:button|icon|menu)|three (?:lines|bars)(?: icon| button)?)$/i,
    'menu',
  ],
  [/^(?:🔍|🔎|⌕|magnifier(?: icon| button)?|magnifying glass(?: icon| button)?|search (?:icon|button)|lens(?: icon)?)$/i, 'search'],
];

function kindOf(words: string): string | null {
  const w = words.toLowerCase().replace(/\s+/g, ' ').trim();
  for (const [re, kind] of KIND_WORDS) if (re.test(w)) return kind;
  return null;
}

/** Reads a kind phrase with optional name words before it: "Save button" → named "Save", kind button. */
function kindWithName(words: string): { kind: string; named?: string } | null {
  const whole = kindOf(words);
  if (whole) return { kind: whole };
  const parts = words.trim().split(/\s+/);
  for (let cut = 1; cut < parts.length; cut++) {
    const kind = kindOf(parts.slice(cut).join(' '));
    if (kind) return { kind, named: parts.slice(0, cut).join(' ') };
  }
  return null;
}

export function target(raw: string): Target {
  const quoted = /"([^"]+)"|“([^”]+)”|'([^']{2,})'/.exec(raw);
  const exact = quoted ? (quoted[1] ?? quoted[2] ?? quoted[3] ?? null) : null;
  const text = raw
    .replace(/["“”]/g, '')
    .replace(/^(the|a|an|my|your|our)\s+/i, '')
    .replace(/\s+(?:on|in)\s+(?:the|this)\s+page$/i, '')
    .trim();
  const base: Target = { text, exact };
  if (exact !== null) return base;
  const icon = ICONS.find(([re]) => re.test(text.replace(/^(?:little|small|tiny)\s+/i, '')))?.[1];
  if (icon) return { ...base, icon };
  // "both boxes", "all the text fields", "each of the two surname boxes".
  const all =
    /^(?:both(?: of the)?|all(?: of)?(?: the)?|every|each(?: of(?: the)?)?)\s+(?:(?:two|three|four|five|six|\d{1,2})\s+)?(.+)$/i.exec(text);
  if (all) {
    const kind = kindWithName(all[1] ?? '');
    if (kind) return { ...base, ...kind, all: true };
    if ((all[1] ?? '').split(/\s+/).length <= 3) return { ...base, all: true, group: all[1] ?? '' };
  }
  const ord =
    /^(?:the\s+)?(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|final|(\d{1,2})(?:st|nd|rd|th)|#(\d{1,2})|(?:number|no\.?)\s+(\d{1,2}))\s+(.+)$/i.exec(
      text,
    );
  if (ord) {
    const n = ORDINAL_WORDS[(ord[1] ?? '').toLowerCase()] ?? Number(ord[2] ?? ord[3] ?? ord[4]);
    const kind = kindWithName(ord[5] ?? '');
    if (kind && n) return { ...base, ...kind, ordinal: n };
  }
  const trailing = /^(.+?)\s+(?:number|no\.?|#)\s*(\d{1,2})$/i.exec(text);
  if (trailing) {
    const kind = kindWithName(trailing[1] ?? '');
    if (kind && !kind.named) return { ...base, ...kind, ordinal: Number(trailing[2]) };
  }
  const bare = kindOf(text);
  if (bare) return { ...base, kind: bare };
  const collapsed = /^(collapsed|expanded|closed|hidden) (.+)$/i.exec(text);
  if (collapsed && kindOf(collapsed[2] ?? '') === 'section') return { ...base, kind: 'section' };
  return base;
}

/** Other words people use for the same common field: "surname" is the "Last name" box. */
const FIELD_WORDS: [RegExp, string][] = [
  [/\b(?:surname|family name)\b/gi, 'last name'],
  [/\b(?:given name|forename|christian name)\b/gi, 'first name'],
  [/\b(?:user name|login name|login)\b/gi, 'username'],
  [/\be-mail\b/gi, 'email'],
  [/\b(?:zip code|zip|postal code|post code)\b/gi, 'postcode'],
  [/\b(?:telephone|phone number|mobile number)\b/gi, 'phone'],
];

/** The same name in the common words (null when no word of it has another). */
export function commonFieldName(text: string): string | null {
  let out = text;
  for (const [re, word] of FIELD_WORDS) out = out.replace(re, word);
  return out === text ? null : out;
}

/** Whether the target is found by kind or icon (from the page's controls), rather than by name. */
export function byKind(t: Target): boolean {
  return Boolean(t.icon || t.kind);
}
