import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';

// axe-core run inside a page, the way a person's screen reader would meet it: every rule
// of WCAG 2.2 A and AA. Returns one line per violation (rule, impact, the elements).

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

function isViolations(value: unknown): value is AxeViolation[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'object' && v !== null && 'id' in v && 'nodes' in v);
}

export async function accessibilityViolations(page: Page | Frame): Promise<string[]> {
  // Evaluated over CDP, which extension pages' script-src CSP does not stop (a script tag would be).
  await page.evaluate<unknown>(AXE_SOURCE);
  const found: unknown = await page.evaluate(async () => {
    const axe: unknown = Reflect.get(window, 'axe');
    if (typeof axe !== 'object' || axe === null || !('run' in axe) || typeof axe.run !== 'function')
      throw new Error('axe-core did not load');
    const result: unknown = await Reflect.apply(axe.run, axe, [
      document,
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } },
    ]);
    return typeof result === 'object' && result !== null && 'violations' in result ? result.violations : null;
  });
  if (!isViolations(found)) throw new Error('axe-core returned something unexpected');
  return found.map((v) => `${v.id} (${v.impact ?? 'unknown'}): ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}
