// What a command works with: the process's streams, environment and Ctrl+C, passed in so
// tests and the demo can give their own.

export type Env = Record<string, string | undefined>;

export interface Output {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface Io {
  stdin: NodeJS.ReadableStream;
  stdout: Output;
  stderr: Output;
  env: Env;
  /** Where Ctrl+C is heard; the run stops at the first, quits at the second. */
  onInterrupt(handler: () => void): () => void;
}

/** The real process: its streams, environment and signals. */
export function processIo(): Io {
  const handlers: (() => void)[] = [];
  let interrupts = 0;
  const onSignal = () => {
    interrupts++;
    const handler = handlers.at(-1);
    // Nothing to stop gracefully, or asked twice: quit (the exit hook reaps browsers we started).
    if (!handler || interrupts > 1) process.exit(130);
    handler();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    onInterrupt: (handler) => {
      handlers.push(handler);
      return () => {
        const at = handlers.indexOf(handler);
        if (at >= 0) handlers.splice(at, 1);
      };
    },
  };
}
