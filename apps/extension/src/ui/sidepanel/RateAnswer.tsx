import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ask } from '../../lib/messages';
import { answerRatingId, type RatingValue } from '../../lib/rating-messages';

// 👍 / 👎 under an answer (issue 16): kept in this browser with the task that produced it
// (its prompt, answer, model and tool calls); the Ratings page lists and exports them.
// Pressing the chosen thumb again takes the rating back.

export function RateAnswer({ taskId, conversationId }: { taskId: string; conversationId: string }) {
  const [rating, setRating] = useState<RatingValue | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // A reopened panel shows the rating given before.
  useEffect(() => {
    let live = true;
    void ask({ type: 'ratings.list', target: 'answer' }).then((reply) => {
      const given = reply.ok ? reply.ratings.find((r) => r.id === answerRatingId(taskId)) : undefined;
      if (live && given) setRating(given.rating);
    });
    return () => {
      live = false;
    };
  }, [taskId]);

  const rate = async (value: RatingValue) => {
    setProblem(null);
    if (rating === value) {
      const reply = await ask({ type: 'rating.delete', id: answerRatingId(taskId) });
      if (reply.ok) setRating(null);
      else setProblem(reply.error);
      return;
    }
    const reply = await ask({ type: 'rating.save', target: 'answer', rating: value, context: { taskId, conversationId } });
    if (reply.ok) setRating(value);
    else setProblem(reply.error);
  };

  return (
    <div className="rate-answer" role="group" aria-label="Rate this answer">
      <button type="button" className="icon" aria-pressed={rating === 'up'} title="Good answer" onClick={() => void rate('up')}>
        <ThumbsUp aria-hidden size={16} />
        <span className="sr-only">Good answer</span>
      </button>
      <button type="button" className="icon" aria-pressed={rating === 'down'} title="Bad answer" onClick={() => void rate('down')}>
        <ThumbsDown aria-hidden size={16} />
        <span className="sr-only">Bad answer</span>
      </button>
      {rating && <span className="muted">Thanks: rating kept.</span>}
      {problem && (
        <span className="error" role="alert">
          {problem}
        </span>
      )}
    </div>
  );
}
