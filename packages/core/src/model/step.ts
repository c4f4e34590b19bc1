import type { JSONSchema7 } from '@ai-sdk/provider';
import type { FunctionTool, Prompt, PromptMessage, StreamPart } from './spec';
import { z } from 'zod';
import { classifyModelError, ModelError, withRetry } from './errors';
import { explainedModelError } from './explain';
import type { ModelSlot } from './slot';
import { describeTools, formatHelp, parseToolCalls, type ToolDescription } from './text-protocol';

// One model call: the history goes in, text and tool calls come out. Natively, through
// the provider's tool calling; otherwise through the text protocol. Streams text as it
// arrives, retries what can be retried, and counts tokens.

export interface ToolCallRequest {
  id: string;
  name: string;
  /** Parsed arguments; a string when the model sent arguments that are not JSON. */
  input: unknown;
}

export interface StepUsage {
  inputTokens: number;
  outputTokens: number;
  /** False when the provider gave no counts and these are estimates. */
  reported: boolean;
}

export interface StepResult {
  text: string;
  calls: ToolCallRequest[];
  /** Calls that could not be read (text protocol), as a message for the model. */
  parseError: string | null;
  usage: StepUsage;
  finishReason: string;
}

export interface StepOptions {
  signal: AbortSignal;
  onTextDelta?: (delta: string) => void;
  onRetry?: (message: string) => void;
  retries?: number;
}

/** What a model is offered of a tool: its name, description and input schema (a Tool is one). */
export interface ToolSpec {
  name: string;
  description: string;
  input: z.ZodObject<Record<string, z.ZodType>>;
}

export function toolSchema(tool: ToolSpec): Record<string, unknown> {
  const schema: Record<string, unknown> = z.toJSONSchema(tool.input, { target: 'draft-7', io: 'input' });
  delete schema.$schema;
  return schema;
}

function functionTools(tools: ToolSpec[]): FunctionTool[] {
  return tools.map((tool) => {
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- zod emits draft-7 JSON Schema, as asked above
    const inputSchema = toolSchema(tool) as JSONSchema7;
    return { type: 'function', name: tool.name, description: tool.description, inputSchema };
  });
}

/** Rewrites a tool-using history for a model that only reads and writes text. */
export function toTextPrompt(prompt: Prompt, tools: ToolDescription[], vision: boolean): Prompt {
  const out: Prompt = [];
  for (const message of prompt) {
    if (message.role === 'system') {
      // A call with no tools (the summariser, a connection test) is plain chat.
      out.push({ role: 'system', content: tools.length ? `${message.content}\n\n${describeTools(tools)}` : message.content });
    } else if (message.role === 'assistant') {
      const text = message.content
        .map((part) => {
          if (part.type === 'text') return part.text;
          if (part.type === 'tool-call') return `<tool_call>${JSON.stringify({ name: part.toolName, arguments: part.input })}</tool_call>`;
          return '';
        })
        .filter(Boolean)
        .join('\n');
      out.push({ role: 'assistant', content: [{ type: 'text', text }] });
    } else if (message.role === 'tool') {
      const content: Extract<PromptMessage, { role: 'user' }>['content'] = [];
      for (const part of message.content) {
        if (part.type !== 'tool-result') continue;
        const output = part.output;
        let body = '';
        if (output.type === 'text' || output.type === 'error-text') body = output.value;
        else if (output.type === 'content') {
          for (const item of output.value) {
            if (item.type === 'text') body += item.text;
            else if (item.type === 'file' && vision) content.push({ type: 'file', data: item.data, mediaType: item.mediaType });
          }
        } else body = JSON.stringify(output.type === 'json' || output.type === 'error-json' ? output.value : output);
        const error = output.type === 'error-text' || output.type === 'error-json' ? ' error="true"' : '';
        content.unshift({ type: 'text', text: `<tool_result name="${part.toolName}"${error}>\n${body}\n</tool_result>` });
      }
      out.push({ role: 'user', content });
    } else {
      out.push(message);
    }
  }
  return out;
}

function estimate(text: string): number {
  return Math.ceil(text.length / 3.5);
}

async function streamOnce(slot: ModelSlot, prompt: Prompt, tools: ToolSpec[], options: StepOptions): Promise<StepResult> {
  const native = slot.toolMode === 'native';
  const callPrompt = native
    ? prompt
    : toTextPrompt(
        prompt,
        tools.map((t) => ({ name: t.name, description: t.description, parameters: toolSchema(t) })),
        slot.vision,
      );
  const { stream } = await slot.model.doStream({
    prompt: callPrompt,
    ...(native && tools.length ? { tools: functionTools(tools), toolChoice: { type: 'auto' as const } } : {}),
    ...(slot.maxOutputTokens ? { maxOutputTokens: slot.maxOutputTokens } : {}),
    ...(slot.providerOptions ? { providerOptions: slot.providerOptions } : {}),
    abortSignal: options.signal,
  });
  let text = '';
  const calls: ToolCallRequest[] = [];
  let usage: StepUsage | null = null;
  let finishReason = 'other';
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const part: StreamPart = value;
    if (part.type === 'text-delta') {
      text += part.delta;
      options.onTextDelta?.(part.delta);
    } else if (part.type === 'tool-call') {
      let input: unknown;
      try {
        input = part.input.trim() ? JSON.parse(part.input) : {};
      } catch {
        input = part.input;
      }
      calls.push({ id: part.toolCallId, name: part.toolName, input });
    } else if (part.type === 'finish') {
      finishReason = part.finishReason.unified;
      const inputTokens = part.usage.inputTokens.total;
      const outputTokens = part.usage.outputTokens.total;
      if (inputTokens !== undefined && outputTokens !== undefined) usage = { inputTokens, outputTokens, reported: true };
    } else if (part.type === 'error') {
      throw part.error;
    }
  }
  let parseError: string | null = null;
  if (!native) {
    const parsed = parseToolCalls(text);
    parsed.calls.forEach((call, i) => calls.push({ id: `call-${Date.now().toString(36)}-${i}`, name: call.name, input: call.arguments }));
    if (parsed.errors.length) parseError = formatHelp(parsed.errors);
    // With nothing readable, the history keeps what the model wrote, so it can see its mistake.
    text = parsed.errors.length && !parsed.calls.length ? text : parsed.text;
  }
  usage ??= { inputTokens: estimate(JSON.stringify(callPrompt)), outputTokens: estimate(text) + calls.length * 20, reported: false };
  return { text, calls, parseError, usage, finishReason };
}

/** What servers say when a model cannot take tool definitions (Ollama, vLLM, LM Studio, …). */
const NO_TOOLS = /does not support tools|does not support (?:function|tool) calling|tools? (?:are|is) not supported|tool choice requires/i;

export async function callModel(slot: ModelSlot, prompt: Prompt, tools: ToolSpec[], options: StepOptions): Promise<StepResult> {
  if (options.signal.aborted) throw new ModelError('aborted', 'The task was stopped.', false);
  const attempt = () =>
    withRetry(() => streamOnce(slot, prompt, tools, options), slot.label, {
      retries: options.retries ?? 3,
      baseDelayMs: 800,
      signal: options.signal,
      onRetry: (error, n, delay) => options.onRetry?.(`${error.message} Retrying (${n}) in ${(delay / 1000).toFixed(1)} s.`),
    });
  // The person reads the final failure: in plain words when the slot says which server it is.
  const explained = (failure: ModelError) => (slot.endpoint ? explainedModelError(failure, slot.endpoint, slot.host) : failure);
  try {
    return await attempt();
  } catch (error) {
    const failure = classifyModelError(error, slot.label);
    if (failure.code !== 'bad-request' || slot.toolMode !== 'native' || !tools.length || !NO_TOOLS.test(failure.message))
      throw explained(failure);
    // The model has no tool calling: use the text protocol from now on (the slot remembers).
    slot.toolMode = 'text';
    options.onRetry?.(`${slot.label} does not take tool definitions; switching to the text protocol.`);
    try {
      return await attempt();
    } catch (second) {
      throw explained(classifyModelError(second, slot.label));
    }
  }
}
