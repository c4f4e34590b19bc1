import type { Intent, RowAction } from './intents';
import { KEY, normalizeKey } from './keys';
import { target, type Target } from './targets';
import { parseNumber } from './values';

// One fragment with its own verb → intents (a login is three). Order matters: the more
// particular phrasings come before the general ones they would otherwise fall into.

const ORDINALS: Record<string, string> = { first: '1', second: '2', third: '3', fourth: '4', fifth: '5', last: 'last' };
/** Where a value begins inside a phrase: a number, a quote, a month, a relative day. */
const VALUE_START =
  '(?:["“\']|\\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\s+\\d|(?:today|tomorrow|yesterday|noon|midnight)\\b)';
const QUOTED = '("[^"]*"|“[^”]*”|\'[^\']*\'|.+?)';

export function unquote(raw: string): string {
  const m = /^\s*["“']([\s\S]*)["”']\s*$/.exec(raw);
  return (m?.[1] ?? raw).trim();
}

/**
 * A value as people give it: quoted, bare, or quoted after words that describe it ("the
 * code "K7p"", "the number "58"", "my email “a@b.org”") — then the quoted part is the value.
 */
export function spokenValue(raw: string): string {
  const described = /^\s*(?:(?:the|a|an|my|this|that|your|our)\s+)?[^"“”]{1,40}?\s+("[^"]*"|“[^”]*”)\s*$/i.exec(raw);
  return unquote(described?.[1] ?? raw);
}

function looksLikeAddress(text: string): boolean {
  return /^(https?:\/\/|localhost\b|127\.0\.0\.1|\[::1\])/i.test(text) || /^[\w-]+(\.[\w-]+)+(:\d+)?(\/\S*)?$/.test(text);
}

/** "Edit > Paste Special > Values" → its levels; null without a ">". */
export function menuPath(text: string): string[] | null {
  if (!/\s*(?:>|→|›|»)\s*/.test(text)) return null;
  const path = text
    .split(/\s*(?:>|→|›|»)\s*/)
    .map((p) =>
      unquote(p)
        .replace(/^(?:the\s+)?/i, '')
        .replace(/\s+menu$/i, '')
        .trim(),
    )
    .filter(Boolean);
  return path.length >= 2 ? path : null;
}

const SECTIONISH = /\b(section|panel|accordion|details|group)\b/i;
const POPUP =
  /^(?:the\s+|this\s+|that\s+)?(?:popup|pop-up|pop up|dialog(?: box)?|modal|overlay|banner|notice|window|message|lightbox)(?:\s+(?:window|box|dialog|message))?$/i;

/** A choice that names a control rather than an option: "the third option button". */
function choiceIntent(raw: string): Intent {
  const path = menuPath(raw);
  if (path) return { kind: 'menu', path };
  const t = target(raw);
  if (t.kind && (t.ordinal || t.all || t.kind === 'radio' || t.kind === 'checkbox')) {
    return t.kind === 'radio' || t.kind === 'checkbox' ? { kind: 'check', target: t, checked: true } : { kind: 'click', target: t };
  }
  return { kind: 'select', option: unquote(raw), target: null };
}

function scrollIntent(said: string): Intent | null {
  let m: RegExpExecArray | null;
  // "all the way down" / "to the very bottom" / "all the way to the end" mean the bottom, not one step.
  const f = said
    .replace(/\s+all the way\s+down$/i, ' to the bottom')
    .replace(/\s+all the way\s+up$/i, ' to the top')
    .replace(/\ball the way\s+(?=to\b)/i, '')
    .replace(/\bthe very\s+/i, 'the ');
  const dir = (w: string): 'up' | 'down' | 'top' | 'bottom' =>
    /top|start|beginning/i.test(w) ? 'top' : /bottom|end/i.test(w) ? 'bottom' : /up/i.test(w) ? 'up' : 'down';
  if ((m = /^scroll(?:\s+the\s+page)?(?:\s+(up|down))?(?:\s+(?:a bit|a little|more|again|some))?$/i.exec(f)))
    return { kind: 'scroll', direction: m[1]?.toLowerCase() === 'up' ? 'up' : 'down' };
  if ((m = /^scroll\s+(?:all the way\s+)?(?:to\s+)?(?:the\s+)?(top|bottom|end|start)(?:\s+of\s+the\s+page)?$/i.exec(f)))
    return { kind: 'scroll', direction: dir(m[1] ?? '') };
  if ((m = /^scroll\s+(?:all the way\s+)?(?:down|up)?\s*(?:to\s+)?(?:the\s+)?(top|bottom|end|start|beginning)\s+of\s+(.+)$/i.exec(f)))
    return { kind: 'scroll', direction: dir(m[1] ?? ''), target: target(m[2] ?? '') };
  if ((m = /^scroll\s+(up|down)\s+(?:a bit\s+|a little\s+)?(?:in|inside|within)\s+(.+)$/i.exec(f)))
    return { kind: 'scroll', direction: dir(m[1] ?? ''), target: target(m[2] ?? '') };
  if ((m = /^scroll\s+(?!to\b)(.+?)\s+(?:all the way\s+)?(?:(up|down)|to\s+(?:the\s+)?(top|bottom|end|start|beginning))$/i.exec(f)))
    return { kind: 'scroll', direction: dir(m[2] ?? m[3] ?? ''), target: target(m[1] ?? '') };
  if ((m = /^scroll\s+through\s+(.+)$/i.exec(f))) return { kind: 'scroll', direction: 'bottom', target: target(m[1] ?? '') };
  return null;
}

function loginIntents(f: string): Intent[] | null {
  const m = new RegExp(
    `^(log ?in|sign ?in|log into|sign into)\\s+(?:(?:to|into)\\s+)?(?:(?:the|this|my)\\s+)?(?:site\\s+|page\\s+|account\\s+|app\\s+)?as\\s+${QUOTED}\\s+(?:with|using)\\s+(?:the\\s+)?(?:password\\s+)?${QUOTED}$`,
    'i',
  ).exec(f);
  if (!m) return null;
  const verb = (m[1] ?? '').toLowerCase().replace(/\s+/, '').replace(/into$/, 'in');
  const button: Target = { text: verb === 'signin' ? 'sign in' : 'log in', exact: null };
  return [
    { kind: 'type', text: unquote(m[2] ?? ''), target: { text: 'username', exact: null } },
    { kind: 'type', text: unquote(m[3] ?? ''), target: { text: 'password box', exact: null, kind: 'password', ordinal: 1 } },
    { kind: 'click', target: button },
  ];
}

const ROW_VERBS = '(edit|change|modify|remove|delete|get rid of|drop|view|open)';
const ROW_ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, last: -1 };

function rowAction(verb: string): RowAction {
  return /^(?:edit|change|modify)$/i.test(verb) ? 'edit' : /^(?:view|open)$/i.test(verb) ? 'view' : 'remove';
}

/** A row's own button: "edit the row for Nairobi", "remove the second row", "delete the Lisbon row". */
function rowIntent(f: string): Intent | null {
  let m: RegExpExecArray | null;
  if ((m = new RegExp(`^${ROW_VERBS}\\s+(?:the\\s+)?row\\s+(?:for|of|with|containing|that\\s+(?:says|has|shows))\\s+(.+)$`, 'i').exec(f)))
    return { kind: 'row', action: rowAction(m[1] ?? ''), row: unquote(m[2] ?? ''), ordinal: null };
  if (
    (m = new RegExp(
      `^${ROW_VERBS}\\s+(?:the\\s+)?(first|second|third|fourth|fifth|last|\\d+(?:st|nd|rd|th)?)\\s+(?:row|line|entry)$`,
      'i',
    ).exec(f))
  ) {
    const which = (m[2] ?? '').toLowerCase();
    const ordinal = ROW_ORDINALS[which] ?? Number.parseInt(which, 10);
    return Number.isFinite(ordinal) && ordinal !== 0 ? { kind: 'row', action: rowAction(m[1] ?? ''), row: null, ordinal } : null;
  }
  // Not "line" here: "the address line" is a field.
  if ((m = new RegExp(`^${ROW_VERBS}\\s+(?:the\\s+)?(.+?)\\s+(?:row|entry)$`, 'i').exec(f)))
    return { kind: 'row', action: rowAction(m[1] ?? ''), row: unquote(m[2] ?? ''), ordinal: null };
  return null;
}

const SMALL_NUMBERS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** Polite or indirect openings before the verb: "could you please …", "I'd like you to …". */
const POLITE =
  /^(?:(?:(?:could|can|would|will)\s+you|(?:i\s+)?(?:want|need)(?:\s+you)?\s+to|i(?:'d|’d|\s+would)\s+like(?:\s+you)?\s+to|kindly|just|go ahead and)\s+(?:(?:please|pls|plz)\s+)?)+/i;

/** One fragment with its own verb, or null when it has none. */
export function withVerb(fragment: string): Intent | Intent[] | null {
  const f = fragment
    .trim()
    .replace(/[.!?]+$/, '')
    .replace(/,?\s+(?:please|pls|plz|for me)$/i, '')
    .replace(/^(please|pls|plz|now|also|and|then|next|finally|first)\s+/i, '')
    .replace(POLITE, '')
    .replace(/^(log|sign)\s+me\s+(in|into)\b/i, '$1 $2')
    .replace(/^(switch|go|head|move|change)\s+over\s+to\b/i, '$1 to')
    .trim();
  let m: RegExpExecArray | null;
  if ((m = /^(?:open|go to|goto|switch to)?\s*(?:a\s+)?new tab(?:\s+(?:at|with|to|on)\s+(.+))?$/i.exec(f)))
    return { kind: 'new-tab', url: m[1] ? unquote(m[1]) : null };
  if (/^close (?:the |this |current )?tab$/i.test(f)) return { kind: 'close-tab' };
  if ((m = /^(?:switch|go|change)\s+to\s+(?:the\s+)?(?:tab\s+(.+)|(\w+)\s+tab)$/i.exec(f))) {
    const which = (m[1] ?? m[2] ?? '').trim();
    return { kind: 'switch-tab', which: ORDINALS[which.toLowerCase()] ?? which.replace(/(st|nd|rd|th)$/i, '').replace(/^#/, '') };
  }
  if (/^(?:go\s+)?back$/i.test(f)) return { kind: 'back' };
  if (/^(?:go\s+)?forward$/i.test(f)) return { kind: 'forward' };
  if (/^(?:reload|refresh)(?:\s+the\s+page)?$/i.test(f)) return { kind: 'reload' };
  if (/^scroll\b/i.test(f)) return scrollIntent(f);
  const login = loginIntents(f);
  if (login) return login;
  // "from the File menu choose Export" starts a menu path at File.
  if ((m = /^(?:from|in|under)\s+(?:the\s+)?(.+?)\s+menu,?\s+(?:choose|select|pick|click(?:\s+on)?|open|go to)\s+(.+)$/i.exec(f)))
    return { kind: 'menu', path: [unquote(m[1] ?? ''), ...(menuPath(m[2] ?? '') ?? [unquote(m[2] ?? '')])] };
  // Menus: "choose Edit > Paste Special > Values".
  if ((m = /^(?:choose|select|pick|click(?:\s+on)?|open|go to|use|navigate to)\s+(.+)$/i.exec(f))) {
    const path = menuPath(m[1] ?? '');
    if (path) return { kind: 'menu', path };
  }
  // Dialogs: "dismiss the popup by pressing the x", "close the dialog".
  if (
    (m = /^(?:dismiss|close|exit|shut)\s+(.+?)(?:\s+(?:by|with|using)\s+(?:(?:pressing|clicking|tapping|hitting|using)\s+)?(.+))?$/i.exec(
      f,
    ))
  ) {
    if (POPUP.test(m[1] ?? '')) return { kind: 'click', target: m[2] ? target(m[2]) : { ...target('close'), icon: 'close' } };
  }
  // "search the help for "parcel stuck"": where to search is the page's search box; what to search is quoted.
  if ((m = /^(?:search|look)\s+(?:(?:in|on|through)\s+)?(?:the\s+)?[\p{L}\s-]{1,30}?\s+for\s+("[^"]*"|“[^”]*”)$/iu.exec(f)))
    return { kind: 'search', text: unquote(m[1] ?? '') };
  if ((m = /^(?:search|look)\s+(?:for\s+)?(.+)$/i.exec(f))) return { kind: 'search', text: unquote(m[1] ?? '') };
  // A wizard's steps: "go next", "on to the next step", "go back a step".
  if (/^(?:go\s+(?:on\s+)?(?:to\s+(?:the\s+)?)?next(?:\s+(?:step|page))?|(?:on\s+)?to\s+the\s+next\s+(?:step|page)|next\s+step)$/i.test(f))
    return { kind: 'click', target: target('Next') };
  if (/^(?:go\s+back\s+(?:a|one)\s+(?:step|page)|(?:go\s+)?(?:to\s+)?(?:the\s+)?previous\s+(?:step|page)|previous\s+step)$/i.test(f))
    return { kind: 'click', target: target('Back') };
  if (
    (m =
      /^(?:focus(?:\s+on)?|click\s+(?:into|inside)|tap\s+into|(?:put|place|set)\s+(?:the\s+|your\s+)?(?:cursor|caret|focus)\s+(?:in|into|on|inside)|move\s+(?:the\s+)?(?:cursor|focus)\s+(?:to|into))\s+(.+)$/i.exec(
        f,
      ))
  )
    return { kind: 'focus', target: target(m[1] ?? '') };
  if (
    (m =
      /^(?:hover(?:\s+(?:the\s+)?(?:mouse|pointer|cursor))?(?:\s+(?:over|on))?|mouse\s*over|move\s+(?:the\s+)?(?:mouse|pointer)\s+(?:over|to|onto)|point\s+at)\s+(.+)$/i.exec(
        f,
      ))
  )
    return { kind: 'hover', target: target(m[1] ?? '') };
  if ((m = /^(?:drag(?:\s+and\s+drop)?|move)\s+(.+?)\s+(?:to|onto|into|over to|on to)\s+(.+)$/i.exec(f))) {
    // "Move the slider to 30" sets a value; "move Map to Backpack" drags.
    if (parseNumber(m[2] ?? '') !== null) return { kind: 'set', value: unquote(m[2] ?? ''), target: target(m[1] ?? '') };
    return { kind: 'drag', from: target(m[1] ?? ''), to: target(m[2] ?? '') };
  }
  if ((m = /^(expand|unfold|open up|show|reveal|collapse|fold|hide|close)\s+(.+)$/i.exec(f))) {
    const open = /^(expand|unfold|open up|show|reveal)$/i.test(m[1] ?? '');
    return { kind: 'expand', target: target(m[2] ?? ''), open };
  }
  const row = rowIntent(f);
  if (row) return row;
  if ((m = /^(?:go to|goto|open|visit|navigate to|browse to|load)\s+(.+)$/i.exec(f))) {
    const what = unquote(m[1] ?? '');
    if (looksLikeAddress(what)) return { kind: 'navigate', url: what };
    const t = target(m[1] ?? '');
    if (t.kind === 'section' || (SECTIONISH.test(t.text) && !t.exact)) return { kind: 'expand', target: t, open: true };
    return { kind: 'click', target: t };
  }
  // "paste this as my cover letter: "…"".
  if ((m = /^(?:paste|put|use|enter|add)\s+(?:this|the following)\s+(?:as|in|into|for)\s+(.+?):\s*("[^"]*"|“[^”]*”)$/i.exec(f)))
    return { kind: 'type', text: unquote(m[2] ?? ''), target: target(m[1] ?? '') };
  if ((m = new RegExp(`^(?:type|enter|write|input|put|key in)\\s+${QUOTED}\\s+(?:into|in|on|as|for)\\s+(.+)$`, 'i').exec(f)))
    return { kind: 'type', text: spokenValue(m[1] ?? ''), target: target(m[2] ?? '') };
  // "fill in ana@example.com as the email address".
  if ((m = /^fill\s+in\s+("[^"]*"|“[^”]*”|\S+)\s+as\s+(.+)$/i.exec(f)))
    return { kind: 'type', text: unquote(m[1] ?? ''), target: target(m[2] ?? '') };
  if ((m = /^(type|enter|fill(?:\s+in)?|set)\s+(.+?)\s+(?:with|to|as)?\s*("[^"]*"|“[^”]*”)$/i.exec(f))) {
    const [verb, where, value] = [m[1] ?? '', target(m[2] ?? ''), unquote(m[3] ?? '')];
    return /^set$/i.test(verb) ? { kind: 'set', value, target: where } : { kind: 'type', text: value, target: where };
  }
  if ((m = /^(?:fill(?:\s+in|\s+out)?|complete)\s+(.+?)\s+with\s+(.+)$/i.exec(f)))
    return { kind: 'type', text: unquote(m[2] ?? ''), target: target(m[1] ?? '') };
  // "turn email notifications off", "switch the dark mode on".
  if ((m = /^(?:turn|switch|toggle)\s+(.+?)\s+(on|off)$/i.exec(f)))
    return { kind: 'check', target: target(m[1] ?? ''), checked: (m[2] ?? '').toLowerCase() === 'on' };
  // "make it 3 adults", "make it two nights": a number for the field named after it.
  if ((m = /^(?:make|set)\s+it\s+(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+(.+)$/i.exec(f))) {
    const said = (m[1] ?? '').toLowerCase();
    const n = SMALL_NUMBERS.indexOf(said);
    return { kind: 'set', value: n > 0 ? String(n) : said, target: target(m[2] ?? '') };
  }
  if ((m = /^(?:set|change|adjust|update|slide|turn|make|switch)\s+(.+?)\s+to\s+(.+)$/i.exec(f)))
    return { kind: 'set', value: unquote(m[2] ?? ''), target: target(m[1] ?? '') };
  // "set the alarm for 7:30 pm"; "make the meeting time June 1st 2025": the value starts where a value does.
  if (
    (m = /^set\s+(.+?)\s+for\s+(.+)$/i.exec(f)) ||
    (m = new RegExp(`^(?:set|make|change)\\s+(the\\s+.+?)\\s+(${VALUE_START}.*)$`, 'i').exec(f))
  ) {
    // "set Large for the size" names the value first.
    const [what, value] = /^the\s/i.test(m[2] ?? '') && !/^(?:the|my|your)\s/i.test(m[1] ?? '') ? [m[2], m[1]] : [m[1], m[2]];
    return { kind: 'set', value: unquote(value ?? ''), target: target(what ?? '') };
  }
  if ((m = /^(?:select|choose|pick|use)\s+(.+?)\s+(?:in|from|for|on|as)\s+(.+)$/i.exec(f))) {
    // An option chosen "from the menu" is chosen from a dropdown: the word people use for a select.
    const where = /^(?:the\s+)?(?:menu|drop-?down menu)$/i.test((m[2] ?? '').trim())
      ? { ...target('dropdown'), text: 'menu' }
      : target(m[2] ?? '');
    if (where.kind === 'radio' || where.kind === 'checkbox' || /^(?:the\s+)?(?:colou?r|option|choice|answer)$/i.test(m[2] ?? ''))
      return { kind: 'select', option: unquote(m[1] ?? ''), target: null };
    return { kind: 'select', option: unquote(m[1] ?? ''), target: where };
  }
  if ((m = /^(?:select|choose|pick)\s+(.+)$/i.exec(f))) return choiceIntent(m[1] ?? '');
  if ((m = /^(?:clear|empty|erase|wipe|blank)\s+(?:out\s+)?(.+)$/i.exec(f))) return { kind: 'clear', target: target(m[1] ?? '') };
  if ((m = /^(?:toggle|flip)\s+(.+)$/i.exec(f))) return { kind: 'toggle', target: target(m[1] ?? '') };
  if ((m = /^(?:uncheck|untick|un-tick|un-check|deselect|unselect|disable|turn off|switch off)\s+(.+)$/i.exec(f)))
    return { kind: 'check', target: target(m[1] ?? ''), checked: false };
  if ((m = /^(?:check|tick|enable|turn on|switch on|mark)\s+(.+)$/i.exec(f)))
    return { kind: 'check', target: target(m[1] ?? ''), checked: true };
  if ((m = /^(?:press|hit|push)\s+(?:the\s+)?(.+?)(?:\s+key)?$/i.exec(f))) {
    const what = (m[1] ?? '').trim();
    if (KEY.test(what)) return { kind: 'press', keys: normalizeKey(what) };
    return { kind: 'click', target: target(what) };
  }
  if ((m = /^(?:click|tap|push|activate|follow)(?:\s+on)?\s+(.+)$/i.exec(f))) {
    // "click the X to close the popup": the purpose is not part of the name.
    return { kind: 'click', target: target((m[1] ?? '').replace(/\s+(?:to|in order to)\s+(?:close|dismiss|hide|open|show)\b.*$/i, '')) };
  }
  // A menu path on its own is the command: "File > Export > PDF".
  const path = menuPath(f);
  if (path && !/["“]/.test(f.split(/\s*(?:>|→|›|»)\s*/)[0] ?? '')) return { kind: 'menu', path };
  // "get rid of Auckland", "delete Lisbon": the row that has it, when the page has a Remove in every row (steps.ts says so otherwise).
  if ((m = /^(?:get rid of|remove|delete)\s+(?!(?:the|a|an|this|that|my|your|our|all|every|each)\b)(.+)$/i.exec(f)))
    return { kind: 'row', action: 'remove', row: unquote(m[1] ?? ''), ordinal: null };
  return null;
}
