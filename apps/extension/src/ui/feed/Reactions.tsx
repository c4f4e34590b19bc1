import { ThumbsDown, ThumbsUp } from 'lucide-react';
import type { Discovery, Reaction } from '@wayfinder/core/ui';

// 👍 / 👎 on a discovery: either moves it to Archive and tells the host's research what the
// person likes. The one given shows pressed.

export function Reactions({
  discovery,
  onReact,
  disabled,
}: {
  discovery: Discovery;
  onReact: (discovery: Discovery, reaction: Reaction) => void;
  disabled: boolean;
}) {
  return (
    <div className="reactions" role="group" aria-label={`React to ${discovery.title}`}>
      <button
        type="button"
        aria-label={`More like this: ${discovery.title}`}
        title="More like this"
        aria-pressed={discovery.reaction === 'up'}
        disabled={disabled}
        onClick={() => onReact(discovery, 'up')}
      >
        <ThumbsUp size={16} aria-hidden="true" />
      </button>
      <button
        type="button"
        aria-label={`Less like this: ${discovery.title}`}
        title="Less like this"
        aria-pressed={discovery.reaction === 'down'}
        disabled={disabled}
        onClick={() => onReact(discovery, 'down')}
      >
        <ThumbsDown size={16} aria-hidden="true" />
      </button>
    </div>
  );
}
