import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fillOrigins, sendHtml, type Ctx } from '../http';

// Drifted variants of the shop, signup and admin apps: the same site after a redesign, for
// the skills benchmark's repair-on-drift runs. Ids and classes renamed, sections reordered,
// wrappers added, test hooks changed, some accessible names reworded — while every text a
// person reads (labels, buttons, links) stays as it was.
//
// The flag is `?drift=1` in the address, and each app carries it through its own navigation
// (the shop's links and history, the admin's redirects and `next`). No cookie: an address
// without the flag is always the original page, so original and drifted runs can share a
// browser. The static pages (signup, admin) are the original files rewritten on the way out,
// each edit required to match, so a change to an original page that breaks its drift fails
// loudly instead of quietly serving the original.

export const DRIFT_PARAM = 'drift';

export function driftWanted(url: URL): boolean {
  return url.searchParams.get(DRIFT_PARAM) === '1';
}

/** One rewrite of a page: every match of `from` becomes `to`; it must match at least once unless `optional`. */
export type Edit = readonly [from: string | RegExp, to: string, optional?: 'optional'];

export class DriftError extends Error {}

export function applyEdits(html: string, edits: readonly Edit[], page: string): string {
  let out = html;
  for (const [from, to, optional] of edits) {
    const pattern = typeof from === 'string' ? new RegExp(from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g') : from;
    const global = pattern.flags.includes('g') ? pattern : new RegExp(pattern.source, `${pattern.flags}g`);
    if (!global.test(out)) {
      if (optional) continue;
      throw new DriftError(
        `The drifted ${page} no longer fits its original: nothing matches ${String(from)}. Update its edits in gym/src/apps.`,
      );
    }
    global.lastIndex = 0;
    out = out.replace(global, to);
  }
  return out;
}

/**
 * Renames element ids everywhere a page refers to them: id/for/aria attributes, and the
 * script's getElementById('…'), field('…') and querySelector('#…').
 */
export function renameIds(renames: Record<string, string>): Edit[] {
  return Object.entries(renames).map(([from, to]): Edit => [
    new RegExp(
      `(\\bid="|\\bfor="|aria-labelledby="|aria-describedby="|getElementById\\('|field\\('|querySelector\\('#)${from}(?=["'\\s])`,
      'g',
    ),
    `$1${to}`,
  ]);
}

/** Renames classes in class attributes and in selectors (style sheets and scripts). */
export function renameClasses(renames: Record<string, string>): Edit[] {
  return Object.entries(renames).flatMap(([from, to]): Edit[] => [
    [new RegExp(`(class="(?:[^"]*\\s)?)${from}(?=["\\s])`, 'g'), `$1${to}`],
    [new RegExp(`\\.${from}(?![\\w-])`, 'g'), `.${to}`, 'optional'],
  ]);
}

/** Serves a file from public/ rewritten by `edits` (origins filled first, as sendStatic does). */
export async function sendDrifted(ctx: Ctx, path: string, edits: readonly Edit[]): Promise<true> {
  const original = fillOrigins(await readFile(join(ctx.publicDir, path), 'utf8'), ctx);
  sendHtml(ctx, applyEdits(original, edits, path));
  return true;
}
