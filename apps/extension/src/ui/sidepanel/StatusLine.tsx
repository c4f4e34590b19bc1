import { Bug, CircleAlert, CircleCheck, CircleDashed, LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ask, type Status, type TaskView } from '../../lib/messages';
import { loadSettings, PROVIDER_LABELS } from '../../lib/settings';

// The line at the bottom: the acting model and whether its server answers, whether a task
// is running, and which tabs have the debugger attached. One short line at any width (the
// details are in its tooltip). Reachability is checked again when the settings change,
// after a task fails on its model, and every 45 s while the panel is visible — so it never
// says "reachable" for long about a server that has gone.

const EVERY_MS = 45_000;

/** How often to re-check; `?statusEvery=<ms>` in the panel's address sets it (tests use a short one). */
function recheckEvery(): number {
  const asked = Number(new URLSearchParams(location.search).get('statusEvery'));
  return Number.isFinite(asked) && asked >= 200 ? asked : EVERY_MS;
}

/** Failure codes that say the model's server is in trouble (core's ModelErrorCode). */
const PROVIDER_CODES = new Set(['unreachable', 'auth', 'unknown-model', 'rate-limited', 'server', 'timeout']);

/** How many of these tasks failed on their model's server: when it changes, the status line checks again. */
export function providerFailures(tasks: TaskView[]): number {
  return tasks.filter((t) => t.status === 'failed' && t.error !== null && PROVIDER_CODES.has(t.error.code)).length;
}

interface Reach {
  ok: boolean;
  message: string;
  /** Why not (`auth`: the server rejected the key). */
  code?: string;
  /** The model it was checked for (a result about another one is not shown). */
  model: string;
}

export function StatusLine({ status, providerFailures: failures = 0 }: { status: Status | null; providerFailures?: number }) {
  // The status as re-read after a settings change, until the background sends a newer one.
  const [fresh, setFresh] = useState<Status | null>(null);
  const [reach, setReach] = useState<Reach | null>(null);
  const [round, setRound] = useState(0);
  const shown = fresh ?? status;
  const model = shown?.model ?? '';

  useEffect(() => setFresh(null), [status]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const changed = (changes: Record<string, chrome.storage.StorageChange>, area: string) => {
      if (area !== 'local' || !('settings' in changes)) return;
      // Options save as people type: check once they pause.
      clearTimeout(timer);
      timer = setTimeout(() => {
        void ask({ type: 'status.get' }).then((reply) => {
          if (reply.ok) {
            const { ok: _ok, ...next } = reply;
            setFresh(next);
          }
          setRound((n) => n + 1);
        });
      }, 300);
    };
    chrome.storage.onChanged.addListener(changed);
    return () => {
      clearTimeout(timer);
      chrome.storage.onChanged.removeListener(changed);
    };
  }, []);

  useEffect(() => {
    let interval: ReturnType<typeof setInterval> | undefined;
    const every = recheckEvery();
    const schedule = () => {
      clearInterval(interval);
      interval = document.visibilityState === 'visible' ? setInterval(() => setRound((n) => n + 1), every) : undefined;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') setRound((n) => n + 1);
      schedule();
    };
    schedule();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(interval);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);

  useEffect(() => {
    if (!model) return;
    const effect = { cancelled: false };
    void (async () => {
      const settings = await loadSettings();
      const reply = await ask({ type: 'provider.reach', provider: settings.roles.actor.provider });
      if (!effect.cancelled)
        setReach(
          reply.ok
            ? { ok: reply.connected, message: reply.message, model, ...(reply.code ? { code: reply.code } : {}) }
            : { ok: false, message: reply.error, model },
        );
    })();
    return () => {
      effect.cancelled = true;
    };
  }, [model, round, failures]);

  if (!shown)
    return (
      <div className="status muted" role="status" aria-label="Status">
        Connecting…
      </div>
    );
  const known = reach !== null && reach.model === model ? reach : null;
  // The command interpreter has no server: it is always there.
  const builtIn = model === PROVIDER_LABELS.command;
  const state = shown.modelProblem
    ? { icon: <CircleAlert size={14} aria-hidden="true" />, word: 'not set up', className: 'bad' }
    : known === null
      ? { icon: <LoaderCircle size={14} aria-hidden="true" className="spin" />, word: 'checking…', className: 'muted' }
      : known.ok
        ? { icon: <CircleCheck size={14} aria-hidden="true" />, word: builtIn ? 'built in' : 'reachable', className: 'ok' }
        : // A server that answers but refuses the key is reached: the key is what to fix.
          {
            icon: <CircleAlert size={14} aria-hidden="true" />,
            word: known.code === 'auth' ? 'key rejected' : 'unreachable',
            className: 'bad',
          };
  const fixKey = known?.code === 'auth' && !known.ok;
  const attached = shown.attachedTabs.length;
  const debuggerText = attached ? `Debugger attached to ${attached} tab${attached === 1 ? '' : 's'}` : 'Debugger not attached';
  const details = `Model: ${shown.model} (${state.word})${shown.modelProblem ? `\n${shown.modelProblem}` : known ? `\n${known.message}` : ''}`;
  return (
    <div className="status" role="status" aria-label="Status">
      <span className="status-model" title={details}>
        <span className={state.className}>{state.icon}</span>
        <span className="status-name">{shown.model}</span>
        <span className={state.className}>{state.word}</span>
        {fixKey && (
          <button type="button" className="link-button" onClick={() => void chrome.runtime.openOptionsPage()}>
            Options
          </button>
        )}
      </span>
      <span className="status-task">
        {shown.runningTaskId ? (
          <LoaderCircle size={14} aria-hidden="true" className="spin" />
        ) : (
          <CircleDashed size={14} aria-hidden="true" />
        )}
        {shown.runningTaskId ? 'Task running' : 'Idle'}
      </span>
      <span className="status-debugger" title={debuggerText}>
        {attached ? (
          <>
            <Bug size={14} aria-hidden="true" />
            {attached}
            <span className="sr-only">{debuggerText}</span>
          </>
        ) : (
          <span className="sr-only">{debuggerText}</span>
        )}
      </span>
    </div>
  );
}
