import { BUILT_IN_APIS, builtInApis, builtInAvailability, type BuiltInApiName, type BuiltInAvailability } from '../../lib/builtin-ai';
import { builtInStream, type Job, type JobInput } from './builtin-jobs';
import { ensureOffscreen } from './offscreen-doc';

// Chrome exposes the Summarizer, Writer and Rewriter to windows only (the Writing Assistance
// APIs are [Exposed=Window]), not to the service worker. The offscreen document is a window:
// it runs built-in jobs for the worker over a port named BUILT_IN_PORT. The worker sends
// { kind: 'availability' } or { kind: 'job', job, input }; the document answers { states },
// or { chunk } … then { done } or { error }. A closed port stops the job. The document says
// { ready } as it takes a port, so the worker knows its port reached it (a loaded machine may
// take longer than a moment to say that no one is there).

export const BUILT_IN_PORT = 'wayfinder-builtin-ai';

type States = Record<BuiltInApiName, BuiltInAvailability>;
type PortRequest = { kind: 'availability' } | { kind: 'job'; job: Job; input: JobInput };

function isRequest(value: unknown): value is PortRequest {
  return typeof value === 'object' && value !== null && 'kind' in value && (value.kind === 'availability' || value.kind === 'job');
}

/** In the offscreen document: answers the worker's built-in AI requests with this window's APIs. */
export function listenForBuiltInJobs(): void {
  chrome.runtime.onConnect.addListener((port) => {
    if (port.name !== BUILT_IN_PORT || port.sender?.id !== chrome.runtime.id) return;
    const stop = new AbortController();
    port.onDisconnect.addListener(() => stop.abort());
    const send = (reply: unknown) => {
      if (!stop.signal.aborted) port.postMessage(reply);
    };
    send({ ready: true });
    port.onMessage.addListener((message: unknown) => {
      if (!isRequest(message)) return;
      if (message.kind === 'availability') {
        void builtInAvailability().then((states) => send({ states }));
        return;
      }
      void (async () => {
        try {
          for await (const chunk of builtInStream(message.job, message.input, builtInApis(), stop.signal)) send({ chunk });
          send({ done: true });
        } catch (error) {
          send({ error: error instanceof Error ? error.message : String(error) });
        }
      })();
    });
  });
}

/** How long the document has to say { ready } on a port before it is tried again. */
const READY_MS = 2_000;

/** A port to the offscreen document (made when missing; a document just made may not listen for a moment). */
async function connect(): Promise<chrome.runtime.Port> {
  await ensureOffscreen();
  for (let tries = 0; ; tries++) {
    const port = chrome.runtime.connect({ name: BUILT_IN_PORT });
    const alive = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), READY_MS);
      port.onMessage.addListener((message: unknown) => {
        if (field(message, 'ready') !== true) return;
        clearTimeout(timer);
        resolve(true);
      });
      port.onDisconnect.addListener(() => {
        clearTimeout(timer);
        resolve(false);
      });
    });
    if (alive) return port;
    port.disconnect();
    if (tries >= 10) throw new Error('The offscreen document did not answer.');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function field(message: unknown, key: string): unknown {
  return typeof message === 'object' && message !== null && key in message ? Reflect.get(message, key) : undefined;
}

const STATES: readonly string[] = ['unavailable', 'downloadable', 'downloading', 'available'];
function isStates(value: unknown): value is States {
  return BUILT_IN_APIS.every((name) => STATES.includes(String(field(value, name))));
}

/** Each built-in API's availability in the offscreen document (all 'unavailable' when it cannot be asked). */
export async function offscreenAvailability(): Promise<States | null> {
  const port = await connect().catch(() => null);
  if (!port) return null;
  return new Promise((resolve) => {
    port.onMessage.addListener((message: unknown) => {
      const states = field(message, 'states');
      if (states === undefined) return;
      port.disconnect();
      resolve(isStates(states) ? states : null);
    });
    port.onDisconnect.addListener(() => resolve(null));
    port.postMessage({ kind: 'availability' });
  });
}

/** A job run in the offscreen document, its words as they come. */
export async function* offscreenStream(job: Job, input: JobInput, signal: AbortSignal): AsyncIterable<string> {
  const port = await connect();
  const queue: string[] = [];
  const state: { ended: boolean; failure: Error | null } = { ended: false, failure: null };
  let wake: (() => void) | null = null;
  const poke = () => {
    wake?.();
    wake = null;
  };
  port.onMessage.addListener((message: unknown) => {
    const chunk = field(message, 'chunk');
    const error = field(message, 'error');
    if (typeof chunk === 'string') queue.push(chunk);
    else if (typeof error === 'string') {
      state.failure = new Error(error);
      state.ended = true;
    } else if (field(message, 'done') === true) state.ended = true;
    poke();
  });
  port.onDisconnect.addListener(() => {
    if (!state.ended) state.failure ??= new Error('The offscreen document closed during the job.');
    state.ended = true;
    poke();
  });
  const abort = () => {
    port.disconnect();
    state.failure ??= new DOMException('The job was stopped.', 'AbortError');
    state.ended = true;
    poke();
  };
  signal.addEventListener('abort', abort, { once: true });
  port.postMessage({ kind: 'job', job, input });
  try {
    for (;;) {
      const next = queue.shift();
      if (next !== undefined) {
        yield next;
        continue;
      }
      if (state.ended) break;
      await new Promise<void>((resolve) => (wake = resolve));
    }
    if (state.failure) throw state.failure;
  } finally {
    signal.removeEventListener('abort', abort);
    port.disconnect();
  }
}
