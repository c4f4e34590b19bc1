import type { PageContent } from '../browser/port';
import type { IngestInput } from './vault';

// What a captured page gives the vault, the same in every host: the readable text, the
// metadata worth keeping, and the contacts extract() found (also those only in mailto:/tel:
// links), under the keys the vault turns into a contacts chunk (emails, phones, social).

export function pageIngestInput(content: PageContent, title?: string): IngestInput {
  const metadata: Record<string, string> = {};
  const keep = (key: string, value: string) => {
    if (value.trim()) metadata[key] = value.replace(/\s+/g, ' ').trim();
  };
  keep('description', content.metadata.description);
  keep('author', content.metadata.author);
  keep('published', content.metadata.published);
  keep('siteName', content.metadata.siteName);
  keep('lang', content.metadata.lang);
  keep('emails', content.contacts.emails.join(', '));
  keep('phones', content.contacts.phones.join(', '));
  keep('social', content.contacts.social.map((account) => `${account.platform} ${account.handle || account.url}`).join(', '));
  return { kind: 'page', url: content.url, title: title?.trim() || content.metadata.title || content.url, text: content.content, metadata };
}
