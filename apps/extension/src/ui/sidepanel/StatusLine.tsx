import { useEffect, useState } from 'react';
import { ask, type Status } from '../../lib/messages';
import { loadSettings } from '../../lib/settings';

// The line at the bottom: is the model reachable, is a task running, which tabs have the
// debugger attached.

export function StatusLine({ status }: { status: Status | null }) {
  const [reach, setReach] = useState<{ ok: boolean; message: string } | null>(null);
  const model = status?.model ?? '';

  useEffect(() => {
    const effect = { cancelled: false };
    setReach(null);
    void (async () => {
      const settings = await loadSettings();
      const reply = await ask({ type: 'provider.test', provider: settings.roles.actor.provider });
      if (!effect.cancelled) setReach(reply.ok ? { ok: reply.connected, message: reply.message } : { ok: false, message: reply.error });
    })();
    return () => {
      effect.cancelled = true;
    };
  }, [model]);

  if (!status)
    return (
      <div className="status muted" role="status">
        Connecting…
      </div>
    );
  return (
    <div className="status" role="status" aria-label="Status">
      <span title={reach?.message ?? status.modelProblem ?? ''}>
        Model: {status.model}{' '}
        {status.modelProblem ? (
          <span className="bad">✗ not set up</span>
        ) : reach === null ? (
          <span className="muted">checking…</span>
        ) : reach.ok ? (
          <span className="ok">✓ reachable</span>
        ) : (
          <span className="bad">✗ unreachable</span>
        )}
      </span>
      <span>{status.runningTaskId ? 'Task running' : 'Idle'}</span>
      <span>
        {status.attachedTabs.length
          ? `Debugger attached to ${status.attachedTabs.length} tab${status.attachedTabs.length === 1 ? '' : 's'}`
          : 'Debugger not attached'}
      </span>
    </div>
  );
}
