// Each step of a task as a sentence for a person ("Clicked **Add to cart**"), made from the
// tool's name, its input and the result's summary. The driver's summaries are written for
// the model: elements as `e12 (button <page-text>Add to cart</page-text>)`, match scores,
// advice ("take a new snapshot"). Here the element becomes its name, in bold, and refs,
// scores and advice are left out; the technical detail stays behind the step's Details.

/** A piece of a sentence; `strong` marks a name from the page (an element, a tab). */
export interface Part {
  text: string;
  strong?: boolean;
}

export type StepStatus = 'running' | 'ok' | 'failed';

export interface StepSentence {
  parts: Part[];
  status: StepStatus;
  /** Why a failed step failed, in plain words (no advice to the model); null otherwise. */
  reason: Part[] | null;
}

export interface StepCall {
  name: string;
  input: unknown;
}

export interface StepResult {
  ok: boolean;
  summary: string;
  /** The person's text, where the runner wrote one (core's tool-result `display`). */
  display?: string | undefined;
  data?: Record<string, unknown>;
}

const OPEN = '<page-text>';
const CLOSE = '</page-text>';
// `e12 (button <page-text>Add to cart</page-text>)` or `e12 (button)`: how the page script names an element.
const ELEMENT = /\be\d+ \(([\w-]+)(?: <page-text>([\s\S]*?)<\/page-text>)?\)/g;
const PAGE_TEXT = /<page-text>([\s\S]*?)<\/page-text>/;

/** The sentence as plain text (for screen readers' labels and tests). */
export function plainText(parts: readonly Part[]): string {
  return parts.map((p) => p.text).join('');
}

function field(input: unknown, key: string): unknown {
  return typeof input === 'object' && input !== null && key in input ? Reflect.get(input, key) : undefined;
}

function text(input: unknown, key: string): string {
  const value = field(input, key);
  return typeof value === 'string' ? value : '';
}

function short(value: string, max = 60): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

const quoted = (value: string, max = 60): string => `“${short(value, max)}”`;

/** "get_weather" → "Get weather". */
export function humanise(name: string): string {
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words ? `${words[0]?.toUpperCase() ?? ''}${words.slice(1)}` : 'A step';
}

/** An address as a person reads it: the site, and the path when there is one. */
export function siteOf(address: string): string {
  try {
    const url = new URL(/^[a-z][\w+.-]*:/i.test(address) ? address : `https://${address}`);
    const host = url.host.replace(/^www\./, '');
    const path = url.pathname === '/' ? '' : url.pathname;
    return short(`${host}${path}`, 60);
  } catch {
    return short(address, 60);
  }
}

/**
 * Text the driver or a tool wrote, for a person: elements become their names (bold), page
 * text its words in quotes, and refs (`[e76]`, `e12`, tab ids) and scores are dropped.
 */
export function readable(raw: string): Part[] {
  const parts: Part[] = [];
  const push = (value: string, strong = false) => {
    if (!value) return;
    const last = parts.at(-1);
    if (last && !strong && !last.strong) last.text += value;
    else parts.push(strong ? { text: value, strong } : { text: value });
  };
  // Page text keeps its words (a product may be called "e30"); only our own words lose refs and scores.
  const words = (segment: string) =>
    segment.split(PAGE_TEXT).forEach((piece, i) => {
      if (i % 2) push(`“${piece}”`);
      else
        push(
          piece
            .replace(/\s*\(score [\d.]+\)/g, '')
            .replace(/\s?\[(?:e\d+|\d+)\]/g, '')
            .replace(/\bRef e\d+\b/g, 'The element')
            .replace(/\be\d+\b/g, 'an element'),
        );
    });
  let last = 0;
  for (const match of raw.matchAll(ELEMENT)) {
    words(raw.slice(last, match.index));
    const [, role = 'element', name] = match;
    if (name?.trim()) push(name.trim(), true);
    else push(`the ${role}`);
    last = match.index + match[0].length;
  }
  words(raw.slice(last));
  return parts;
}

/** The first sentence of a summary (what happened), without what follows for the model; `clause` also stops at "; ". */
export function firstSentence(raw: string, clause = false): string {
  let inPage = false;
  for (let i = 0; i < raw.length; i++) {
    if (raw.startsWith(OPEN, i)) inPage = true;
    else if (raw.startsWith(CLOSE, i)) inPage = false;
    else if (!inPage && (raw[i] === '.' || (clause && raw[i] === ';')) && (i + 1 === raw.length || raw[i + 1] === ' ')) {
      // A full stop inside a number or an address ("4.2", "example.org") is not followed by a space.
      return raw.slice(0, i);
    }
  }
  return raw.replace(/[.\s]+$/, '');
}

const sentence = (...parts: (string | Part)[]): Part[] => parts.map((p) => (typeof p === 'string' ? { text: p } : p));

/** What a call tries to do, before its result is in (and after it failed: "Could not …"). */
function attempt(call: StepCall): Part[] {
  const { name, input } = call;
  switch (name) {
    case 'navigate':
      return sentence('Open ', siteOf(text(input, 'url')));
    case 'browse':
      return sentence('Read ', siteOf(text(input, 'url')), ' in the background');
    case 'click':
      return sentence(field(input, 'double') === true ? 'Double-click an element' : 'Click an element');
    case 'type_text':
      return sentence('Type ', quoted(text(input, 'text')));
    case 'press_key':
      return sentence('Press ', text(input, 'keys'));
    case 'select_option': {
      const values = field(input, 'values');
      return sentence('Choose ', Array.isArray(values) ? values.map((v) => quoted(String(v), 40)).join(', ') : 'an option');
    }
    case 'check':
      return sentence(field(input, 'checked') === false ? 'Uncheck a box' : 'Check a box');
    case 'scroll':
      return sentence(text(input, 'direction') === 'to' ? 'Scroll to an element' : `Scroll ${text(input, 'direction')}`);
    case 'upload_file':
      return sentence('Upload ', quoted(text(input, 'name')));
    case 'find':
      return sentence('Look for ', quoted(text(input, 'query')), ' on the page');
    case 'wait_for':
      return sentence('Wait');
    case 'switch_tab':
      return sentence('Switch tabs');
    case 'close_tab':
      return sentence('Close a tab');
    case 'open_tab':
      return sentence('Open a new tab');
    default:
      return sentence(humanise(name));
  }
}

function waited(input: unknown): Part[] {
  const gone = field(input, 'gone') === true;
  if (text(input, 'text')) return sentence('Waited for ', quoted(text(input, 'text')), gone ? ' to go' : ' to appear');
  if (text(input, 'ref')) return sentence(gone ? 'Waited for an element to go' : 'Waited for an element to appear');
  if (field(input, 'navigation') === true) return sentence('Waited for the page to load');
  if (field(input, 'network_idle') === true) return sentence('Waited for the page to settle');
  const seconds = field(input, 'seconds');
  return sentence(typeof seconds === 'number' ? `Waited ${seconds} second${seconds === 1 ? '' : 's'}` : 'Waited');
}

/** The sentence for a call that succeeded. */
function succeeded(call: StepCall, result: StepResult): Part[] {
  const { name, input } = call;
  const said = (clause = false) => readable(firstSentence(result.display ?? result.summary, clause));
  switch (name) {
    case 'navigate': {
      const outcome = result.data?.outcome;
      const url = typeof field(outcome, 'url') === 'string' ? text(outcome, 'url') : text(input, 'url');
      return sentence('Opened ', siteOf(url || text(input, 'url')));
    }
    case 'go_back':
      return sentence('Went back a page');
    case 'go_forward':
      return sentence('Went forward a page');
    case 'reload':
      return sentence('Reloaded the page');
    case 'snapshot':
      return sentence(text(input, 'mode') === 'full' ? 'Read the whole page' : 'Read the page');
    case 'find': {
      const matches = result.data?.matches;
      const found = Array.isArray(matches) ? matches.length : 0;
      return sentence(
        'Looked for ',
        quoted(text(input, 'query')),
        ' on the page',
        found ? ` (${found} match${found === 1 ? '' : 'es'})` : ' (nothing matched)',
      );
    }
    case 'extract_content':
      return sentence("Read the page's text");
    case 'get_html':
      return sentence("Read the page's HTML");
    case 'screenshot':
      return sentence('Took a screenshot');
    case 'wait_for':
      return waited(input);
    case 'browse':
      return sentence('Read ', siteOf(text(input, 'url')), ' in the background');
    case 'think':
      return sentence('Thought: ', short(text(input, 'thought'), 160));
    case 'ask_user':
      return sentence('Asked you: ', quoted(text(input, 'question'), 160));
    case 'done':
      return sentence('Finished');
    case 'list_tabs':
      return sentence('Listed the open tabs');
    case 'open_tab':
      return text(input, 'url') ? sentence('Opened ', siteOf(text(input, 'url')), ' in a new tab') : sentence('Opened a new tab');
    case 'get_playbook':
      return sentence('Loaded the tips for ', text(input, 'name') || 'this task');
    case 'propose_plan':
      return sentence('Proposed a plan');
    case 'switch_tab':
    case 'close_tab': {
      // "Switched to tab [812] <page-text>Shop</page-text> <page-text>https://…</page-text>.": the title names it.
      const title = PAGE_TEXT.exec(result.summary)?.[1]?.trim();
      const verb = name === 'switch_tab' ? 'Switched to' : 'Closed';
      return title ? [{ text: `${verb} the tab ` }, { text: title, strong: true }] : sentence(`${verb} a tab`);
    }
    case 'type_text': {
      // A secret's summary says how many characters, never what: keep the driver's words then.
      if (/^Typed \d+ characters/.test(result.summary)) return said(true);
      const element = readable(firstSentence(result.summary, true)).find((p) => p.strong);
      return [
        ...sentence('Typed ', quoted(text(input, 'text')), ' into '),
        element ?? { text: 'a field' },
        ...(field(input, 'submit') === true ? sentence(' and pressed Enter') : []),
      ];
    }
    case 'click':
    case 'press_key':
    case 'select_option':
    case 'check':
    case 'hover':
    case 'scroll':
    case 'drag':
    case 'upload_file':
      // The driver's own sentence ("Clicked e12 (button …)."), its element named.
      return said();
    default:
      return sentence(humanise(name));
  }
}

/** A step as a person reads it: what was done (or is being done, or could not be done) and, when it failed, why. */
export function describeStep(call: StepCall, result: StepResult | null): StepSentence {
  if (!result) return { parts: [...attempt(call), { text: '…' }], status: 'running', reason: null };
  // The summary is the task's answer, shown right below the steps: the step only says how it ended.
  if (call.name === 'done' && field(call.input, 'success') === false)
    return { parts: sentence('Ended without success'), status: 'failed', reason: null };
  if (!result.ok) {
    const first = attempt(call);
    const head = first[0];
    const lowered = head ? [{ ...head, text: `${head.text[0]?.toLowerCase() ?? ''}${head.text.slice(1)}` }, ...first.slice(1)] : [];
    const why = firstSentence(result.display ?? result.summary, true);
    return { parts: [{ text: 'Could not ' }, ...lowered].reduce<Part[]>(merge, []), status: 'failed', reason: why ? readable(why) : null };
  }
  return { parts: succeeded(call, result).reduce<Part[]>(merge, []), status: 'ok', reason: null };
}

/** Joins neighbouring plain parts (one text node each). */
function merge(out: Part[], part: Part): Part[] {
  const last = out.at(-1);
  if (last && !last.strong && !part.strong) last.text += part.text;
  else out.push({ ...part });
  return out;
}
