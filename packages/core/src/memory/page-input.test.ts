import { describe, expect, it } from 'vitest';
import type { PageContent } from '../browser/port';
import { HashEmbedder } from './hash-embedder';
import { InMemoryMemory } from './memory-store';
import { pageIngestInput } from './page-input';
import { Vault } from './vault';

const content: PageContent = {
  url: 'https://www.harbourdental.ca/contact',
  content: 'Harbour Dental welcomes new patients. Cleanings, fillings and emergency visits on weekdays.',
  wordCount: 12,
  truncated: false,
  metadata: {
    title: 'Contact — Harbour Dental',
    description: 'Family dentistry in Saint John',
    image: '',
    canonical: '',
    siteName: 'Harbour Dental',
    author: '',
    published: '',
    lang: 'en',
  },
  jsonLd: [],
  contacts: {
    emails: ['desk@harbourdental.ca'],
    phones: ['+1 506 555 0142'],
    social: [{ platform: 'instagram', url: 'https://instagram.com/harbourdental', handle: '@harbourdental' }],
  },
};

describe('pageIngestInput', () => {
  it('keeps the text, the useful metadata and the contacts extract() found', () => {
    const input = pageIngestInput(content);
    expect(input).toMatchObject({ kind: 'page', url: content.url, title: 'Contact — Harbour Dental', text: content.content });
    expect(input.metadata).toEqual({
      description: 'Family dentistry in Saint John',
      siteName: 'Harbour Dental',
      lang: 'en',
      emails: 'desk@harbourdental.ca',
      phones: '+1 506 555 0142',
      social: 'instagram @harbourdental',
    });
    expect(pageIngestInput(content, 'Tab title').title).toBe('Tab title');
  });

  it('makes contacts that are not in the readable text findable', async () => {
    const store = new InMemoryMemory();
    const vault = new Vault(store, new HashEmbedder());
    await vault.ingest({ kind: 'page', url: 'https://react.dev/', title: 'React', text: 'Hooks let function components keep state.' });
    await vault.ingest(pageIngestInput(content));
    const [top] = await vault.search("the dentist's phone number");
    expect(top?.site).toBe('harbourdental.ca');
    expect(top?.chunks[0]?.text).toBe(
      'Contacts on Contact — Harbour Dental: email desk@harbourdental.ca; phone +1 506 555 0142; social instagram @harbourdental.',
    );
  });
});
