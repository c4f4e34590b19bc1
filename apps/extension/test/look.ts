import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { accessibilityViolations } from './a11y';
import { artifactPath } from './env';

// How a screen is looked at before its issue is resolved: light and dark, at the widths a
// person meets it (200 % zoom among them), with nothing for axe to find and nothing wider
// than the window. One helper, so every test that shows a screen looks at it the same way.

/** The side panel: its usual 420 px, a narrow 320 px, and 210 px (a 420 px panel at 200 % zoom). */
export const PANEL_WIDTHS: readonly number[] = [420, 320, 210];
/** A tab page (Home, Options): a laptop's 1280 px, the same at 200 % zoom (640 px), and 320 px. */
export const PAGE_WIDTHS: readonly number[] = [1280, 640, 320];

/**
 * Saves `page` (or its `part`) as NAME-SCHEME-WIDTH.png at each width, light and dark; axe
 * and the width are checked each time. The page's size and colour scheme are put back after.
 */
export async function lookAt(page: Page, name: string, options: { widths?: readonly number[]; part?: Locator } = {}): Promise<void> {
  const size = page.viewportSize() ?? { width: 420, height: 760 };
  try {
    for (const width of options.widths ?? PANEL_WIDTHS) {
      await page.setViewportSize({ width, height: size.height });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        const path = artifactPath(`${name}-${scheme}-${width}.png`);
        if (options.part) {
          await options.part.scrollIntoViewIfNeeded();
          await options.part.screenshot({ path });
        } else await page.screenshot({ path });
        expect(await accessibilityViolations(page), `${name}, ${scheme}, ${width} px`).toEqual([]);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
          `${name}: wider than ${width} px`,
        ).toBe(true);
      }
    }
  } finally {
    await page.setViewportSize(size);
    await page.emulateMedia({ colorScheme: null });
  }
}
