import { X } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import type { Interest } from '@wayfinder/core/ui';
import { ask } from '../../lib/messages';

// The person's interests (issue 15): topics the host's research looks for, each with the
// weight reactions gave it. Kept by the host: added and removed through `interests.*`; with
// no host connected, it says so and how to connect. Used by Options › Research (full) and
// the side panel (compact).

export function Interests({ compact = false, connected }: { compact?: boolean; connected: boolean }) {
  const [interests, setInterests] = useState<Interest[] | null>(null);
  const [topic, setTopic] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = compact ? 'panel-interest' : 'interest';

  const refresh = useCallback(() => {
    if (!connected) {
      setInterests(null);
      return;
    }
    void ask({ type: 'interests.list' }).then((reply) => {
      if (reply.ok) {
        setInterests(reply.interests);
        setProblem(null);
      } else setProblem(reply.error);
    });
  }, [connected]);
  useEffect(refresh, [refresh]);

  const add = async () => {
    if (!topic.trim()) {
      setProblem('Type a topic to follow, such as “ultralight camping”.');
      return;
    }
    setBusy(true);
    const reply = await ask({ type: 'interests.add', topic });
    setBusy(false);
    if (!reply.ok) {
      setProblem(reply.error);
      return;
    }
    setProblem(null);
    setTopic('');
    refresh();
  };
  const remove = async (interest: Interest) => {
    const reply = await ask({ type: 'interests.remove', id: interest.id });
    setProblem(reply.ok ? null : reply.error);
    refresh();
  };

  if (!connected)
    return (
      <p className="muted interests-off" role="note">
        Interests are kept by the host, <code>wayfinder serve</code>, and this browser is not connected to it. Pair it under Options ›
        Connect to the host to add topics.
      </p>
    );
  return (
    <div className={compact ? 'interests compact' : 'interests'}>
      {interests &&
        (interests.length ? (
          <ul className="chips" aria-label="Interests">
            {interests.map((interest) => (
              <li key={interest.id} className="chip">
                <span>{interest.topic}</span>
                {!compact && (
                  <span className="muted weight" title="How much research favours it (reactions change it)">
                    ×{interest.weight.toFixed(2)}
                  </span>
                )}
                <button
                  type="button"
                  className="icon"
                  aria-label={`Remove interest: ${interest.topic}`}
                  title="Remove"
                  onClick={() => void remove(interest)}
                >
                  <X size={14} aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted small">No interests yet. Add a topic for research to look for.</p>
        ))}
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <label className="sr-only" htmlFor={`${id}-topic`}>
          A topic to follow
        </label>
        <input
          id={`${id}-topic`}
          className="grow"
          maxLength={200}
          placeholder="ultralight camping"
          value={topic}
          onChange={(e) => setTopic(e.target.value)}
        />
        <button type="submit" disabled={busy}>
          Add interest
        </button>
      </form>
      {problem && (
        <p className="bad" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
