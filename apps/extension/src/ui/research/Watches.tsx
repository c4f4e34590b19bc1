import { useCallback, useEffect, useState } from 'react';
import type { Watch } from '@wayfinder/core/ui';
import { ask } from '../../lib/messages';

// Options › Research: the values the host watches (issue 15; added from the panel's "Watch a
// value on this page" or `wayfinder watch add`), each with its value last seen and a Remove.
// Kept by the host: listed and removed through `watch.*`.

export function Watches({ connected }: { connected: boolean }) {
  const [watches, setWatches] = useState<Watch[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const refresh = useCallback(() => {
    if (!connected) {
      setWatches(null);
      return;
    }
    void ask({ type: 'watch.list' }).then((reply) => {
      if (reply.ok) {
        setWatches(reply.watches);
        setProblem(null);
      } else setProblem(reply.error);
    });
  }, [connected]);
  useEffect(refresh, [refresh]);

  const remove = async (watch: Watch) => {
    const reply = await ask({ type: 'watch.remove', id: watch.id });
    setProblem(reply.ok ? null : reply.error);
    refresh();
  };

  if (!connected)
    return (
      <p className="muted">
        Watches are kept by the host, <code>wayfinder serve</code>, and this browser is not connected to it.
      </p>
    );
  return (
    <div className="watches">
      {watches &&
        (watches.length ? (
          <ul className="stack" aria-label="Watches">
            {watches.map((watch) => (
              <li key={watch.id} className="row">
                <span className="grow">
                  <strong>{watch.label}</strong>
                  {watch.value !== undefined && <> — now {watch.value}</>}
                  <br />
                  <a href={watch.url} target="_blank" rel="noreferrer" className="small">
                    {watch.url}
                  </a>
                </span>
                <button type="button" aria-label={`Remove watch: ${watch.label}`} onClick={() => void remove(watch)}>
                  Remove
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">
            No watches yet. In the side panel, press “Watch a value on this page” and click a price or stock on a page.
          </p>
        ))}
      {problem && (
        <p className="bad" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
