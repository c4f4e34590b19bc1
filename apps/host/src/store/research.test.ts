import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redaction, SecretVault } from '@wayfinder/core';
import { afterEach, describe, expect, it } from 'vitest';
import { openHostStore, type HostStore } from './index';
import { ResearchStore } from './research';

// What research keeps passes the one redaction (docs/ARCHITECTURE.md, "One redaction"): an
// interest, a watch's address, label and value, how a check finds it again, a discovery.

const SECRET = 'hunter2-Secret!';
let home: string;
let store: HostStore;

afterEach(() => {
  store.close();
  rmSync(home, { recursive: true, force: true });
});

function everythingStored(db: HostStore['db']): string {
  const tables = ['interests', 'watches', 'discoveries'];
  return JSON.stringify(tables.map((table) => db.prepare(`SELECT * FROM ${table}`).all()));
}

describe('research kept with the runtime’s redaction', () => {
  it('never writes a stored secret, whatever part of research it comes in', () => {
    home = mkdtempSync(join(tmpdir(), 'wayfinder-research-store-'));
    store = openHostStore({ WAYFINDER_HOME: home });
    const research = new ResearchStore(store.db, new Redaction(new SecretVault([{ name: 'shop', value: SECRET, site: 'shop.example' }])));
    research.addInterest(`prices of ${SECRET} lanterns`);
    const watch = research.addWatch(`https://shop.example/p?code=${SECRET}`, `lantern (${SECRET})`, 60, `$12 ${SECRET}`);
    research.checked(watch.id, `$10 ${SECRET}`, { kind: 'near-text', anchor: `Price for ${SECRET}`, pattern: 'money' });
    research.addDiscovery({
      url: `https://news.example/a?k=${SECRET}`,
      urlKey: 'a',
      fingerprint: '',
      title: `A story about ${SECRET}`,
      summary: `It says ${SECRET}.`,
      interest: 'lanterns',
      why: `Because ${SECRET}`,
      kind: 'article',
      site: 'news.example',
      image: `https://news.example/i.png?k=${SECRET}`,
    });
    const stored = everythingStored(store.db);
    expect(stored).not.toContain(SECRET);
    expect(stored).toContain('{{secret:shop}}');
    expect(research.listWatches()[0]).toMatchObject({ label: 'lantern ({{secret:shop}})', value: '$10 {{secret:shop}}' });
  });
});
