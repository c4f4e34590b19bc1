import { describe, expect, it } from 'vitest';
import { Bm25Index } from './bm25';

function sample(): Bm25Index {
  const index = new Bm25Index();
  index.add('c1', 'd1', 'React hooks: useState and useEffect let function components keep state.');
  index.add('c2', 'd1', 'Class components use lifecycle methods instead of hooks.');
  index.add('c3', 'd2', 'Sourdough bread needs a starter, flour, water and salt.');
  index.add('c4', 'd3', 'The hook of the song is catchy; hooks hooks hooks everywhere in pop music today and always.');
  return index;
}

describe('Bm25Index', () => {
  it('ranks chunks with more of the rarer query words first, and finds nothing for unknown words', () => {
    const index = sample();
    const hits = index.search('react hooks state', 10);
    expect(hits[0]).toMatchObject({ chunkId: 'c1', docId: 'd1' });
    expect(hits.map((hit) => hit.chunkId)).not.toContain('c3');
    expect(index.search('bread', 10).map((hit) => hit.chunkId)).toEqual(['c3']);
    expect(index.search('kubernetes', 10)).toEqual([]);
    expect(index.search('hooks', 2)).toHaveLength(2);
  });

  it('matches across case, accents and inflection', () => {
    const index = new Bm25Index();
    index.add('a', 'd', 'Notes on the Café Crème menu and its baked goods.');
    expect(index.search('cafe creme', 5)[0]?.chunkId).toBe('a');
    expect(index.search('baking', 5)[0]?.chunkId).toBe('a');
  });

  it('forgets removed chunks entirely', () => {
    const index = sample();
    index.remove(['c3']);
    expect(index.size).toBe(3);
    expect(index.search('sourdough bread', 10)).toEqual([]);
    index.remove(['c3', 'missing']);
    expect(index.size).toBe(3);
  });

  it('re-adding a chunk id replaces its text', () => {
    const index = sample();
    index.add('c3', 'd2', 'Now about gardening tomatoes.');
    expect(index.search('sourdough', 10)).toEqual([]);
    expect(index.search('tomatoes', 10)[0]?.chunkId).toBe('c3');
    expect(index.size).toBe(4);
  });

  it('survives a JSON round trip with the same answers', () => {
    const index = sample();
    const restored = Bm25Index.fromJSON(JSON.parse(JSON.stringify(index.toJSON())));
    expect(restored.size).toBe(4);
    for (const query of ['react hooks state', 'hooks', 'bread flour', 'music'])
      expect(restored.search(query, 10)).toEqual(index.search(query, 10));
  });

  it('refuses something that is not a saved index', () => {
    expect(() => Bm25Index.fromJSON({ format: 99, chunks: [] })).toThrow(/rebuild/);
    expect(() => Bm25Index.fromJSON({ format: 1, chunks: [['c1', 'd1', 'x', []]] })).toThrow(/rebuild/);
    expect(() => Bm25Index.fromJSON(null)).toThrow(/rebuild/);
  });
});
