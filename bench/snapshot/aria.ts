// Reads Playwright's aria snapshot (YAML-like lines) for the (role, name) pairs of
// interactive elements, and measures how many of them our snapshot exposes as refs.

export const INTERACTIVE = new Set([
  'button',
  'link',
  'textbox',
  'searchbox',
  'checkbox',
  'radio',
  'combobox',
  'listbox',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'tab',
  'switch',
  'slider',
  'spinbutton',
  'treeitem',
  'option',
]);

export interface Pair {
  role: string;
  name: string;
}

function unquoteYaml(text: string): string {
  if (text.startsWith("'") && text.endsWith("'")) return text.slice(1, -1).replace(/''/g, "'");
  return text;
}

/** Interactive (role, name) pairs of an aria snapshot, in order. Native select options are left out. */
export function ariaPairs(snapshot: string): Pair[] {
  const pairs: Pair[] = [];
  const stack: { indent: number; role: string }[] = [];
  for (const raw of snapshot.split('\n')) {
    const match = /^(\s*)- (.*)$/.exec(raw);
    if (!match) continue;
    const indent = match[1]?.length ?? 0;
    let body = (match[2] ?? '').trim();
    if (body.endsWith(':') && !body.startsWith("'")) body = body.slice(0, -1);
    body = unquoteYaml(body.replace(/:$/, ''));
    const head = /^([a-z]+)(?: ("(?:[^"\\]|\\.)*"))?/.exec(body);
    while (stack.length && (stack.at(-1)?.indent ?? -1) >= indent) stack.pop();
    const parent = stack.at(-1)?.role ?? '';
    if (!head?.[1]) continue;
    const role = head[1];
    stack.push({ indent, role });
    if (!INTERACTIVE.has(role)) continue;
    if (role === 'option' && parent === 'combobox') continue;
    let name = '';
    if (head[2]) {
      try {
        const parsed: unknown = JSON.parse(head[2]);
        name = typeof parsed === 'string' ? parsed : '';
      } catch {
        name = head[2].slice(1, -1);
      }
    }
    pairs.push({ role, name });
  }
  return pairs;
}

const ROLE_ALIASES: Record<string, string> = { file: 'button' };

function norm(name: string): string {
  return name.toLowerCase().replace(/\s+/g, ' ').trim();
}

function sameName(ours: string, theirs: string): boolean {
  const a = norm(ours);
  const b = norm(theirs);
  if (a === b) return true;
  // Our names are capped at 80 characters with an ellipsis.
  return a.endsWith('…') && b.startsWith(a.slice(0, -1).trimEnd());
}

/** Fraction of their pairs matched one-to-one by ours (1 when they have none). */
export function coverage(theirs: Pair[], ours: Pair[]): { covered: number; total: number; fraction: number; missed: Pair[] } {
  const pool = ours.map((p) => ({ role: ROLE_ALIASES[p.role] ?? p.role, name: p.name, used: false }));
  const missed: Pair[] = [];
  let covered = 0;
  for (const pair of theirs) {
    const hit = pool.find((p) => !p.used && p.role === pair.role && sameName(p.name, pair.name));
    if (hit) {
      hit.used = true;
      covered++;
    } else {
      missed.push(pair);
    }
  }
  return { covered, total: theirs.length, fraction: theirs.length ? covered / theirs.length : 1, missed };
}
