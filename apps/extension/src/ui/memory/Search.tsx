import { FileText, Globe, Search as SearchIcon } from 'lucide-react';
import { useState } from 'react';
import { ask, type Replies } from '../../lib/messages';
import { count, fileName, isWebAddress, when } from './format';
import { highlightParts } from './highlight';

// Searching memory as the agent does (words and meaning, fused): pages and files best first,
// each with the few paragraphs that matched, the query's words marked.

type MemoryResult = Replies['memory.search']['results'][number];

function Snippet({ text, terms }: { text: string; terms: string[] }) {
  return (
    <p className="snippet">{highlightParts(text, terms).map((part, i) => (part.hit ? <mark key={i}>{part.text}</mark> : part.text))}</p>
  );
}

function Result({ result, terms }: { result: MemoryResult; terms: string[] }) {
  const title = result.title || fileName(result.url);
  return (
    <li className="result card">
      <h3>
        {result.kind === 'file' ? <FileText size={16} aria-hidden="true" /> : <Globe size={16} aria-hidden="true" />}
        {isWebAddress(result.url) ? (
          <a href={result.url} target="_blank" rel="noopener noreferrer">
            {title}
          </a>
        ) : (
          <span>{title}</span>
        )}
      </h3>
      <p className="meta muted">
        {result.kind === 'file' ? 'File' : result.site || 'Page'} · {when(result.addedAt)} · score {result.score.toFixed(3)}
        {isWebAddress(result.url) && (
          <>
            {' · '}
            <span className="clip url">{result.url}</span>
          </>
        )}
      </p>
      {result.chunks.slice(0, 3).map((chunk, i) => (
        <Snippet key={i} text={chunk.text} terms={terms} />
      ))}
    </li>
  );
}

export function MemorySearch({ empty }: { empty: boolean }) {
  const [query, setQuery] = useState('');
  const [answer, setAnswer] = useState<{ query: string; results: MemoryResult[]; terms: string[] } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);

  const search = async () => {
    const q = query.trim();
    if (!q) {
      setProblem('Type what to look for.');
      return;
    }
    setSearching(true);
    const reply = await ask({ type: 'memory.search', query: q, k: 10 });
    setSearching(false);
    if (!reply.ok) {
      setProblem(reply.error);
      return;
    }
    setProblem(null);
    setAnswer({ query: q, results: reply.results, terms: reply.terms });
  };

  return (
    <section aria-labelledby="search-heading">
      <h2 id="search-heading">Search</h2>
      <form
        className="row"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <label className="sr-only" htmlFor="memory-query">
          Search memory
        </label>
        <input
          id="memory-query"
          className="grow"
          type="search"
          value={query}
          maxLength={500}
          placeholder={empty ? 'Nothing kept yet' : 'What did I read about…'}
          onChange={(e) => setQuery(e.target.value)}
        />
        <button type="submit" className="primary" disabled={searching}>
          <SearchIcon size={16} aria-hidden="true" />
          Search
        </button>
      </form>
      {problem && (
        <p className="bad" role="alert">
          {problem}
        </p>
      )}
      <div aria-live="polite">
        {answer &&
          (answer.results.length ? (
            <>
              <p className="muted small">
                {count(answer.results.length, 'page or file', 'pages and files')} for “{answer.query}”
              </p>
              <ol className="results" aria-label="Search results">
                {answer.results.map((r) => (
                  <Result key={r.docId} result={r} terms={answer.terms} />
                ))}
              </ol>
            </>
          ) : (
            <p className="muted">Nothing in memory matches “{answer.query}”.</p>
          ))}
      </div>
    </section>
  );
}
