import { APICallError } from '@ai-sdk/provider';
import { bodyText, classifyModelError, ModelError } from './errors';

// A provider failure in plain words for the person: what happened, the likely cause, and
// what to do next, with the provider's own words kept as the detail. One function serves
// the connection test, a task that fails on its model, and the CLI. Hosts add what only
// they know (where their settings are, the origin their requests come from).

export type EndpointProvider = 'command' | 'ollama' | 'openai' | 'openai-compatible' | 'anthropic' | 'google' | 'mistral';

/** Which server a model slot talks to. */
export interface ProviderEndpoint {
  provider: EndpointProvider;
  model: string;
  /** Where requests go; empty for a cloud provider's own address. */
  baseURL: string;
}

/** What only the host knows, for advice that fits it. */
export interface HostHints {
  /** The origin requests come from when a browser sends them ("chrome-extension://*"): Ollama must be told to accept it. */
  requestOrigin?: string;
  /** Where the person changes addresses, keys and models ("in Wayfinder's options"); default "in your settings or environment". */
  settingsPlace?: string;
  /** What the command interpreter says when a task needs a model (the CLI's: `--model` / WAYFINDER_MODEL). */
  setupHint?: string;
}

export interface ProviderTrouble {
  /** What happened, in plain words. */
  what: string;
  /** The likely cause (may be empty). */
  cause: string;
  /** What to do next (may be empty). */
  next: string;
  /** The server's or the network's own words. */
  detail: string;
}

const NAMES: Record<EndpointProvider, string> = {
  command: 'The command interpreter',
  ollama: 'Ollama',
  openai: 'OpenAI',
  'openai-compatible': 'The OpenAI-compatible server',
  anthropic: 'Anthropic',
  google: 'Google',
  mistral: 'Mistral',
};

const OLLAMA_DEFAULT = 'http://127.0.0.1:11434';

function apiErrorIn(error: unknown): APICallError | null {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (APICallError.isInstance(e)) return e;
    e = e instanceof Error ? e.cause : null;
  }
  return null;
}

function rootMessage(error: unknown): string {
  let last = error instanceof Error ? error.message : String(error);
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; depth++) {
    if (!ModelError.isInstance(e)) last = e.message;
    e = e.cause;
  }
  return last;
}

function origins(host: HostHints): string {
  const origin = host.requestOrigin;
  if (!origin) return '';
  const who = origin.startsWith('chrome-extension:') ? 'Chrome extensions' : `Requests from ${origin}`;
  return `${who} also need OLLAMA_ORIGINS=${origin} set for Ollama (then restart it).`;
}

function joined(...parts: string[]): string {
  return parts.filter(Boolean).join(' ');
}

/** What went wrong talking to `endpoint`, what probably caused it, and what to do. */
export function explainModelError(error: ModelError, endpoint: ProviderEndpoint, host: HostHints = {}): ProviderTrouble {
  const name = NAMES[endpoint.provider];
  const place = host.settingsPlace ?? 'in your settings or environment';
  const address = endpoint.provider === 'ollama' ? endpoint.baseURL || OLLAMA_DEFAULT : endpoint.baseURL;
  const api = apiErrorIn(error);
  const status = api?.statusCode;
  const said = (api ? bodyText(api) || api.message : rootMessage(error)).replace(/[.\s]+$/, '');
  const detail = status === undefined ? said : `${status}${said ? `: ${said}` : ''}`;
  const model = endpoint.model ? `"${endpoint.model}"` : 'this model';
  switch (error.code) {
    case 'unreachable':
      if (endpoint.provider === 'ollama')
        return {
          what: `Could not reach Ollama at ${address}.`,
          cause: 'Is it running (`ollama serve`)?',
          next: joined(origins(host), `If Ollama runs elsewhere, correct the address ${place}.`),
          detail,
        };
      if (endpoint.provider === 'openai-compatible')
        return {
          what: `Could not reach the OpenAI-compatible server at ${address}.`,
          cause: 'Is the server running at that address (it usually ends in /v1)?',
          next: `Start it, or correct the address ${place}.`,
          detail,
        };
      return {
        what: `Could not reach ${name}${address ? ` at ${address}` : ''}.`,
        cause: 'This computer may be offline, or a firewall or proxy is in the way.',
        next: 'Check the connection and try again.',
        detail,
      };
    case 'auth':
      if (endpoint.provider === 'ollama' && status === 403)
        return {
          what: `Ollama at ${address} refused the request (403).`,
          cause: 'Ollama only answers pages and extensions it is told to trust.',
          next: origins(host) || 'Set OLLAMA_ORIGINS for Ollama to allow where the request comes from, then restart it.',
          detail,
        };
      return {
        what: `${name} refused the API key (${detail}).`,
        cause: 'The key is wrong, has expired, or has no access to this model.',
        next: `Check the key ${place}.`,
        detail,
      };
    case 'unknown-model':
      return {
        what: `${name} does not know this model: ${model} (${detail}).`,
        cause: '',
        next:
          endpoint.provider === 'ollama'
            ? `Download it with \`ollama pull ${endpoint.model || '<model>'}\`, or name one that \`ollama list\` shows.`
            : endpoint.provider === 'openai-compatible'
              ? `Check the model name ${place}: the server lists its models at ${address}/models.`
              : `Check the model name ${place} against ${name}'s list of models.`,
        detail,
      };
    case 'rate-limited':
      return {
        what: `${name} is limiting how often it may be asked (${detail}).`,
        cause: '',
        next: 'Wait a little and try again.',
        detail,
      };
    case 'server':
      return {
        what: `${name} had a server error (${detail}).`,
        cause: 'The fault is on the server’s side.',
        next: 'Try again in a moment.',
        detail,
      };
    case 'timeout':
      return {
        what: `${name} did not answer in time.`,
        cause: 'The server is busy, or the model is slow on this computer.',
        next: 'Try again, or use a smaller model.',
        detail,
      };
    case 'bad-request':
      return {
        what: `${name}${address ? ` at ${address}` : ''} refused the request.`,
        cause: /tool/i.test(said)
          ? `${model} may not support tool calls.`
          : 'The server could not handle it (it may have failed while answering).',
        next: /tool/i.test(said)
          ? 'Pick a model that supports tools.'
          : "Try again; if it keeps happening, look at the server's log or try another model.",
        detail,
      };
    case 'context-overflow':
      return {
        what: `The conversation no longer fits ${model}'s context window.`,
        cause: '',
        next: 'Start a new chat, or use a model with a larger context window.',
        detail,
      };
    default:
      return { what: error.message, cause: '', next: '', detail: '' };
  }
}

/** The explanation as one paragraph, the server's words last. */
export function troubleText(trouble: ProviderTrouble): string {
  const text = joined(trouble.what, trouble.cause, trouble.next);
  return trouble.detail && !trouble.what.includes(trouble.detail) ? `${text} (${trouble.detail})` : text;
}

/** The same failure, its message in plain words (code, retryability and wait kept). */
export function explainedModelError(error: ModelError, endpoint: ProviderEndpoint, host: HostHints = {}): ModelError {
  if (error.code === 'aborted' || error.code === 'unexpected') return error;
  const options = { cause: error, ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }) };
  return new ModelError(error.code, troubleText(explainModelError(error, endpoint, host)), error.retryable, options);
}

/**
 * A failure met outside the AI SDK (a host's cheap reachability check): an HTTP error
 * response, or the network's own error, classified as a model call's would be.
 */
export function requestFailure(failure: { status: number; body: string; url: string } | { error: unknown }, label: string): ModelError {
  if ('error' in failure) return classifyModelError(failure.error, label);
  const error = new APICallError({
    message: `HTTP ${failure.status}`,
    url: failure.url,
    requestBodyValues: {},
    statusCode: failure.status,
    responseBody: failure.body,
  });
  return classifyModelError(error, label);
}
