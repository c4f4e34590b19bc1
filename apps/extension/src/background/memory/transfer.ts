import type { Chunk, VaultDocument } from '@wayfinder/core';
import { z } from 'zod';
import type { MemoryService } from './service';

// Memory as a file and back: documents with their chunks (no vectors: they belong to an
// embedder and are given again on import), through the worker's one redaction both ways (what
// was kept before it is redacted in the file; a file brought in is redacted before it is kept).

const FORMAT = 'wayfinder-memory';

const IMPORTED = z.object({
  exportedBy: z.literal('Wayfinder'),
  format: z.literal(FORMAT),
  version: z.literal(1),
  documents: z.array(
    z.object({
      id: z.string().min(1).max(200),
      kind: z.enum(['page', 'file']),
      url: z.string().min(1).max(10_000),
      title: z.string().max(10_000),
      site: z.string().max(500),
      addedAt: z.number(),
      contentHash: z.string().min(1).max(200),
      chars: z.number().int().min(0),
      metadata: z.record(z.string(), z.string()),
      chunks: z.array(z.object({ ordinal: z.number().int().min(0), text: z.string() })).min(1),
    }),
  ),
});

export async function exportMemory(memory: MemoryService): Promise<{ json: string; filename: string }> {
  const redaction = await memory.redaction();
  const documents = await memory.list();
  const withChunks = await Promise.all(
    documents.map(async (doc) => ({
      // The content hash is ours (what an import compares), not text.
      ...redaction.value(doc),
      contentHash: doc.contentHash,
      chunks: (await memory.store.chunksOf(doc.id)).map((chunk) => ({ ordinal: chunk.ordinal, text: redaction.text(chunk.text) })),
    })),
  );
  const json = JSON.stringify(
    { exportedBy: 'Wayfinder', format: FORMAT, version: 1, exportedAt: new Date().toISOString(), documents: withChunks },
    null,
    2,
  );
  return { json, filename: `wayfinder-memory-${new Date().toISOString().slice(0, 10)}.json` };
}

/** Stores the documents of an exported file that are not kept already; each gets vectors from the embedder in use. */
export async function importMemory(memory: MemoryService, json: string): Promise<{ imported: number; skipped: number }> {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    throw new Error('That file is not JSON. Choose a file Wayfinder exported from the Memory page.');
  }
  const parsed = IMPORTED.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `That file is not a Wayfinder memory export${issue ? ` (${issue.path.join('.') || 'file'}: ${issue.message})` : ''}. Choose a file exported from the Memory page.`,
    );
  }
  let imported = 0;
  let skipped = 0;
  const redaction = await memory.redaction();
  for (const given of parsed.data.documents) {
    const entry = { ...redaction.value(given), contentHash: given.contentHash };
    if (await memory.store.find(entry.url, entry.contentHash)) {
      skipped++;
      continue;
    }
    // An older version of the same address is replaced; an id another document holds is not taken over.
    const older = await memory.store.find(entry.url);
    const [clash] = older ? [] : await memory.store.documents({ ids: [entry.id] });
    const id = older?.id ?? (clash ? crypto.randomUUID() : entry.id);
    const { chunks: pieces, ...rest } = entry;
    const doc: VaultDocument = { ...rest, id };
    const chunks: Chunk[] = [...pieces]
      .sort((a, b) => a.ordinal - b.ordinal)
      .map((piece, ordinal) => ({ id: `${id}:${ordinal}`, docId: id, ordinal, text: piece.text }));
    await memory.store.putWithoutVectors(doc, chunks);
    imported++;
  }
  // The cap (an import can bring more than it allows), then the vectors, through the vault (titles and all),
  // before the answer: a search right after finds by meaning too.
  const vault = await memory.vault();
  await vault.evict();
  await vault.reindex();
  return { imported, skipped };
}
