import { REQUEST, type ParsedRequest, type Replies } from '../lib/messages';

// Answers requests from the side panel and the options page. Every request is checked
// here — who sent it (only this extension's own pages), and its shape — and every reply is
// `{ ok: true, … }` or `{ ok: false, error }` with a sentence to show. What a request does
// is its feature's: each folder's handlers.ts registers the requests it owns, and the map
// of them all (handlers.ts) has a handler for every request type or does not compile.

/** Each request type with its parsed request. */
type RequestOf = { [T in ParsedRequest['type']]: Extract<ParsedRequest, { type: T }> };

export type RequestType = keyof RequestOf;

/** Answers one request type; a thrown error becomes `{ ok: false, error }` with its message. */
export type Handler<T extends RequestType> = (request: RequestOf[T]) => Promise<Replies[T]>;

/** The handlers a feature registers, one for each request type it owns. */
export type Handlers<T extends RequestType> = { [K in T]: Handler<K> };

/** A handler for every request type there is. */
export type HandlerMap = Handlers<RequestType>;

/** The sender fields the router reads (chrome.runtime.MessageSender, or a port's sender). */
export interface Sender {
  id?: string;
  url?: string;
}

/**
 * Whether a message comes from one of this extension's own pages (side panel, options,
 * site permissions, welcome). Content scripts run in web pages and will bring messages of
 * their own; until then nothing from a page, or from another extension, is answered.
 */
export function fromOwnPage(sender: Sender, extensionId: string): boolean {
  if (sender.id !== extensionId || typeof sender.url !== 'string') return false;
  const page = `chrome-extension://${extensionId}/`;
  // The page helpers' frame lives inside web pages (any page may load it): it speaks only on its own paired port, never here.
  return sender.url.startsWith(page) && !sender.url.startsWith(`${page}helper-frame.html`);
}

/** Hands a request to its type's handler (the type and the request travel together, so each handler gets its own). */
function dispatch<T extends RequestType>(handlers: HandlerMap, type: T, request: RequestOf[T]): Promise<Replies[T]> {
  const handler: Handler<T> = handlers[type];
  return handler(request);
}

export function makeRouter(extensionId: string, handlers: HandlerMap) {
  return async function route(message: unknown, sender: Sender): Promise<unknown> {
    if (!fromOwnPage(sender, extensionId)) return { ok: false, error: 'Wayfinder answers only its own pages.' };
    const parsed = REQUEST.safeParse(message);
    if (!parsed.success)
      return { ok: false, error: `Wayfinder could not read that request: ${parsed.error.issues.map((i) => i.message).join('; ')}` };
    const request = parsed.data;
    try {
      return { ok: true, ...(await dispatch(handlers, request.type, request)) };
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  };
}
