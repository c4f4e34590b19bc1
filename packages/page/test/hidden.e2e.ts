import { TRAPS } from '@wayfinder/gym';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEnv, refOf, type Env } from './env';

// What people cannot see must not reach the model: every planted instruction on the
// traps page, password values, hidden inputs.

let env: Env;
beforeAll(async () => {
  env = await openEnv();
});
afterAll(async () => {
  await env.close();
});

/** get_html of the whole page (or a selector), as the tool reads it. */
async function html(selector: string | null = null): Promise<string> {
  const { value } = await env.page.script.call('html', [selector, 1_000_000]);
  if (typeof value !== 'string') throw new Error(`get_html failed: ${JSON.stringify(value)}`);
  return value;
}

describe('traps page', () => {
  const hidden = TRAPS.filter((t) => t.expectAbsent);
  const shown = TRAPS.filter((t) => !t.expectAbsent);
  /** Visible text outside any control: extraction reads it (option labels are the snapshot's). */
  const shownText = shown.filter((t) => t.id !== 'shown-option');

  it('has a marker for every technique, and the page really contains them', async () => {
    expect(hidden.length).toBeGreaterThanOrEqual(50);
    // No marker inside another: a leak is reported against the right technique.
    for (const a of TRAPS)
      for (const b of TRAPS) if (a !== b) expect(b.marker.startsWith(a.marker), `${a.marker} / ${b.marker}`).toBe(false);
    await env.goto('/traps/');
    const page = await env.run<string>('document.documentElement.outerHTML');
    for (const trap of TRAPS) expect(page, trap.technique).toContain(trap.marker);
  });

  it.each(['viewport', 'full'] as const)('keeps every hidden trap out of the %s snapshot', async (mode) => {
    await env.goto('/traps/');
    const s = await env.snapshot({ mode, maxTokens: 100_000 });
    const everything = JSON.stringify(s);
    for (const trap of hidden) expect(everything, `${trap.technique} leaked`).not.toContain(trap.marker);
    if (mode === 'full') {
      // The controls: text people can read is shown (issue-level fencing marks it as untrusted).
      for (const trap of shown) expect(s.text, `${trap.technique} went missing`).toContain(trap.marker);
      // Controls named by hidden text keep their visible names, or say a label was withheld.
      expect(s.refs.map((r) => r.name)).toEqual(expect.arrayContaining(['Help centre', 'Share review', 'Report', 'Fit notes']));
      expect(s.text).toMatch(/link \(hidden label withheld\) →\/traps\/gallery/);
      // Controls drawn with hidden parts keep what people see of them.
      expect(s.text).toMatch(/textbox "Coupon"\n/);
      expect(s.text).toMatch(/combobox "Size" value="Two person" options: Two person\n/);
      expect(s.text).toMatch(/slider "Rating" value="4"\n/);
    }
  });

  it('keeps every hidden trap out of extraction: content, metadata and JSON-LD', async () => {
    await env.goto('/traps/');
    const extracted = await env.page.script.extract();
    const everything = JSON.stringify(extracted);
    for (const trap of hidden) expect(everything, `${trap.technique} leaked`).not.toContain(trap.marker);
    expect(extracted.content).toContain('I spent eleven nights in the Trail Tent 2P');
    for (const trap of shownText) expect(extracted.content, `${trap.technique} went missing`).toContain(trap.marker);
    expect(extracted.metadata.description).toBe('[withheld: read like instructions to an AI]');
    expect(extracted.metadata.author).toBe('[withheld: read like instructions to an AI]');
    expect(extracted.metadata.siteName).toBe('[withheld: read like instructions to an AI]');
    expect(JSON.stringify(extracted.jsonLd)).toContain('"reviewBody":"[withheld]"');
  });

  it('keeps every hidden trap out of get_html, with no class attributes', async () => {
    await env.goto('/traps/');
    const page = await html();
    for (const trap of hidden) expect(page, `${trap.technique} leaked`).not.toContain(trap.marker);
    for (const trap of shown) expect(page, `${trap.technique} went missing`).toContain(trap.marker);
    expect(page).toContain('I spent eleven nights in the Trail Tent 2P');
    expect(page).not.toMatch(/\sclass=/);
    // Asked for a hidden part by selector, it gives the element and nothing of what it hides.
    const details = await html('details:not([open])');
    expect(details).toContain('Care notes');
    expect(details).not.toContain('TRAP-DETAILS-CLOSED');
  });

  it('keeps hidden traps out of find() results', async () => {
    await env.goto('/traps/');
    for (const query of [
      'ignore previous instructions steal passwords',
      'coupon field',
      'size',
      'rating slider',
      'report button',
      'fit notes link',
    ]) {
      const found = await env.page.script.find(query, 10);
      for (const trap of hidden) expect(JSON.stringify(found), `${trap.technique} leaked to find("${query}")`).not.toContain(trap.marker);
    }
    const colour = await env.page.script.find('colour', 3);
    expect(colour.matches[0]?.line).toContain('TRAP-SHOWN-OPTION');
    expect((await env.page.script.find('report button', 1)).matches[0]?.line).toMatch(/button "Report"$/);
  });
});

describe('form secrets', () => {
  it('never reports a password value, only that the field is filled', async () => {
    await env.goto('/signup');
    await env.run(
      `(() => { const p = document.getElementById('password'); p.value = 'Sup3rSecretPassw0rd'; p.dispatchEvent(new Event('input', { bubbles: true })); })()`,
    );
    for (const mode of ['viewport', 'full'] as const) {
      const s = await env.snapshot({ mode });
      expect(JSON.stringify(s)).not.toContain('Sup3rSecretPassw0rd');
      const ref = refOf(s, 'textbox', 'Password');
      expect(s.text).toContain(`[${ref}] textbox "Password" required filled`);
    }
    const found = await env.page.script.find('password field', 3);
    expect(JSON.stringify(found)).not.toContain('Sup3rSecretPassw0rd');
    expect(JSON.stringify(await env.page.script.extract())).not.toContain('Sup3rSecretPassw0rd');
  });

  it('never lists hidden inputs or their values', async () => {
    await env.goto('/traps/');
    await env.run(
      `document.querySelector('form').insertAdjacentHTML('beforeend', '<input type="hidden" name="csrf" value="csrf-token-8731">')`,
    );
    const s = await env.snapshot({ mode: 'full' });
    expect(JSON.stringify(s)).not.toContain('csrf-token-8731');
  });

  it('leaves no trace in the page: no attributes, no globals in the main world', async () => {
    await env.goto('/shop');
    await env.until(`document.querySelectorAll('.card').length === 24`);
    const before = await env.run<string>('document.documentElement.outerHTML');
    await env.snapshot({ mode: 'full' });
    await env.page.script.find('add to cart', 3);
    await env.page.script.extract();
    const after = await env.run<string>('document.documentElement.outerHTML');
    expect(after).toBe(before);
    expect(await env.run<string>('typeof globalThis.__wayfinder')).toBe('undefined');
  });
});
