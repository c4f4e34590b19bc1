// The web platform core may use: what a service worker and Node 22+ both provide, and
// nothing else. Core's tsconfig has no DOM or WebWorker lib, so `document`, `indexedDB`,
// `self` or `chrome` do not typecheck here; these few standard APIs are declared, in the
// shapes their standards give. Hosts compile core with their own libs, where the full
// declarations apply (this file is in no other program).

export {};

declare global {
  interface Event {
    readonly type: string;
  }

  interface EventTarget {
    addEventListener(type: string, listener: (event: Event) => void, options?: { once?: boolean; signal?: AbortSignal }): void;
    removeEventListener(type: string, listener: (event: Event) => void): void;
  }

  interface AbortSignal extends EventTarget {
    readonly aborted: boolean;
    readonly reason: unknown;
    throwIfAborted(): void;
  }
  var AbortSignal: {
    prototype: AbortSignal;
    timeout(milliseconds: number): AbortSignal;
    any(signals: AbortSignal[]): AbortSignal;
  };

  interface AbortController {
    readonly signal: AbortSignal;
    abort(reason?: unknown): void;
  }
  var AbortController: { prototype: AbortController; new (): AbortController };

  type ReadableStreamReadResult<T> = { done: false; value: T } | { done: true; value?: undefined };

  interface ReadableStreamDefaultReader<R> {
    read(): Promise<ReadableStreamReadResult<R>>;
    releaseLock(): void;
    cancel(reason?: unknown): Promise<void>;
  }

  interface ReadableStreamDefaultController<R> {
    enqueue(chunk: R): void;
    close(): void;
    error(reason?: unknown): void;
  }

  interface UnderlyingDefaultSource<R> {
    start?(controller: ReadableStreamDefaultController<R>): void | Promise<void>;
    pull?(controller: ReadableStreamDefaultController<R>): void | Promise<void>;
    cancel?(reason?: unknown): void | Promise<void>;
  }

  interface ReadableStream<R = unknown> {
    readonly locked: boolean;
    getReader(): ReadableStreamDefaultReader<R>;
    cancel(reason?: unknown): Promise<void>;
  }
  var ReadableStream: { prototype: ReadableStream; new <R = unknown>(source?: UnderlyingDefaultSource<R>): ReadableStream<R> };

  interface URLSearchParams {
    get(name: string): string | null;
    has(name: string): boolean;
    toString(): string;
  }

  interface URL {
    href: string;
    readonly origin: string;
    protocol: string;
    host: string;
    hostname: string;
    port: string;
    pathname: string;
    search: string;
    readonly searchParams: URLSearchParams;
    hash: string;
    toString(): string;
  }
  var URL: { prototype: URL; new (url: string | URL, base?: string | URL): URL; canParse(url: string, base?: string): boolean };

  interface DOMException extends Error {
    readonly code: number;
  }
  var DOMException: { prototype: DOMException; new (message?: string, name?: string): DOMException };

  interface TextEncoder {
    encode(input?: string): Uint8Array;
  }
  var TextEncoder: { prototype: TextEncoder; new (): TextEncoder };

  interface TextDecoder {
    decode(input?: Uint8Array): string;
  }
  var TextDecoder: { prototype: TextDecoder; new (label?: string): TextDecoder };

  // fetch, only as a type: core never calls it, but providers take one (injected in tests).
  interface Headers {
    get(name: string): string | null;
  }

  interface Response {
    readonly ok: boolean;
    readonly status: number;
    readonly headers: Headers;
    readonly body: ReadableStream<Uint8Array> | null;
    text(): Promise<string>;
    json(): Promise<unknown>;
  }

  interface RequestInit {
    method?: string;
    headers?: Record<string, string>;
    body?: string | null;
    signal?: AbortSignal | null;
  }

  function fetch(input: string | URL, init?: RequestInit): Promise<Response>;

  /** A timer's handle: a number in browsers, an object in Node; only ever given back to clearTimeout. */
  type TimerHandle = number | { readonly [Symbol.toPrimitive]?: unknown };

  function setTimeout(handler: (...args: never[]) => void, timeout?: number): TimerHandle;
  function clearTimeout(handle: TimerHandle | undefined): void;
  function setInterval(handler: (...args: never[]) => void, timeout?: number): TimerHandle;
  function clearInterval(handle: TimerHandle | undefined): void;
  function structuredClone<T>(value: T): T;
  function atob(data: string): string;
  function btoa(data: string): string;
}
