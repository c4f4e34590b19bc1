// Writes each corpus page's extract() (readable text, then metadata and contacts) to a
// folder, one .txt per page: what the query set's questions and evidence were checked against.
//   npx tsx bench/memory/dump.ts OUT_DIR [--corpus DIR]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { corpusFiles, extractCorpus } from './extract';

async function main(): Promise<void> {
  const [out, flag, value] = process.argv.slice(2);
  if (!out || (flag !== undefined && (flag !== '--corpus' || !value))) {
    console.error('Usage: npx tsx bench/memory/dump.ts OUT_DIR [--corpus DIR]');
    process.exit(2);
  }
  const corpus = resolve(value ?? '../shared/corpus/pages');
  mkdirSync(out, { recursive: true });
  await extractCorpus(
    corpus,
    corpusFiles(corpus),
    (page) => {
      const { metadata, contacts, content } = page.content;
      const head = [`# ${page.file}`, `title: ${metadata.title}`, `site: ${metadata.siteName}`, `author: ${metadata.author}`];
      const tail = [
        `description: ${metadata.description}`,
        `emails: ${contacts.emails.join(', ')}`,
        `phones: ${contacts.phones.join(', ')}`,
      ];
      writeFileSync(join(out, `${page.file}.txt`), [...head, '', content, '', ...tail].join('\n'));
      console.log(`${page.file}: ${content.length} chars, ${contacts.emails.length} emails, ${contacts.phones.length} phones`);
    },
    (file, reason) => console.error(`${file}: skipped (${reason})`),
  );
}

main().catch((error: unknown) => {
  console.error(`bench/memory/dump failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
