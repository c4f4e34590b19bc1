import { collapseSpaces, composedParent, isHTMLElement } from './dom';
import { accessibleName } from './name';
import { roleOf } from './roles';
import type { Visibility } from './visibility';

// Controls repeated in every row of a list ("Add" beside each product, "Details" under each
// result): the same role and name, or the same visible text, many times. Which one a person
// meant is told by its row — the item's title — or by its place among the rows ("the first
// result"). A row is the largest ancestor of the control that holds no other copy of it, so
// wrappers a redesign adds, and a title moved after the price, change nothing.

const norm = (text: string): string => collapseSpaces(text).normalize('NFKC').toLowerCase();

/** The element's text as a person reads it (rendered text for HTML elements). */
function readText(el: Element): string {
  return collapseSpaces(isHTMLElement(el) ? el.innerText : el.textContent);
}

/** Does `el` look like the control: the same role, and the same accessible name or the same visible text (a label only a screen reader hears may differ). */
export function isCopyOf(
  el: Element,
  role: string,
  name: string,
  vis: Visibility,
  roleOfEl: (el: Element) => string | null = roleOf,
): boolean {
  if (roleOfEl(el) !== role) return false;
  const wanted = norm(name);
  return norm(accessibleName(el, role, vis).name) === wanted || norm(readText(el)) === wanted;
}

/** The control's row: its largest ancestor holding none of the other copies (null when there is no other copy). */
export function rowOf(control: Element, copies: readonly Element[]): Element | null {
  const others = copies.filter((c) => c !== control);
  if (!others.length) return null;
  let row: Element = control;
  for (let up = composedParent(control); up; up = composedParent(up)) {
    if (others.some((o) => up.contains(o))) return row === control ? null : row;
    row = up;
  }
  return null;
}

const HEADING = 'h1, h2, h3, h4, h5, h6, [role="heading"]';

/** What names a row's item: its heading, else its first link or strong text other than the control, else its first cell, else its first line without the control's text. */
export function rowTitle(row: Element, control: Element): string {
  const own = norm(readText(control));
  const usable = (el: Element) => el !== control && !el.contains(control) && !control.contains(el);
  const pick = (selector: string): string => {
    for (const el of Array.from(row.querySelectorAll(selector))) {
      const text = readText(el);
      if (usable(el) && text && norm(text) !== own) return text;
    }
    return '';
  };
  const title =
    pick(HEADING) ||
    pick('a[href], strong, b, [class*="title" i], [class*="name" i]') ||
    pick('th, td, [role="cell"], [role="gridcell"], [role="rowheader"]');
  if (title) return title.slice(0, 120);
  const lines = (isHTMLElement(row) ? row.innerText : row.textContent).split(/[\n\t]/).map(collapseSpaces);
  return (lines.find((line) => line && norm(line) !== own) ?? '').slice(0, 120);
}

/** How well a row answers to `within`: 2 its title is it, 1 its text holds it as a phrase, 0 neither. */
export function rowScore(row: Element, control: Element, within: string): number {
  const wanted = norm(within);
  if (!wanted) return 0;
  if (norm(rowTitle(row, control)) === wanted) return 2;
  const text = norm(readText(row));
  const at = text.indexOf(wanted);
  if (at < 0) return 0;
  const before = text[at - 1] ?? ' ';
  const after = text[at + wanted.length] ?? ' ';
  return /[\p{L}\p{N}]/u.test(before) || /[\p{L}\p{N}]/u.test(after) ? 0 : 1;
}

/** The one copy whose row answers best to `within` (none on a tie). */
export function inRow(copies: readonly Element[], within: string): Element | null {
  let best: Element | null = null;
  let bestScore = 0;
  let tie = false;
  for (const control of copies) {
    const row = rowOf(control, copies);
    const score = row ? rowScore(row, control, within) : 0;
    if (score > bestScore) {
      best = control;
      bestScore = score;
      tie = false;
    } else if (score === bestScore && score > 0) tie = true;
  }
  return tie ? null : best;
}
