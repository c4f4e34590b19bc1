import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEnv, type Env } from './env';

let env: Env;
beforeAll(async () => {
  env = await openEnv();
});
afterAll(async () => {
  await env.close();
});

describe('extract()', () => {
  it('returns the article as light markdown, without navigation, ads or share links', async () => {
    await env.goto('/articles/leave-no-trace.html');
    const e = await env.page.script.extract();
    expect(e.source).toBe('defuddle');
    expect(e.content).toContain('On a cold morning in the Wind River Range');
    expect(e.content).toContain('## Seven principles, one habit of mind');
    expect(e.content).toContain('That, in the end, is the whole point.');
    expect(e.content).not.toContain('Advertisement');
    expect(e.content).not.toMatch(/^Share:/m);
    expect(e.wordCount).toBeGreaterThan(500);
    expect(e.truncated).toBe(false);
  });

  it('reads metadata and JSON-LD', async () => {
    const e = await env.page.script.extract();
    expect(e.metadata).toMatchObject({
      title: 'Leave No Trace, fifty years on',
      description: 'How seven simple principles reshaped the way millions of people visit wild places.',
      author: 'Maya Okafor',
      published: '2026-03-14T08:00:00Z',
      siteName: 'Trail Journal',
      lang: 'en',
    });
    expect(e.metadata.image).toBe(`${env.gym.url}/articles/images/lnt-cover.png`);
    expect(e.metadata.canonical).toBe(`${env.gym.url}/articles/leave-no-trace.html`);
    expect(e.jsonLd).toEqual([expect.objectContaining({ '@type': 'Article', headline: 'Leave No Trace, fifty years on' })]);
  });

  it('finds contacts behind mailto/tel links and in text, and social profiles but not share links', async () => {
    const { contacts } = await env.page.script.extract();
    expect(contacts.emails).toEqual(['editor@trailjournal.example']);
    expect(contacts.phones.map((p) => p.replace(/\D/g, ''))).toEqual(expect.arrayContaining(['13035550142', '3035550199']));
    expect(contacts.phones).toHaveLength(2);
    expect(contacts.social.map((s) => `${s.platform}:${s.handle}`).sort()).toEqual([
      'github:trailjournal/site',
      'linkedin:company/trail-journal',
      'mastodon:@trailjournal',
      'x:@trailjournal',
    ]);
  });

  it('decodes obfuscated addresses ("name [at] domain [dot] tld")', async () => {
    await env.goto('/articles/night-hiking.html');
    const { contacts, content } = await env.page.script.extract();
    expect(contacts.emails.sort()).toEqual(['guides@trailjournal.example', 'sam.whitfield@trailjournal.example']);
    expect(content).toContain('- Pick a trail you have walked in daylight, without cliffs or tricky junctions.');
  });

  it('falls back to the visible text of pages that are not articles', async () => {
    await env.goto('/widgets');
    const e = await env.page.script.extract();
    expect(e.content).toContain('Member widgets');
    expect(e.content).toContain('Trip counter');
    expect(e.metadata.title).toBe('Widgets — Trailhead Club');
  });

  it('caps long content at a paragraph and says so', async () => {
    await env.goto('/articles/leave-no-trace.html');
    const e = await env.page.script.extract({ maxChars: 1200 });
    expect(e.truncated).toBe(true);
    expect(e.content).toMatch(/\n\n… \(content cut at \d+ of \d+ characters\)$/);
    expect(e.content.length).toBeLessThan(1300);
  });
});
