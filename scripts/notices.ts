// The third-party licence notices a bundle owes: every package whose code went into it, with
// its licence text. Used by the builds that bundle packages (apps/host/build.ts for the CLI,
// apps/extension/wxt.config.ts for the extension); the page script is bundled by its own
// build (packages/page/build.ts), which lists its packages in generated/bundled.json, so a
// bundle that embeds the page script names them too.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Package name → its folder, for the node_modules files among `moduleIds` (paths, as bundlers give them). */
export function packagesIn(moduleIds: Iterable<string>, cwd = process.cwd()): Map<string, string> {
  const packages = new Map<string, string>();
  for (const id of moduleIds) {
    const parts = (id.replace(/^\0/, '').split(/[?#]/)[0] ?? '').split(/[/\\]/);
    const at = parts.lastIndexOf('node_modules');
    if (at < 0) continue;
    const nameParts = parts[at + 1]?.startsWith('@') ? parts.slice(at + 1, at + 3) : parts.slice(at + 1, at + 2);
    if (nameParts.length === 0 || nameParts.some((p) => !p)) continue;
    packages.set(nameParts.join('/'), resolve(cwd, parts.slice(0, at + 1 + nameParts.length).join('/') || '/'));
  }
  return packages;
}

/** Where the page script's build lists what it bundled. */
export const PAGE_BUNDLED = resolve(dirname(fileURLToPath(import.meta.url)), '../packages/page/generated/bundled.json');

/** The packages bundled into the page script (built first: `npm run build:page`). */
export function pagePackages(): Map<string, string> {
  if (!existsSync(PAGE_BUNDLED)) throw new Error(`${PAGE_BUNDLED} is missing: run npm run build:page first.`);
  const listed: unknown = JSON.parse(readFileSync(PAGE_BUNDLED, 'utf8'));
  if (!Array.isArray(listed)) throw new Error(`${PAGE_BUNDLED} is not a list of [name, folder] pairs.`);
  return new Map(listed.filter((entry): entry is [string, string] => Array.isArray(entry) && entry.length === 2));
}

/** A field of the package.json in `dir`, as text ('' when it has none). */
export function packageField(dir: string, key: string): string {
  const meta: unknown = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  return typeof meta === 'object' && meta !== null && key in meta ? String(Reflect.get(meta, key)) : '';
}

/** The notices file: `intro`, then each package's name, version, licence and licence text. */
export function noticesText(intro: string, packages: Map<string, string>): string {
  const notices: string[] = [];
  for (const [name, dir] of [...packages].sort(([a], [b]) => a.localeCompare(b))) {
    const field = (key: string) => packageField(dir, key);
    const licenceFile = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f));
    const text = licenceFile ? readFileSync(join(dir, licenceFile), 'utf8').trim() : `License: ${field('license') || 'see the package'}`;
    notices.push(`${name}@${field('version')} (${field('license')})\n\n${text}`);
  }
  return `${intro}\n\n${notices.join(`\n\n${'-'.repeat(72)}\n\n`)}\n`;
}
