import { Star } from 'lucide-react';
import { useState } from 'react';
import type { TaskMode } from '@wayfinder/core/ui';
import { ask } from '../../lib/messages';

// The star that keeps a task (its words and mode) in Favourites; saving the same task twice
// keeps one.

/** `label`: what the button says it saves (the default fits the task box). */
export function SaveFavourite({
  text,
  mode,
  label = 'Save the typed task as a favourite',
}: {
  text: string;
  mode: TaskMode;
  label?: string;
}) {
  const [saved, setSaved] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const key = `${mode}\n${text.trim()}`;
  const isSaved = saved === key;
  const save = async () => {
    const reply = await ask({ type: 'favourite.save', task: text, mode });
    if (reply.ok) {
      setSaved(key);
      setProblem(null);
    } else setProblem(reply.error);
  };
  return (
    <>
      <button
        type="button"
        className={`icon${isSaved ? ' saved' : ''}`}
        aria-label={isSaved ? 'Saved as a favourite' : label}
        title={isSaved ? 'In Favourites' : label}
        disabled={!text.trim()}
        onClick={() => void save()}
      >
        <Star size={16} fill={isSaved ? 'currentColor' : 'none'} />
      </button>
      <span className="sr-only" role="status">
        {isSaved ? 'Saved to Favourites.' : ''}
      </span>
      {problem && (
        <span className="bad" role="alert">
          {problem}
        </span>
      )}
    </>
  );
}
