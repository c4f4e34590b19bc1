import { useEffect, useState } from 'react';
import { ask, isPanelMessage, PANEL_PORT } from '../../lib/messages';

// What the feed's pages follow of the background (over the panel port, woken again if the
// worker stopped): whether the host is connected, how many discoveries are new, and a
// counter that moves whenever the feed changed (a page reloads its cards on it).

export interface FeedState {
  connected: boolean;
  /** Whether this browser is paired with a host at all. */
  paired: boolean;
  unread: number;
  /** Moves at every change the background announces. */
  version: number;
}

export function useFeedState(): FeedState | null {
  const [state, setState] = useState<FeedState | null>(null);
  useEffect(() => {
    let port: chrome.runtime.Port | null = null;
    let closed = false;
    const update = (patch: Partial<FeedState>) =>
      setState((s) => ({ ...(s ?? { connected: false, paired: false, unread: 0 }), ...patch, version: (s?.version ?? 0) + 1 }));
    const connect = () => {
      if (closed) return;
      port = chrome.runtime.connect({ name: PANEL_PORT });
      port.onMessage.addListener((message: unknown) => {
        if (!isPanelMessage(message)) return;
        if (message.type === 'feed') update({ unread: message.unread, connected: message.connected });
        if (message.type === 'bridge') update({ connected: message.bridge.state === 'connected', paired: message.bridge.paired });
      });
      port.onDisconnect.addListener(() => {
        port = null;
        setTimeout(connect, 300);
      });
      void Promise.all([ask({ type: 'bridge.state' }), ask({ type: 'feed.unread' })]).then(([bridge, feed]) => {
        update({
          ...(bridge.ok ? { paired: bridge.bridge.paired, connected: bridge.bridge.state === 'connected' } : {}),
          ...(feed.ok ? { unread: feed.unread } : {}),
        });
      });
    };
    connect();
    return () => {
      closed = true;
      port?.disconnect();
    };
  }, []);
  return state;
}
