// Renders icon/wayfinder.svg to the PNG sizes Chrome uses (toolbar 16/32, extensions page
// 48, store and install 128) into public/icon/, where WXT finds them. Run it after changing
// the SVG: `npx tsx apps/extension/icon/render.ts`; the PNGs are committed.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const svg = readFileSync(join(here, 'wayfinder.svg'), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const size of [16, 32, 48, 128]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    await page.screenshot({ path: join(here, '../public/icon', `${size}.png`), omitBackground: true });
    await page.close();
    console.log(`icon ${size}×${size}`);
  }
} finally {
  await browser.close();
}
