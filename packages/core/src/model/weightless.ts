import type { CallOptions, GenerateResult, LanguageModel, Prompt, StreamPart, StreamResult } from './spec';

// A language model with no weights: a function from the history to the next reply. The
// command interpreter and the scripted test model are both this; to the loop they are
// models like any other, through the AI SDK's interface.

export type WeightlessReply = { text?: string; calls?: { id: string; name: string; input: Record<string, unknown> }[] };

export abstract class WeightlessModel implements LanguageModel {
  readonly specificationVersion = 'v4';
  readonly supportedUrls = {};

  constructor(
    readonly provider: string,
    readonly modelId: string,
  ) {}

  protected abstract reply(prompt: Prompt): WeightlessReply | Promise<WeightlessReply>;

  private async content(options: CallOptions) {
    const reply = await this.reply(options.prompt);
    return { text: reply.text ?? '', calls: reply.calls ?? [] };
  }

  async doGenerate(options: CallOptions): Promise<GenerateResult> {
    const { text, calls } = await this.content(options);
    return {
      content: [
        ...(text ? [{ type: 'text' as const, text }] : []),
        ...calls.map((c) => ({ type: 'tool-call' as const, toolCallId: c.id, toolName: c.name, input: JSON.stringify(c.input) })),
      ],
      finishReason: { unified: calls.length ? 'tool-calls' : 'stop', raw: undefined },
      usage: {
        inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: undefined, text: undefined, reasoning: undefined },
      },
      warnings: [],
    };
  }

  async doStream(options: CallOptions): Promise<StreamResult> {
    const { text, calls } = await this.content(options);
    const parts: StreamPart[] = [{ type: 'stream-start', warnings: [] }];
    if (text) parts.push({ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: text }, { type: 'text-end', id: 't' });
    for (const c of calls) parts.push({ type: 'tool-call', toolCallId: c.id, toolName: c.name, input: JSON.stringify(c.input) });
    parts.push({
      type: 'finish',
      finishReason: { unified: calls.length ? 'tool-calls' : 'stop', raw: undefined },
      usage: {
        inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: undefined, text: undefined, reasoning: undefined },
      },
    });
    return {
      stream: new ReadableStream({
        start(controller) {
          for (const part of parts) controller.enqueue(part);
          controller.close();
        },
      }),
    };
  }
}
