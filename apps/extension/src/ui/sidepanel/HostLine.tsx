import { CircleAlert, LoaderCircle, Plug, Unplug } from 'lucide-react';
import { useState } from 'react';
import type { BridgeState } from '../../lib/bridge-messages';
import { ask } from '../../lib/messages';
import { PendingCard } from './Cards';

// The host's use of this browser, in the panel: one line saying whether `wayfinder serve`
// is connected, which host sessions work in the browser now (in the "Wayfinder (host)"
// tab group), and a way to cut it off. Only once this browser is paired. The host's
// questions are cards like a task's, above the task box, with who asks on them.

function describe(bridge: BridgeState): { text: string; tone: 'ok' | 'muted' | 'bad'; busy: boolean } {
  switch (bridge.state) {
    case 'connected':
      return { text: `Host: connected (${bridge.label})`, tone: 'ok', busy: false };
    case 'connecting':
      return { text: 'Host: connecting…', tone: 'muted', busy: true };
    case 'reconnecting':
      return { text: 'Host: reconnecting…', tone: 'muted', busy: true };
    case 'refused':
      return { text: `Host: refused${bridge.message ? ` (${bridge.message})` : ''}`, tone: 'bad', busy: false };
    case 'off':
      return { text: 'Host: disconnected', tone: 'muted', busy: false };
  }
}

export function HostLine({ bridge }: { bridge: BridgeState | null }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  if (!bridge?.paired && bridge?.state !== 'refused') return null;
  const { text, tone, busy } = describe(bridge);
  const send = async (type: 'bridge.disconnect' | 'bridge.connect') => {
    setSending(true);
    const reply = await ask({ type });
    setSending(false);
    setProblem(reply.ok ? null : reply.error);
  };
  const live = bridge.state === 'connected' || bridge.state === 'connecting' || bridge.state === 'reconnecting';
  return (
    <section className="host-line" aria-label="Host connection" data-state={bridge.state}>
      <p className="row">
        <span className={tone}>
          {busy ? (
            <LoaderCircle size={14} aria-hidden="true" className="spin" />
          ) : tone === 'bad' ? (
            <CircleAlert size={14} aria-hidden="true" />
          ) : bridge.state === 'off' ? (
            <Unplug size={14} aria-hidden="true" />
          ) : (
            <Plug size={14} aria-hidden="true" />
          )}
        </span>
        <span className="grow clip" role="status" title={bridge.message ?? text}>
          {text}
        </span>
        {live ? (
          <button type="button" className="small-button" disabled={sending} onClick={() => void send('bridge.disconnect')}>
            Disconnect
          </button>
        ) : (
          bridge.state === 'off' && (
            <button type="button" className="small-button" disabled={sending} onClick={() => void send('bridge.connect')}>
              Connect
            </button>
          )
        )}
      </p>
      {bridge.sessions.length > 0 && (
        <p className="muted small" aria-label="Host sessions">
          Using this browser: {bridge.sessions.map((s) => s.label).join(', ')}
        </p>
      )}
      {problem && (
        <p className="bad small" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}

/** The host's questions waiting for the person (no task of the panel's asks them). */
export function HostQuestions({ bridge }: { bridge: BridgeState | null }) {
  if (!bridge?.questions.length) return null;
  return (
    <div className="host-questions">
      {bridge.questions.map((q) => (
        <PendingCard key={q.request.id} taskId={q.taskId} request={q.request} />
      ))}
    </div>
  );
}
