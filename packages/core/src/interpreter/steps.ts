import type { Intent, RowAction } from './intents';
import { controlsIn, describe, Failed, guardSensitive, pageControls, pageSnapshot, resolveByKind, type Calls, type Control } from './page';
import { resolveAll, resolveOne } from './resolve';
import { byKind, commonFieldName, target as readTarget, type Target } from './targets';
import { isColourInput, setColour, setSlider, typeValue } from './typed';
import { colourHex } from './values';

// Each intent as tool calls, one at a time: a call whose result is not in yet stops the
// step (Pending); an error or a doubt fails it (Failed); otherwise it says what it did.

const EDITABLE = ['textbox', 'searchbox', 'combobox', 'spinbutton'];
const CHOOSERS = ['combobox', 'listbox'];
const TOGGLES = ['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio'];
const OPENERS = ['button', 'tab', 'menuitem', 'link', 'clickable', 'combobox', 'treeitem'];

function act(calls: Calls, id: string, name: string, input: Record<string, unknown>, finished: string): string {
  calls.result(id, name, input);
  return finished;
}

function guarded(control: Control, target: Target): Control {
  if (byKind(target)) guardSensitive(control, target);
  return control;
}

function each(controls: Control[], run: (c: Control, i: number) => string): string {
  return controls.map(run).join('; ');
}

const CHOICES = [...TOGGLES, 'option', 'tab', 'menuitem'];

function chooseOption(calls: Calls, id: string, option: string): string {
  const t: Target = { text: option, exact: null };
  // A choice named exactly as said settles it (find reads "Blue" as a colour, not a name).
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  const exact = pageControls(calls, `${id}-c`, false).filter((c) => CHOICES.includes(c.role) && norm(c.name) === norm(option));
  const m = exact.length === 1 && exact[0] ? exact[0] : resolveOne(calls, id, t, CHOICES, 'choice');
  return TOGGLES.includes(m.role)
    ? act(calls, `${id}-act`, 'check', { ref: m.ref, checked: true }, `selected ${describe(m)}`)
    : act(calls, `${id}-act`, 'click', { ref: m.ref }, `selected ${describe(m)}`);
}

function menu(calls: Calls, id: string, path: string[]): string {
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  path.forEach((level, i) => {
    const controls = pageControls(calls, `${id}-m${i}`, false);
    const items = controls.filter((c) =>
      ['menuitem', 'menuitemcheckbox', 'menuitemradio', 'button', 'link', 'tab', 'option'].includes(c.role),
    );
    const item =
      items.find((c) => c.role.startsWith('menuitem') && norm(c.name) === norm(level)) ??
      items.find((c) => norm(c.name) === norm(level)) ??
      items.find((c) => c.role.startsWith('menuitem') && norm(c.name).startsWith(norm(level)));
    if (!item) throw new Failed(`There is no menu item "${level}"${i ? ` under "${path.slice(0, i).join(' > ')}"` : ''} on the page.`);
    if (i < path.length - 1 && item.states.includes('expanded')) return;
    guardSensitive(item, { text: level, exact: null });
    calls.result(`${id}-m${i}-act`, 'click', { ref: item.ref });
  });
  return `chose ${path.join(' > ')}`;
}

function expand(calls: Calls, id: string, target: Target, open: boolean): string {
  const t = byKind(target) ? target : readTarget(target.text.replace(/\s+(?:section|panel|accordion|details|group)$/i, ''));
  const c = guarded(resolveOne(calls, id, t, OPENERS, 'section'), t);
  if (open && c.states.includes('expanded')) return `${describe(c)} was already open`;
  if (!open && c.states.includes('collapsed')) return `${describe(c)} was already closed`;
  return act(calls, `${id}-act`, 'click', { ref: c.ref }, `${open ? 'opened' : 'closed'} ${describe(c)}`);
}

function set(calls: Calls, id: string, target: Target, value: string): string {
  try {
    const c = resolveOne(calls, id, target, null, 'control');
    if (c.role === 'slider') return setSlider(calls, id, c, value);
    if (CHOOSERS.includes(c.role))
      return act(calls, `${id}-act`, 'select_option', { ref: c.ref, values: [value] }, `selected "${value}" in ${describe(c)}`);
    if (TOGGLES.includes(c.role)) return chooseOption(calls, `${id}-o`, value);
    if (EDITABLE.includes(c.role)) return typeValue(calls, id, c, value);
    if (isColourInput(c)) return setColour(calls, id, c, value);
    throw new Failed(`${describe(c)} does not take a typed value, so I cannot set it to "${value}".`);
  } catch (error) {
    // "make it 3 adults" where the number sits between a "Fewer adults" and a "More adults" button.
    if (!Failed.isInstance(error) || !/^\d{1,3}$/.test(value.trim())) throw error;
    return stepper(calls, `${id}-st`, target, Number(value.trim())) ?? rethrow(error);
  }
}

function rethrow(error: unknown): never {
  throw error;
}

const MORE = /^(?:more|increase|add(?:\s+(?:one|an?))?|plus|\+|one more)\s+(.+)$/i;
const FEWER = /^(?:fewer|less|decrease|remove(?:\s+(?:one|an?))?|minus|−|-|one less)\s+(.+)$/i;
const MAX_STEPS = 20;

/**
 * A number kept between two buttons ("Fewer adults" 1 "More adults"): read off the page
 * between them, then the right one pressed as many times as it takes. Null when the page has
 * no such pair for the words; a Failed when the number cannot be read or is too far.
 */
function stepper(calls: Calls, id: string, target: Target, wanted: number): string | null {
  const words = wordsOf(target.text).map((w) => w.replace(/(?<=\p{L}{3})s$/u, ''));
  const names = (re: RegExp, c: Control) => {
    const rest = re.exec(c.name.trim())?.[1];
    const have = wordsOf(rest ?? '').map((w) => w.replace(/(?<=\p{L}{3})s$/u, ''));
    return rest !== undefined && words.length > 0 && words.every((w) => have.includes(w));
  };
  const controls = pageControls(calls, id, false).filter((c) => c.role === 'button');
  const more = controls.filter((c) => names(MORE, c));
  const fewer = controls.filter((c) => names(FEWER, c));
  if (more.length !== 1 || fewer.length !== 1 || !more[0] || !fewer[0]) return null;
  const [up, down] = [more[0], fewer[0]];
  // The snapshot pageControls read: the number is the text between the two buttons.
  const lines = pageSnapshot(calls, id).split('\n');
  const at = (c: Control) => lines.findIndex((l) => l.includes(`[${c.ref}]`));
  const [from, to] = [at(up), at(down)].sort((a, b) => a - b);
  const between = lines.slice((from ?? 0) + 1, to).filter((l) => !/\[\w+\]/.test(l));
  const shown = between.map((l) => /^\s*(\d{1,3})\s*$/.exec(l)?.[1]).find((n) => n !== undefined);
  if (shown === undefined)
    throw new Failed(`I cannot read how many ${target.text} there are now between ${describe(down)} and ${describe(up)}.`);
  const diff = wanted - Number(shown);
  if (Math.abs(diff) > MAX_STEPS)
    throw new Failed(`That is ${Math.abs(diff)} presses of ${describe(diff > 0 ? up : down)}; set it by hand.`);
  const button = diff > 0 ? up : down;
  for (let i = 0; i < Math.abs(diff); i++) calls.result(`${id}-press-${i}`, 'click', { ref: button.ref });
  return diff === 0
    ? `${target.text} was already ${wanted}`
    : `pressed ${describe(button)} ${Math.abs(diff)} time${Math.abs(diff) === 1 ? '' : 's'} (${shown} → ${wanted})`;
}

/** The search box; one that hides behind a magnifier (🔍, Search) is opened first. */
function searchBox(calls: Calls, id: string): Control {
  const query: Target = { text: 'search box', exact: null };
  const roles = ['searchbox', 'textbox', 'combobox'];
  try {
    return resolveOne(calls, id, query, roles, 'search box');
  } catch (error) {
    if (!Failed.isInstance(error) || !/There is no search box/.test(error.message)) throw error;
    let icon: Control | undefined;
    try {
      [icon] = resolveByKind(pageControls(calls, `${id}-icon`, false), { text: 'search', exact: null, icon: 'search' });
    } catch (noIcon) {
      if (Failed.isInstance(noIcon)) throw error;
      throw noIcon;
    }
    if (!icon) throw error;
    calls.result(`${id}-icon-act`, 'click', { ref: icon.ref });
    return resolveOne(calls, `${id}-again`, query, roles, 'search box');
  }
}

/** Lower-case words, for comparing a field's name with what was said. */
const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * "city Portland", "zip 97205", "country United States": the first words name exactly one
 * field or dropdown on the page (every word in its name, or in the common words for it) and
 * the rest is its value. The longest name that fits one control wins; none, or several, and
 * the fragment is not understood — nothing is guessed.
 */
function say(calls: Calls, id: string, said: string): string {
  const words = said
    .replace(/,?\s+(?:please|pls|plz)$/i, '')
    .trim()
    .split(/\s+/);
  const fields = pageControls(calls, `${id}-c`, false).filter(
    (c) => [...EDITABLE, ...CHOOSERS].includes(c.role) && (c.name.trim() || c.caption),
  );
  for (let cut = Math.min(4, words.length - 1); cut >= 1; cut--) {
    const name = words
      .slice(0, cut)
      .join(' ')
      .replace(/^(?:the|my|your|our)\s+/i, '');
    const value = words.slice(cut).join(' ');
    const forms = [name, commonFieldName(name)].filter((f): f is string => Boolean(f)).map(wordsOf);
    const named = fields.filter((c) => {
      // Its name, the common words for it, and the caption a person reads beside it.
      const have = [commonFieldName(c.name) ?? c.name, c.name, c.caption ?? '', commonFieldName(c.caption ?? '') ?? ''].flatMap(wordsOf);
      return forms.some((form) => form.length > 0 && form.every((w) => have.includes(w)));
    });
    const [field, other] = named;
    if (!field || other) continue;
    if (CHOOSERS.includes(field.role))
      return act(calls, `${id}-act`, 'select_option', { ref: field.ref, values: [value] }, `selected "${value}" in ${describe(field)}`);
    return typeValue(calls, id, field, value);
  }
  throw new Failed(`I did not understand "${said}": no field on the page is named by its first words.`);
}

/** Words for comparing choices: units as people say them ("14 inch" = "14″", "3 yrs" = "3 years"). */
function choiceWords(text: string): string[] {
  return wordsOf(
    text
      .replace(/(\d)\s*(?:″|"|in\b\.?|inches)/g, '$1 inch')
      .replace(/(\d)\s*(?:yrs?|years)\b\.?/gi, '$1 year')
      .replace(/[\u2010-\u2015\u2212]/g, '-'),
  ).filter((w) => !['the', 'a', 'an', 'one', 'option', 'please', 'pls', 'plz'].includes(w));
}

/**
 * "business class pls", "large": the one radio (by its name or caption) or dropdown option
 * the words name — all its words said (most of what was said), or all that was said in it.
 * None or several, and the command is not understood (model.ts): nothing is guessed.
 */
function bareChoice(calls: Calls, id: string, said: string): string {
  const want = choiceWords(said);
  const names = (label: string): boolean => {
    const have = choiceWords(label);
    if (!have.length || !want.length) return false;
    const saidAll = want.every((w) => have.includes(w));
    const namedAll = have.every((w) => want.includes(w)) && have.length * 2 >= want.length;
    return saidAll || namedAll;
  };
  const found: { control: Control; option: string | null }[] = [];
  for (const c of pageControls(calls, `${id}-c`, false)) {
    if (c.role === 'radio' && names(c.name.trim() || c.caption || '')) found.push({ control: c, option: null });
    if (CHOOSERS.includes(c.role)) for (const option of c.options ?? []) if (names(option)) found.push({ control: c, option });
  }
  const [one, other] = found;
  if (!one || other) throw new Failed(`No single choice on the page is "${said}".`);
  if (one.option === null)
    return act(
      calls,
      `${id}-act`,
      'check',
      { ref: one.control.ref, checked: true },
      `selected ${describe(one.control)}${one.control.caption ? ` (${one.control.caption})` : ''}`,
    );
  return act(
    calls,
    `${id}-act`,
    'select_option',
    { ref: one.control.ref, values: [one.option] },
    `selected "${one.option}" in ${describe(one.control)}`,
  );
}

/** The buttons that do a row's action, by their names. */
const ROW_BUTTONS: Record<RowAction, RegExp> = {
  edit: /^(?:edit|change|modify|rename)\b/i,
  remove: /^(?:remove|delete|trash|discard)\b|^(?:×|✕|✖|x)$/i,
  view: /^(?:view|open|details|show)\b/i,
};
const ROW_ROLES = ['button', 'link', 'menuitem'];

/**
 * "edit the row for Nairobi", "remove the second row", "get rid of Auckland": the button for
 * the action repeated in every row (an Edit beside each city), in the row the person named —
 * by its text (find's `row`: the row titled by it, or holding it) or its place among the
 * rows. A button named for its row ("Remove Oslo") is taken by that name. None, or no single
 * one, and nothing is pressed.
 */
function rowAction(calls: Calls, id: string, intent: Extract<Intent, { kind: 'row' }>): string {
  const buttons = pageControls(calls, `${id}-c`, false).filter(
    (c) => ROW_ROLES.includes(c.role) && ROW_BUTTONS[intent.action].test(c.name.trim()),
  );
  const count = new Map<string, number>();
  for (const b of buttons) count.set(b.name, (count.get(b.name) ?? 0) + 1);
  const repeated = buttons.filter((b) => (count.get(b.name) ?? 0) > 1);
  const what = `${intent.action === 'remove' ? 'Remove or Delete' : intent.action === 'edit' ? 'Edit' : 'View'} button`;
  const press = (c: Control, where = '') =>
    act(calls, `${id}-act`, 'click', { ref: c.ref }, `clicked ${describe(c)}${where && ` ${where}`}`);
  if (intent.ordinal !== null) {
    const names = [...new Set(repeated.map((b) => b.name))];
    if (names.length !== 1)
      throw new Failed(
        names.length
          ? `Rows here have several kinds of ${what} (${names.join(', ')}); say which, in quotes.`
          : `There is no ${what} repeated in rows on the page.`,
      );
    const pick = intent.ordinal === -1 ? repeated.at(-1) : repeated[intent.ordinal - 1];
    if (!pick) throw new Failed(`There are only ${repeated.length} rows with a ${what}, so there is no row ${intent.ordinal}.`);
    return press(pick, `in row ${intent.ordinal === -1 ? repeated.length : intent.ordinal}`);
  }
  const row = intent.row ?? '';
  const wanted = wordsOf(row).join(' ');
  const own = buttons.filter((b) => ` ${wordsOf(b.name).join(' ')} `.includes(` ${wanted} `));
  if (own.length === 1 && own[0]) return press(own[0]);
  for (const name of new Set(repeated.map((b) => b.name))) {
    const found = calls.result(`${id}-find-${name}`, 'find', { query: name, row, limit: 3 });
    const hits = controlsIn(found).filter((c) => ROW_ROLES.includes(c.role) && c.name === name);
    if (hits.length === 1 && hits[0]) return press(hits[0], `in the row for "${row}"`);
    if (hits.length > 1) throw new Failed(`More than one row has "${row}" (${hits.length}); say which, for example "the second row".`);
  }
  throw new Failed(
    repeated.length
      ? `No row with a ${what} has "${row}" in it.`
      : `I did not understand that: there is no ${what} repeated in rows here for "${row}".`,
  );
}

export function advance(intent: Intent, id: string, calls: Calls): string {
  switch (intent.kind) {
    case 'navigate':
      return act(calls, id, 'navigate', { url: intent.url }, `opened ${intent.url}`);
    case 'back':
      return act(calls, id, 'go_back', {}, 'went back');
    case 'forward':
      return act(calls, id, 'go_forward', {}, 'went forward');
    case 'reload':
      return act(calls, id, 'reload', {}, 'reloaded the page');
    case 'scroll': {
      if (!intent.target) return act(calls, id, 'scroll', { direction: intent.direction }, `scrolled ${intent.direction}`);
      const c = resolveOne(calls, id, intent.target, null, 'element');
      return act(calls, `${id}-act`, 'scroll', { direction: intent.direction, ref: c.ref }, `scrolled ${describe(c)} ${intent.direction}`);
    }
    case 'press':
      return act(calls, id, 'press_key', { keys: intent.keys }, `pressed ${intent.keys}`);
    case 'new-tab':
      return act(
        calls,
        id,
        'open_tab',
        intent.url ? { url: intent.url } : {},
        intent.url ? `opened ${intent.url} in a new tab` : 'opened a new tab',
      );
    case 'close-tab':
      return act(calls, id, 'close_tab', {}, 'closed the tab');
    case 'switch-tab':
      try {
        return act(calls, id, 'switch_tab', { tab: intent.which }, `switched to tab ${intent.which}`);
      } catch (error) {
        // "Switch to the Security tab" may mean a tab on the page rather than a browser tab.
        if (!Failed.isInstance(error) || /^\d+$|^last$/.test(intent.which)) throw error;
        const tab = resolveOne(calls, `${id}-page`, { text: intent.which, exact: null }, ['tab'], 'tab');
        return act(calls, `${id}-page-act`, 'click', { ref: tab.ref }, `switched to ${describe(tab)}`);
      }
    case 'search': {
      const box = searchBox(calls, id);
      return act(calls, `${id}-act`, 'type_text', { ref: box.ref, text: intent.text, submit: true }, `searched for "${intent.text}"`);
    }
    case 'click':
    case 'focus': {
      const c = guarded(resolveOne(calls, id, intent.target, null, 'element'), intent.target);
      return act(
        calls,
        `${id}-act`,
        'click',
        { ref: c.ref },
        `${intent.kind === 'focus' ? 'put the cursor in' : 'clicked'} ${describe(c)}`,
      );
    }
    case 'hover': {
      const c = resolveOne(calls, id, intent.target, null, 'element');
      return act(calls, `${id}-act`, 'hover', { ref: c.ref }, `moved the mouse over ${describe(c)}`);
    }
    case 'type':
      return each(resolveAll(calls, id, intent.target, EDITABLE, 'field'), (c, i) => typeValue(calls, `${id}-${i}`, c, intent.text));
    case 'set':
      return set(calls, id, intent.target, intent.value);
    case 'clear':
      return each(resolveAll(calls, id, intent.target, [...EDITABLE, ...TOGGLES], 'field'), (c, i) =>
        TOGGLES.includes(c.role)
          ? act(calls, `${id}-${i}-act`, 'check', { ref: c.ref, checked: false }, `unchecked ${describe(c)}`)
          : act(calls, `${id}-${i}-act`, 'type_text', { ref: c.ref, text: '' }, `cleared ${describe(c)}`),
      );
    case 'check':
      return each(resolveAll(calls, id, intent.target, TOGGLES, 'checkbox'), (c, i) =>
        act(
          calls,
          `${id}-${i}-act`,
          'check',
          { ref: c.ref, checked: intent.checked },
          `${intent.checked ? 'checked' : 'unchecked'} ${describe(c)}`,
        ),
      );
    case 'toggle':
      return each(resolveAll(calls, id, intent.target, [...TOGGLES, 'button'], 'switch'), (c, i) =>
        act(calls, `${id}-${i}-act`, 'click', { ref: c.ref }, `toggled ${describe(c)}`),
      );
    case 'expand':
      return expand(calls, id, intent.target, intent.open);
    case 'drag': {
      const from = resolveOne(calls, `${id}-from`, intent.from, null, 'element');
      const to = resolveOne(calls, `${id}-to`, intent.to, null, 'element');
      return act(calls, `${id}-act`, 'drag', { ref: from.ref, to_ref: to.ref }, `dragged ${describe(from)} to ${describe(to)}`);
    }
    case 'menu':
      return menu(calls, id, intent.path);
    case 'say':
      return say(calls, id, intent.words);
    case 'row':
      return rowAction(calls, id, intent);
    case 'choice':
      return bareChoice(calls, id, intent.words);
    case 'select':
      // "pick blue for the accent colour": a colour goes wherever the target takes one (a colour input, a hex field, a dropdown).
      if (intent.target && colourHex(intent.option) !== null) return set(calls, id, intent.target, intent.option);
      if (intent.target) {
        const c = resolveOne(calls, id, intent.target, CHOOSERS, 'dropdown');
        return act(
          calls,
          `${id}-act`,
          'select_option',
          { ref: c.ref, values: intent.options ?? [intent.option] },
          `selected ${(intent.options ?? [intent.option]).map((o) => `"${o}"`).join(', ')} in ${describe(c)}`,
        );
      }
      return chooseOption(calls, id, intent.option);
  }
}
