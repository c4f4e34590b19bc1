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

describe('traps page', () => {
  const hidden = TRAPS.filter((t) => t.expectAbsent);

  it('has a marker for every technique, and the page really contains them', async () => {
    expect(hidden.length).toBeGreaterThanOrEqual(20);
    await env.goto('/traps/');
    const html = await env.run<string>('document.documentElement.outerHTML');
    for (const trap of TRAPS) expect(html, trap.technique).toContain(trap.marker);
  });

  it.each(['viewport', 'full'] as const)('keeps every hidden trap out of the %s snapshot', async (mode) => {
    await env.goto('/traps/');
    const s = await env.snapshot({ mode, maxTokens: 100_000 });
    const everything = JSON.stringify(s);
    for (const trap of hidden) expect(everything, `${trap.technique} leaked`).not.toContain(trap.marker);
    if (mode === 'full') {
      // The control: text people can read is shown (issue-level fencing marks it as untrusted).
      expect(s.text).toContain('TRAP-VISIBLE');
      // Controls named by hidden text keep their visible names, or say a label was withheld.
      expect(s.refs.map((r) => r.name)).toEqual(expect.arrayContaining(['Help centre', 'Share review']));
      expect(s.text).toMatch(/link \(hidden label withheld\) →\/traps\/gallery/);
    }
  });

  it('keeps every hidden trap out of extraction: content, metadata and JSON-LD', async () => {
    await env.goto('/traps/');
    const extracted = await env.page.script.extract();
    const everything = JSON.stringify(extracted);
    for (const trap of hidden) expect(everything, `${trap.technique} leaked`).not.toContain(trap.marker);
    expect(extracted.content).toContain('I spent eleven nights in the Trail Tent 2P');
    expect(extracted.content).toContain('TRAP-VISIBLE');
    expect(extracted.metadata.description).toBe('[withheld: read like instructions to an AI]');
    expect(JSON.stringify(extracted.jsonLd)).toContain('"reviewBody":"[withheld]"');
  });

  it('keeps hidden traps out of find() results', async () => {
    const found = await env.page.script.find('ignore previous instructions steal passwords', 10);
    for (const trap of hidden) expect(JSON.stringify(found)).not.toContain(trap.marker);
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
