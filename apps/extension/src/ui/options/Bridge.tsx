import { CircleAlert, CircleCheck, LoaderCircle, Unplug } from 'lucide-react';
import { useEffect, useState, type SyntheticEvent } from 'react';
import { DEFAULT_PORT } from '@wayfinder/bridge/protocol';
import type { BridgeState } from '../../lib/bridge-messages';
import { ask, isPanelMessage, PANEL_PORT, type Request } from '../../lib/messages';
import { refusedPermission, requestPermission } from '../../lib/permissions';

// "Connect to the host": pairs this browser with `wayfinder serve` on this computer (a
// one-time code it prints), so the host's `run --browser extension` and `mcp --extension`
// work here, and shows how the connection is. The state follows the background through
// the panel port (a stopped worker is woken by the reconnect).

function useBridge(): BridgeState | null {
  const [bridge, setBridge] = useState<BridgeState | null>(null);
  useEffect(() => {
    let port: chrome.runtime.Port | null = null;
    let closed = false;
    const connect = () => {
      if (closed) return;
      port = chrome.runtime.connect({ name: PANEL_PORT });
      port.onMessage.addListener((message: unknown) => {
        if (isPanelMessage(message) && message.type === 'bridge') setBridge(message.bridge);
      });
      port.onDisconnect.addListener(() => {
        port = null;
        setTimeout(connect, 300);
      });
      void ask({ type: 'bridge.state' }).then((reply) => {
        if (reply.ok) setBridge(reply.bridge);
      });
    };
    connect();
    return () => {
      closed = true;
      port?.disconnect();
    };
  }, []);
  return bridge;
}

function StateLine({ bridge }: { bridge: BridgeState }) {
  const about = bridge.paired ? `Paired as ${bridge.label} · ` : '';
  const [icon, text, tone] =
    bridge.state === 'connected'
      ? [
          <CircleCheck key="i" size={16} aria-hidden="true" />,
          `connected${bridge.hubVersion ? ` to wayfinder ${bridge.hubVersion}` : ''}`,
          'ok',
        ]
      : bridge.state === 'connecting' || bridge.state === 'reconnecting'
        ? [
            <LoaderCircle key="i" size={16} aria-hidden="true" className="spin" />,
            `${bridge.state}…${bridge.message ? ` ${bridge.message}` : ''}`,
            'muted',
          ]
        : bridge.state === 'refused'
          ? [
              <CircleAlert key="i" size={16} aria-hidden="true" />,
              `refused: ${bridge.message ?? 'the host would not have this browser'}`,
              'bad',
            ]
          : [<Unplug key="i" size={16} aria-hidden="true" />, bridge.paired ? 'disconnected' : 'Not paired with the host.', 'muted'];
  return (
    <p className="with-icon bridge-state" role="status" aria-label="Host connection" data-state={bridge.state}>
      <span className={tone}>{icon}</span>
      <span>
        {about}
        <span className={tone === 'muted' ? undefined : tone}>{text}</span>
      </span>
    </p>
  );
}

export function BridgeSection() {
  const bridge = useBridge();
  const [port, setPort] = useState<string | null>(null);
  const [label, setLabel] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!bridge) return null;
  const shownPort = port ?? String(bridge.port);
  const shownLabel = label ?? bridge.label;

  const send = async (request: Extract<Request, { type: 'bridge.pair' | 'bridge.connect' | 'bridge.disconnect' | 'bridge.forget' }>) => {
    setBusy(true);
    setProblem(null);
    const reply = await ask(request);
    setBusy(false);
    if (!reply.ok) {
      setProblem(reply.error);
      return false;
    }
    return true;
  };
  const pair = async (event: SyntheticEvent) => {
    event.preventDefault();
    const number = Number(shownPort);
    if (!Number.isInteger(number) || number < 1 || number > 65_535) {
      setProblem(`The port is a number from 1 to 65535 (${DEFAULT_PORT} unless \`wayfinder serve --port\` said otherwise).`);
      return;
    }
    // The host's tabs sit in a group of their own; without the permission they are simply not
    // grouped. Asked first: Chrome prompts only during the click's gesture.
    const grouped = await requestPermission('tabGroups');
    if (!(await send({ type: 'bridge.pair', port: number, code, label: shownLabel }))) return;
    setCode('');
    if (!grouped) setProblem(`${refusedPermission('tabGroups')} The host’s tabs will not be grouped.`);
  };
  const live = bridge.state === 'connected' || bridge.state === 'connecting' || bridge.state === 'reconnecting';

  return (
    <section aria-labelledby="bridge-title" className="bridge">
      <h2 id="bridge-title">Connect to the host</h2>
      <p className="muted">
        Let Wayfinder on this computer (<code>wayfinder run --browser extension</code>, <code>wayfinder mcp --extension</code>) work in this
        browser: run <code>wayfinder serve</code> in a terminal and enter the pairing code it prints. The host works in its own tabs,
        grouped as “Wayfinder (host)”; your site permissions, secrets and confirmations apply to it as to any task.
      </p>
      <StateLine bridge={bridge} />
      <form className="field" onSubmit={(e) => void pair(e)} aria-label="Pair with the host">
        <label htmlFor="bridge-port">Port</label>
        <input
          id="bridge-port"
          type="number"
          min={1}
          max={65_535}
          inputMode="numeric"
          value={shownPort}
          onChange={(e) => setPort(e.target.value)}
        />
        <label htmlFor="bridge-code">Pairing code</label>
        <input
          id="bridge-code"
          autoComplete="off"
          spellCheck={false}
          aria-describedby="bridge-code-hint"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <label htmlFor="bridge-label">This browser’s name</label>
        <input id="bridge-label" maxLength={100} value={shownLabel} onChange={(e) => setLabel(e.target.value)} />
        <span />
        <span className="row">
          <button type="submit" className="primary" disabled={busy || !code.trim()}>
            {busy && <LoaderCircle size={14} aria-hidden="true" className="spin" />}
            {bridge.paired ? 'Pair again' : 'Pair'}
          </button>
          <span id="bridge-code-hint" className="muted small">
            A code is good for 10 minutes, once.
          </span>
        </span>
      </form>
      {bridge.paired && (
        <p className="row">
          {live ? (
            <button type="button" disabled={busy} onClick={() => void send({ type: 'bridge.disconnect' })}>
              Disconnect
            </button>
          ) : (
            bridge.state === 'off' && (
              <button type="button" disabled={busy} onClick={() => void send({ type: 'bridge.connect' })}>
                Connect
              </button>
            )
          )}
          <button type="button" className="danger" disabled={busy} onClick={() => void send({ type: 'bridge.forget' })}>
            Forget pairing
          </button>
        </p>
      )}
      {problem && (
        <p className="bad" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
