import { describe, expect, it } from 'vitest';
import { HashEmbedder } from './hash-embedder';
import { capText, describeCut, MAX_DOCUMENT_CHARS } from './limits';
import { InMemoryMemory } from './memory-store';
import { Vault } from './vault';

// What one document may keep: its text capped by characters (what was cut recorded with it
// and told to the caller), and every string it keeps redacted first — the address too.

const SECRET = 'kestrel-7Qx9-vault';
const hide = (text: string) => text.split(SECRET).join('{{secret:bank}}');

describe('the cap on one document', () => {
  it('is about a thousand printed pages', () => {
    expect(MAX_DOCUMENT_CHARS).toBe(2_000_000);
  });

  it('cuts text after a word near the cap and says how much of how much was kept', () => {
    const { text, cut } = capText('alpha beta gamma delta', 13);
    expect(text).toBe('alpha beta');
    expect(cut).toEqual({ kept: 10, of: 22 });
    expect(describeCut({ kept: 2_000_000, of: 20_480_000 })).toBe('kept the first 2,000,000 characters of 20,480,000');
    expect(describeCut({ kept: 2_000_000, of: null, at: 'page 41 of 400' })).toBe('kept the first 2,000,000 characters (page 41 of 400)');
    expect(capText('short', 10)).toEqual({ text: 'short', cut: null });
  });

  it('keeps at most maxChars of a long text, records the cut in the document, and tells the caller', async () => {
    const store = new InMemoryMemory();
    const vault = new Vault(store, new HashEmbedder(), { maxChars: 5_000 });
    const text = Array.from({ length: 2_000 }, (_, i) => `Sentence number ${i} is here.`).join(' ');
    const outcome = await vault.ingest({ kind: 'file', url: 'file:///big.txt', title: 'big.txt', text });
    expect(outcome.stored).toBe(true);
    if (!outcome.stored) return;
    expect(outcome.doc.chars).toBeLessThanOrEqual(5_000);
    expect(outcome.cut).toEqual({ kept: outcome.doc.chars, of: text.length });
    expect(outcome.doc.metadata.cut).toBe(
      `kept the first ${outcome.doc.chars.toLocaleString('en')} characters of ${text.length.toLocaleString('en')}`,
    );
    const stats = await store.stats();
    expect(stats.chars).toBeLessThanOrEqual(5_000);
    expect(stats.chunks).toBeLessThan(20);
    const found = await vault.search('Sentence number 1999', 3);
    expect(JSON.stringify(found)).not.toContain('number 1999 ');
  });

  it('keeps a reader’s own cut (it stopped early) with where it stopped', async () => {
    const vault = new Vault(new InMemoryMemory(), new HashEmbedder());
    const outcome = await vault.ingest({
      kind: 'file',
      url: 'file:///bomb.pdf',
      title: 'bomb.pdf',
      text: 'The first pages only.',
      cut: { kept: 21, of: null, at: 'page 2 of 400' },
    });
    expect(outcome.stored && outcome.doc.metadata.cut).toBe('kept the first 21 characters (page 2 of 400)');
  });

  it('caps a title and metadata values', async () => {
    const vault = new Vault(new InMemoryMemory(), new HashEmbedder());
    const outcome = await vault.ingest({
      kind: 'page',
      url: 'https://example.com/',
      title: 'T'.repeat(50_000),
      text: 'Some text.',
      metadata: { description: 'd '.repeat(50_000) },
    });
    if (!outcome.stored) throw new Error('not stored');
    expect(outcome.doc.title.length).toBeLessThanOrEqual(2_000);
    expect(outcome.doc.metadata.description?.length).toBeLessThanOrEqual(2_000);
  });
});

describe('redaction before anything is kept', () => {
  it('hides a secret in the address, the title, the text and the metadata; searches find the placeholder, never the value', async () => {
    const store = new InMemoryMemory();
    const vault = new Vault(store, new HashEmbedder(), { redact: hide });
    const outcome = await vault.ingest({
      kind: 'page',
      url: `https://bank.example/account#token=${SECRET}`,
      title: `Account ${SECRET}`,
      text: `Your recovery code is ${SECRET}. Keep it safe.`,
      metadata: { description: `code ${SECRET}` },
    });
    if (!outcome.stored) throw new Error('not stored');
    expect(outcome.doc.url).toBe('https://bank.example/account#token={{secret:bank}}');
    expect(JSON.stringify(await store.documents())).not.toContain(SECRET);
    const found = await vault.search('recovery code', 1);
    expect(JSON.stringify(found)).not.toContain(SECRET);
    expect(found[0]?.chunks[0]?.text).toContain('{{secret:bank}}');
  });

  it('hides a secret that straddles the cap (redacted before it is cut)', async () => {
    const store = new InMemoryMemory();
    const vault = new Vault(store, new HashEmbedder(), { redact: hide, maxChars: 1_000 });
    const text = `${'x'.repeat(990)}${SECRET} and more words after it.`;
    const outcome = await vault.ingest({ kind: 'file', url: 'file:///x.txt', title: 'x', text });
    if (!outcome.stored) throw new Error('not stored');
    const kept = (await store.chunks((await store.chunksWithoutVectors('none', 100)).map((c) => c.id))).map((c) => c.text).join(' ');
    expect(kept).toContain('x'.repeat(100));
    expect(kept).not.toContain(SECRET.slice(0, 4));
  });
});
