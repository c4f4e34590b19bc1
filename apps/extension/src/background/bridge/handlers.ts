import type { BridgeReplies } from '../../lib/bridge-messages';
import type { Handlers } from '../router';
import type { BridgeClient } from './client';
import type { HostTasks } from './host-tasks';

// The router's answers to the bridge requests (lib/bridge-messages.ts): the Options page
// pairs, disconnects and forgets; both pages read the connection's state; the panel starts
// and stops tasks on the host (background/bridge/host-tasks.ts).

/** The bridge's requests; `host.start`'s reply names the panel's TaskView, so it is declared with the task requests (lib/messages.ts). */
type BridgeType = keyof BridgeReplies | 'host.start';

export type BridgeRouterParts = Pick<BridgeClient, 'state' | 'pair' | 'reconnect' | 'disconnect' | 'forget'> & {
  hostTasks: Pick<HostTasks, 'start' | 'stop' | 'history' | 'open'>;
};

const unavailable = (): Promise<never> =>
  Promise.reject(new Error('The host connection is not available here; reload the extension (chrome://extensions).'));

/** For a router made without the bridge (tests of other parts). */
export const UNAVAILABLE_BRIDGE: BridgeRouterParts = {
  state: unavailable,
  pair: unavailable,
  reconnect: unavailable,
  disconnect: unavailable,
  forget: unavailable,
  hostTasks: { start: unavailable, stop: unavailable, history: () => Promise.resolve([]), open: unavailable },
};

export function bridgeHandlers(client: BridgeRouterParts): Handlers<BridgeType> {
  return {
    'bridge.state': async () => ({ bridge: await client.state() }),
    'bridge.pair': async (r) => ({ bridge: await client.pair(r.port, r.code, r.label) }),
    'bridge.connect': async () => ({ bridge: await client.reconnect() }),
    'bridge.disconnect': async () => ({ bridge: await client.disconnect() }),
    'bridge.forget': async () => ({ bridge: await client.forget() }),
    'host.start': (r) => client.hostTasks.start(r.task, r.mode),
    'host.stop': async (r) => ({ stopped: await client.hostTasks.stop(r.taskId) }),
  };
}
