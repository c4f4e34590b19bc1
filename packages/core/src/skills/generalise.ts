import { pathPattern } from './postconditions';
import type { Skill, SkillInput, SkillLocator, SkillStep } from './types';

// A recording made general once its inputs are known (docs/0046): what a step should lead to
// becomes a pattern (postconditions.ts), and a control repeated in every row is found by what
// the person meant — the row for a value they typed ({{product}}), the first result of their
// search, or the item they picked by its title — never by an id, a test id or a CSS path
// that names the recorded item or its place.

const norm = (text: string): string => text.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();

/** Kinds that name one element of the recorded page (its item or its place), not what the control is. */
export const ITEM_SPECIFIC: ReadonlySet<SkillLocator['kind']> = new Set<SkillLocator['kind']>(['id', 'testid', 'css', 'xpath']);

/** A repeated control's own locator: its row (`row`) or its place among the copies (`nth`). */
export function isCopyLocator(locator: SkillLocator | undefined): locator is SkillLocator & { kind: 'row' | 'nth' } {
  return locator?.kind === 'row' || locator?.kind === 'nth';
}

function containsPhrase(text: string, phrase: string): boolean {
  const t = norm(text);
  const p = norm(phrase);
  if (!p) return false;
  const at = t.indexOf(p);
  if (at < 0) return false;
  const edge = (c: string | undefined) => c === undefined || !/[\p{L}\p{N}]/u.test(c);
  return edge(t[at - 1]) && edge(t[at + p.length]);
}

/** A field a search is typed into: a search box or combobox, one named for searching, or one whose Enter was pressed. */
function isSearch(step: SkillStep, next: SkillStep | undefined): boolean {
  const named = (step.locators ?? []).some(
    (l) => (l.kind === 'role' && (l.value === 'searchbox' || l.value === 'combobox')) || /search|find|look ?up/i.test(l.name ?? l.value),
  );
  return named || /search/i.test(step.targetName ?? '') || (next?.type === 'press' && next.key === 'Enter');
}

/** Inputs typed up to and including step `index` (what the page at that step can depend on), and those typed as a search. */
function inputsUpTo(skill: Skill, index: number): { typed: SkillInput[]; searched: SkillInput[] } {
  const used = new Set<string>();
  const searched = new Set<string>();
  skill.steps.slice(0, index + 1).forEach((step, i) => {
    for (const match of (step.value ?? '').matchAll(/\{\{\s*([^}:]+?)\s*\}\}/g)) {
      if (!match[1]) continue;
      used.add(match[1]);
      if (isSearch(step, skill.steps[i + 1])) searched.add(match[1]);
    }
  });
  return {
    typed: skill.inputs.filter((input) => used.has(input.name)),
    searched: skill.inputs.filter((input) => searched.has(input.name)),
  };
}

/**
 * A repeated control's locators, best first, by what the person meant: the row whose title is
 * a value typed earlier (`within` becomes `{{input}}`); the first result of a search (`nth`);
 * else the row of the item they picked, by its title. A step with no copies is left as it is.
 */
export function rowIntent(
  locators: readonly SkillLocator[],
  { typed, searched }: { typed: readonly SkillInput[]; searched: readonly SkillInput[] },
): SkillLocator[] {
  const row = locators.find((l) => l.kind === 'row');
  const nth = locators.find((l) => l.kind === 'nth');
  if (!row && !nth) return [...locators];
  const names = locators.filter((l) => !isCopyLocator(l) && !ITEM_SPECIFIC.has(l.kind));
  const title = row?.within ?? '';
  if (row && /\{\{.+\}\}/.test(title)) return [row, ...names];
  const same = typed.find((input) => input.examples.some((example) => norm(example) === norm(title)));
  if (row && same) return [{ ...row, within: `{{${same.name}}}` }, ...names];
  // The first of the results a typed value brought (a search, or rows that name it): the first result, whatever it is.
  const naming = typed.find((input) => input.examples.some((example) => containsPhrase(title, example)));
  if (nth && (nth.nth ?? 0) === 0 && (searched.length > 0 || naming || !row)) return [nth, ...(row ? [row] : []), ...names];
  // Another row whose title holds a typed value ("Alan" → "Alan Turing"): the one row that holds the new value, else that title.
  if (row && naming) return [{ ...row, within: `{{${naming.name}}}` }, row, ...names];
  if (row) return [row, ...locators.filter((l) => !isCopyLocator(l) && l.kind !== 'css')];
  return [...locators.filter((l) => l.kind !== 'css')];
}

/** The skill's steps with path patterns for what they lead to and intent-ordered locators for repeated controls. */
export function generalise(skill: Skill): Skill {
  const steps = skill.steps.map((step, index): SkillStep => {
    const typed = inputsUpTo(skill, index);
    const expect = step.expect?.map((e) =>
      e.kind === 'url' && e.match === 'path' ? { ...e, value: pathPattern(e.value, typed.typed) } : e,
    );
    const locators = step.locators?.some(isCopyLocator) ? rowIntent(step.locators, typed) : null;
    // A repeated control is named as every copy is ("Delete"), its row saying which ("Delete Alan Turing" names the recorded one).
    const intent = locators?.[0];
    const copyName = isCopyLocator(intent) ? intent.name : undefined;
    return {
      ...step,
      ...(expect ? { expect } : {}),
      ...(locators ? { locators } : {}),
      ...(copyName ? { targetName: copyName } : {}),
    };
  });
  return { ...skill, steps };
}
