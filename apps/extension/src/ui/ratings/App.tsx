import { Download, ThumbsDown, ThumbsUp, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { ask } from '../../lib/messages';
import type { Rating, RatingTarget, RatingValue } from '../../lib/rating-messages';
import { download } from '../skills/files';

// The Ratings page (issue 16): every 👍 / 👎 given to an answer in the side panel or a page
// helper's result, with what produced it; filter by kind and rating, export as JSON.

const JOB_NAMES: Record<string, string> = { explain: 'Explain', rewrite: 'Rewrite', write: 'Write', summarise: 'Summarise' };

function title(rating: Rating): string {
  const c = rating.context;
  if (rating.target === 'answer') return c.prompt ?? '(an answer)';
  const how = c.preset ?? c.instruction;
  return `${JOB_NAMES[c.job ?? ''] ?? 'Helper'}${how ? ` · ${how}` : ''}${c.site ? ` on ${c.site}` : ''}`;
}

function RatingItem({ rating, onDelete }: { rating: Rating; onDelete: () => void }) {
  const c = rating.context;
  const good = rating.rating === 'up';
  return (
    <li className="rating">
      <div className="row">
        <span className={good ? 'ok' : 'error'}>
          {good ? <ThumbsUp aria-hidden size={16} /> : <ThumbsDown aria-hidden size={16} />}
          <span className="sr-only">{good ? 'Good' : 'Bad'}</span>
        </span>
        <strong className="grow">{title(rating)}</strong>
        <span className="muted">
          {rating.target === 'answer' ? 'Answer' : 'Helper'} · {new Date(rating.at).toLocaleString()}
        </span>
        <button type="button" className="icon" title="Delete this rating" onClick={onDelete}>
          <Trash2 aria-hidden size={16} />
          <span className="sr-only">Delete this rating</span>
        </button>
      </div>
      <details>
        <summary>What produced it</summary>
        <dl>
          {c.model && (
            <>
              <dt>Model</dt>
              <dd>{c.model}</dd>
            </>
          )}
          {rating.target === 'answer' ? (
            <>
              <dt>Answer</dt>
              <dd className="pre">{c.answer || '(none)'}</dd>
              <dt>Tool calls</dt>
              <dd>{c.toolCalls?.length ? c.toolCalls.map((t) => t.tool).join(', ') : 'none'}</dd>
            </>
          ) : (
            <>
              <dt>Input</dt>
              <dd className="pre">{c.input ?? ''}</dd>
              <dt>Output</dt>
              <dd className="pre">{c.output ?? ''}</dd>
              {c.url && (
                <>
                  <dt>Page</dt>
                  <dd>{c.url}</dd>
                </>
              )}
            </>
          )}
        </dl>
      </details>
    </li>
  );
}

export function App() {
  const [ratings, setRatings] = useState<Rating[] | null>(null);
  const [target, setTarget] = useState<RatingTarget | ''>('');
  const [value, setValue] = useState<RatingValue | ''>('');
  const [problem, setProblem] = useState<string | null>(null);

  const refresh = useCallback(() => {
    void ask({ type: 'ratings.list', target: target || null, rating: value || null }).then((reply) => {
      if (reply.ok) setRatings(reply.ratings);
      else setProblem(reply.error);
    });
  }, [target, value]);
  useEffect(refresh, [refresh]);

  const remove = async (id: string) => {
    const reply = await ask({ type: 'rating.delete', id });
    if (reply.ok) refresh();
    else setProblem(reply.error);
  };

  const exportAll = () => {
    if (!ratings) return;
    const json = JSON.stringify({ exportedBy: 'Wayfinder', version: 1, exportedAt: new Date().toISOString(), ratings }, null, 2);
    download(json, `wayfinder-ratings-${new Date().toISOString().slice(0, 10)}.json`, 'application/json');
  };

  return (
    <main className="page ratings-page">
      <h1 className="with-icon">
        <ThumbsUp size={24} aria-hidden="true" /> Ratings
      </h1>
      <p className="muted">
        The answers and page helpers you rated, with what produced them (the prompt, the model, the tools called). They stay on this
        computer unless you export them.
      </p>
      <div className="row">
        <label htmlFor="ratings-kind">Kind</label>
        <select
          id="ratings-kind"
          value={target}
          onChange={(e) => setTarget(e.target.value === 'answer' || e.target.value === 'helper' ? e.target.value : '')}
        >
          <option value="">All</option>
          <option value="answer">Answers</option>
          <option value="helper">Page helpers</option>
        </select>
        <label htmlFor="ratings-value">Rating</label>
        <select
          id="ratings-value"
          value={value}
          onChange={(e) => setValue(e.target.value === 'up' || e.target.value === 'down' ? e.target.value : '')}
        >
          <option value="">All</option>
          <option value="up">Good</option>
          <option value="down">Bad</option>
        </select>
        <button type="button" onClick={exportAll} disabled={!ratings?.length}>
          <Download aria-hidden size={16} /> Export as JSON
        </button>
      </div>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      {ratings === null ? (
        <p className="muted">Loading…</p>
      ) : ratings.length === 0 ? (
        <p className="muted">{target || value ? 'No ratings match.' : 'No ratings yet: rate an answer with 👍 or 👎 in the side panel.'}</p>
      ) : (
        <ul className="ratings" aria-label="Ratings">
          {ratings.map((r) => (
            <RatingItem key={r.id} rating={r} onDelete={() => void remove(r.id)} />
          ))}
        </ul>
      )}
    </main>
  );
}
