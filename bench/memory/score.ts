// The query set, checked against the pages as extracted, and scored: recall@1/@3 from
// search(q, 3) (what the agent's search_memory sees), MRR@10 from search(q, 10), and for
// each miss where the expected page stood in each half of the hybrid search (words alone,
// vectors alone), which says whether tokenisation, the embedder or the fusion lost it.
import { readFileSync } from 'node:fs';
import type { Embedder, MemoryResult, VaultStore } from '@wayfinder/core';
import { round } from '../lib/stats';
import type { ExtractedPage } from './extract';

export const KINDS = ['fact', 'buried', 'contact', 'across', 'foreign'] as const;
export type QueryKind = (typeof KINDS)[number];

export interface Query {
  id: string;
  expected: string;
  kind: QueryKind;
  question: string;
  evidence: string;
}

export interface QueryOutcome {
  id: string;
  kind: QueryKind;
  question: string;
  expected: string;
  /** 1-based rank of the expected page in search(q, 3); null when it is not there. */
  rankAt3: number | null;
  /** 1-based rank in search(q, 10); null when it is not there. */
  rankAt10: number | null;
  top3: string[];
  /** Rank of the expected page's first chunk in each half of the search alone (top 50 chunks); null when absent. */
  textRank: number | null;
  vectorRank: number | null;
}

function isKind(value: unknown): value is QueryKind {
  return KINDS.some((kind) => kind === value);
}

function field(entry: object, key: string): unknown {
  return Object.entries(entry).find(([k]) => k === key)?.[1];
}

/** Reads queries.json; says which entry is malformed. */
export function loadQueries(path: string): Query[] {
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  const list = typeof parsed === 'object' && parsed !== null ? field(parsed, 'queries') : undefined;
  if (!Array.isArray(list)) throw new Error(`${path} has no "queries" list.`);
  return list.map((entry: unknown, i) => {
    if (typeof entry !== 'object' || entry === null) throw new Error(`${path}: query ${i + 1} is not an object.`);
    const [id, expected, kind, question, evidence] = ['id', 'expected', 'kind', 'question', 'evidence'].map((k) => field(entry, k));
    if (
      typeof id !== 'string' ||
      typeof expected !== 'string' ||
      typeof question !== 'string' ||
      typeof evidence !== 'string' ||
      !isKind(kind)
    )
      throw new Error(`${path}: query ${i + 1} needs string id, expected, question and evidence, and a kind among ${KINDS.join(', ')}.`);
    return { id, expected, kind, question, evidence };
  });
}

/** The text a page's answers may sit in: its readable text and its contacts. */
export function answerText(page: ExtractedPage): string {
  const { content, contacts } = page.content;
  return [content, ...contacts.emails, ...contacts.phones].join('\n');
}

/** Queries whose evidence is not in their page as extracted now (the page failed, or the corpus or extract() changed). */
export function unverified(queries: Query[], pages: ExtractedPage[]): { query: Query; reason: string }[] {
  const byFile = new Map(pages.map((page) => [page.file, page]));
  return queries.flatMap((query) => {
    const page = byFile.get(query.expected);
    if (!page) return [{ query, reason: `${query.expected} was not extracted` }];
    return answerText(page).includes(query.evidence) ? [] : [{ query, reason: `its evidence is not in ${query.expected}'s extract()` }];
  });
}

export interface Searcher {
  search(query: string, k: number): Promise<MemoryResult[]>;
}

export async function scoreQueries(
  queries: Query[],
  vault: Searcher,
  store: VaultStore,
  embedder: Embedder,
  fileOf: (url: string) => string,
): Promise<QueryOutcome[]> {
  const outcomes: QueryOutcome[] = [];
  for (const query of queries) {
    const at3 = (await vault.search(query.question, 3)).map((r) => fileOf(r.url));
    const at10 = (await vault.search(query.question, 10)).map((r) => fileOf(r.url));
    const rank = (files: string[]) => {
      const i = files.indexOf(query.expected);
      return i < 0 ? null : i + 1;
    };
    const rankAt3 = rank(at3);
    let textRank: number | null = null;
    let vectorRank: number | null = null;
    if (rankAt3 !== 1) {
      const docs = new Map((await store.documents()).map((doc) => [doc.id, fileOf(doc.url)]));
      const docRank = (hits: { docId: string }[]) => rank(hits.map((hit) => docs.get(hit.docId) ?? ''));
      textRank = docRank(await store.textSearch(query.question, 50));
      const [vector] = await embedder.embed([query.question]);
      vectorRank = vector ? docRank(await store.vectorSearch(vector, 50, embedder.id)) : null;
    }
    outcomes.push({
      id: query.id,
      kind: query.kind,
      question: query.question,
      expected: query.expected,
      rankAt3,
      rankAt10: rank(at10),
      top3: at3,
      textRank,
      vectorRank,
    });
  }
  return outcomes;
}

export interface RecallSummary {
  questions: number;
  recall_at_1: number;
  recall_at_3: number;
  mrr_at_10: number;
  by_kind: Record<string, { questions: number; recall_at_3: number }>;
}

export function summarizeRecall(outcomes: QueryOutcome[]): RecallSummary {
  const share = (list: QueryOutcome[], ok: (o: QueryOutcome) => boolean) => (list.length ? list.filter(ok).length / list.length : NaN);
  const by_kind: RecallSummary['by_kind'] = {};
  for (const kind of KINDS) {
    const mine = outcomes.filter((o) => o.kind === kind);
    if (mine.length)
      by_kind[kind] = {
        questions: mine.length,
        recall_at_3: round(
          share(mine, (o) => o.rankAt3 !== null),
          3,
        ),
      };
  }
  return {
    questions: outcomes.length,
    recall_at_1: round(
      share(outcomes, (o) => o.rankAt3 === 1),
      3,
    ),
    recall_at_3: round(
      share(outcomes, (o) => o.rankAt3 !== null),
      3,
    ),
    mrr_at_10: round(outcomes.length ? outcomes.reduce((sum, o) => sum + (o.rankAt10 ? 1 / o.rankAt10 : 0), 0) / outcomes.length : NaN, 3),
    by_kind,
  };
}
