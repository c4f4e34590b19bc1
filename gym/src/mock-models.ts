import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// Fake model servers that speak the real wire formats — OpenAI-compatible chat completions
// (SSE, tool calls streamed in pieces) and Ollama's native /api/chat (NDJSON) — so the AI
// SDK's own provider code is what the tests exercise. Their "model" is a brain: a function
// from the request's messages to a reply (core's `wireScript` plays a scripted model).

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

export interface MockModelServer {
  /** The address to give Wayfinder (OpenAI-compatible: …/v1; Ollama: the server root). */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** A brain decides each reply from the request's messages (core's `wireScript` plays a script). */
export type Brain = (messages: unknown[]) => { text?: string; calls?: { name: string; input: Record<string, unknown> }[] };

export interface MockOptions {
  /** Answer 401 unless the request carries `Authorization: Bearer <key>`. */
  requireKey?: string;
  /** Wait this long before each answer (to stop or restart things mid-task). */
  delayMs?: number;
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  return typeof parsed === 'object' && parsed !== null ? Object.fromEntries(Object.entries(parsed)) : {};
}

async function serve(
  delayMs: number | undefined,
  handle: (req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>) => void,
  base: string,
): Promise<MockModelServer> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    readBody(req)
      .then(async (body) => {
        requests.push({ path: req.url ?? '', headers: req.headers, body });
        if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
        handle(req, res, body);
      })
      .catch((error: unknown) => {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: String(error) } }));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // eslint-disable-line @typescript-eslint/consistent-type-assertions -- listen() on a TCP port gives AddressInfo
  return {
    url: `http://127.0.0.1:${port}${base}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function messagesOf(body: Record<string, unknown>): unknown[] {
  return Array.isArray(body.messages) ? body.messages : [];
}

/** POST /v1/chat/completions, streamed as OpenAI does: SSE chunks, arguments in pieces, usage last. */
export function startOpenAICompatible(brain: Brain, model = 'mock-gpt', options: MockOptions = {}): Promise<MockModelServer> {
  return serve(
    options.delayMs,
    (req, res, body) => {
      // As OpenAI's API does: the key is checked first, on every path (the model list too).
      if (options.requireKey && req.headers.authorization !== `Bearer ${options.requireKey}`) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } }),
        );
        return;
      }
      if (req.url === '/v1/models' && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', data: [{ id: model, object: 'model', created: 0, owned_by: 'mock' }] }));
        return;
      }
      if (req.url !== '/v1/chat/completions' || req.method !== 'POST') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `Unknown path ${req.url ?? ''}` } }));
        return;
      }
      if (body.model !== model) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: {
              message: `The model \`${String(body.model)}\` does not exist`,
              type: 'invalid_request_error',
              code: 'model_not_found',
            },
          }),
        );
        return;
      }
      const reply = brain(messagesOf(body));
      const base = { id: 'chatcmpl-mock', object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model };
      const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
        `data: ${JSON.stringify({ ...base, choices, ...extra })}\n\n`;
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      res.write(chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]));
      if (reply.text) {
        // In two pieces, as streams arrive.
        const half = Math.ceil(reply.text.length / 2);
        for (const piece of [reply.text.slice(0, half), reply.text.slice(half)])
          res.write(chunk([{ index: 0, delta: { content: piece }, finish_reason: null }]));
      }
      (reply.calls ?? []).forEach((call, index) => {
        const args = JSON.stringify(call.input);
        const cut = Math.floor(args.length / 2);
        res.write(
          chunk([
            {
              index: 0,
              delta: {
                tool_calls: [
                  {
                    index,
                    id: `call_${index}_${Date.now().toString(36)}`,
                    type: 'function',
                    function: { name: call.name, arguments: args.slice(0, cut) },
                  },
                ],
              },
              finish_reason: null,
            },
          ]),
        );
        res.write(chunk([{ index: 0, delta: { tool_calls: [{ index, function: { arguments: args.slice(cut) } }] }, finish_reason: null }]));
      });
      res.write(chunk([{ index: 0, delta: {}, finish_reason: reply.calls?.length ? 'tool_calls' : 'stop' }]));
      const promptTokens = Math.ceil(JSON.stringify(body.messages).length / 4);
      res.write(chunk([], { usage: { prompt_tokens: promptTokens, completion_tokens: 25, total_tokens: promptTokens + 25 } }));
      res.end('data: [DONE]\n\n');
    },
    '/v1',
  );
}

/** POST /api/chat, streamed as Ollama does: one JSON object per line, tool calls whole, counts in the last. */
export function startOllama(brain: Brain, model = 'mock-llama', options: MockOptions & { tools?: boolean } = {}): Promise<MockModelServer> {
  return serve(
    options.delayMs,
    (req, res, body) => {
      if (req.url !== '/api/chat' || req.method !== 'POST') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: `unknown path ${req.url ?? ''}` }));
        return;
      }
      if (body.model !== model) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: `model "${String(body.model)}" not found, try pulling it first` }));
        return;
      }
      if (options.tools === false && Array.isArray(body.tools) && body.tools.length) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: `registry.ollama.ai/library/${model}:latest does not support tools` }));
        return;
      }
      const reply = brain(messagesOf(body));
      const createdAt = new Date().toISOString();
      const line = (value: unknown) => `${JSON.stringify(value)}\n`;
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      if (reply.text) res.write(line({ model, created_at: createdAt, message: { role: 'assistant', content: reply.text }, done: false }));
      if (reply.calls?.length) {
        res.write(
          line({
            model,
            created_at: createdAt,
            message: {
              role: 'assistant',
              content: '',
              tool_calls: reply.calls.map((c) => ({ function: { name: c.name, arguments: c.input } })),
            },
            done: false,
          }),
        );
      }
      const promptTokens = Math.ceil(JSON.stringify(body.messages).length / 4);
      res.end(
        line({
          model,
          created_at: createdAt,
          message: { role: 'assistant', content: '' },
          done: true,
          done_reason: 'stop',
          total_duration: 1_000_000,
          prompt_eval_count: promptTokens,
          eval_count: 20,
        }),
      );
    },
    '',
  );
}
