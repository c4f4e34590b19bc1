import type { Prompt } from './spec';
import { z } from 'zod';
import { ModelConfigError, ModelError } from './errors';
import type { ModelSlot } from './slot';
import { pageTexts, refLines } from './prompt-reading';
import { WeightlessModel, type WeightlessReply } from './weightless';

// A scripted model for tests and demos: it replies with the next step of a script. String
// arguments may name an element on the page instead of a ref, resolved against the page
// state the history carries (newest first):
//   "$ref(button "Add to cart")"    the control with this role and exact name
//   "$ref(link /^Trail Tent/)"       … or a name matching a regular expression
// A step can also be raw text (for the text protocol, including malformed calls).

export const SCRIPT = z.object({
  /** How the script's model talks: native tool calls (default) or the text protocol. */
  toolMode: z.enum(['native', 'text']).optional(),
  contextWindow: z.number().int().min(1000).optional(),
  steps: z
    .array(
      z.object({
        calls: z.array(z.object({ tool: z.string(), args: z.record(z.string(), z.unknown()).default({}) })).optional(),
        text: z.string().optional(),
      }),
    )
    .min(1),
});

export type Script = z.infer<typeof SCRIPT>;

const PLACEHOLDER = /\$ref\((\S+) (?:"((?:[^"\\]|\\.)*)"|\/(.*?)\/([a-z]*))\)/;
const WHOLE = new RegExp(`^${PLACEHOLDER.source}$`);
const ANYWHERE = new RegExp(PLACEHOLDER.source, 'g');

/** The ref a placeholder names, looked up in page texts (newest first). */
function lookUp(groups: (string | undefined)[], texts: string[], step: number): string {
  const [, role, exact, pattern, flags] = groups;
  const wanted = (name: string) =>
    exact !== undefined ? name === exact.replace(/\\"/g, '"') : new RegExp(pattern ?? '', flags).test(name);
  for (const text of texts) {
    const found = refLines(text).find((line) => line.role === role && wanted(line.name));
    if (found) return found.ref;
  }
  throw new ModelError(
    'unexpected',
    `Script step ${step + 1}: no ${role ?? ''} named ${exact !== undefined ? `"${exact}"` : `/${pattern ?? ''}/`} in the page state so far.`,
    false,
  );
}

/** Replaces placeholders in a script value: a whole-string placeholder in arguments, any inside raw text. */
export function resolvePlaceholders(value: unknown, texts: string[], step: number, inText = false): unknown {
  if (typeof value !== 'string') return value;
  if (inText) return value.replace(ANYWHERE, (...groups: (string | undefined)[]) => lookUp(groups, texts, step));
  const match = WHOLE.exec(value);
  return match ? lookUp([...match], texts, step) : value;
}

/** Step `at` of a script, with its placeholders resolved against the page texts so far. */
export function scriptReply(script: Script, at: number, texts: string[]): WeightlessReply {
  const step = script.steps[at];
  if (!step) return { calls: [{ id: `s${at}`, name: 'done', input: { summary: 'The script has no more steps.', success: false } }] };
  return {
    ...(step.text !== undefined ? { text: String(resolvePlaceholders(step.text, texts, at, true)) } : {}),
    calls: (step.calls ?? []).map((call, i) => ({
      id: `s${at}-${i}`,
      name: call.tool,
      input: Object.fromEntries(Object.entries(call.args).map(([k, v]) => [k, resolvePlaceholders(v, texts, at)])),
    })),
  };
}

export class ScriptedModel extends WeightlessModel {
  private index = 0;

  constructor(
    private readonly script: Script,
    name = 'scripted',
  ) {
    super('wayfinder', name);
  }

  get position(): number {
    return this.index;
  }

  protected reply(prompt: Prompt): WeightlessReply {
    return scriptReply(this.script, this.index++, pageTexts(prompt));
  }
}

/** A model slot for a script given as JSON text (read from a file by the host); `label` names it in messages. */
export function scriptedSlot(source: string, label: string): ModelSlot {
  let json: unknown;
  try {
    json = JSON.parse(source);
  } catch (error) {
    throw new ModelConfigError(`The script ${label} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = SCRIPT.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ModelConfigError(
      `The script ${label} does not fit the format ({"steps": [{"calls": [{"tool": …, "args": {…}}]} or {"text": …}]}): ${problems}`,
    );
  }
  const name = `script ${label}`;
  return {
    model: new ScriptedModel(parsed.data, name),
    label: name,
    contextWindow: parsed.data.contextWindow ?? 100_000,
    toolMode: parsed.data.toolMode ?? 'native',
    vision: false,
  };
}

type WireReply = { text?: string; calls?: { name: string; input: Record<string, unknown> }[] };

function wireMessages(messages: unknown[]): { role: unknown; content?: unknown }[] {
  return messages.filter((m): m is { role: unknown; content?: unknown } => typeof m === 'object' && m !== null && 'role' in m);
}

function wireText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: unknown) => (typeof part === 'object' && part !== null && 'text' in part && typeof part.text === 'string' ? part.text : ''))
    .join('');
}

function wireTexts(messages: unknown[]): string[] {
  return wireMessages(messages)
    .filter((m) => m.role !== 'assistant' && m.role !== 'system')
    .map((m) => wireText(m.content))
    .reverse();
}

function wireReply(script: Script, step: number, texts: string[]): WireReply {
  const reply = scriptReply(script, step, texts);
  return {
    ...(reply.text !== undefined ? { text: reply.text } : {}),
    calls: (reply.calls ?? []).map((c) => ({ name: c.name, input: c.input })),
  };
}

/**
 * A script played over a chat wire format (OpenAI or Ollama messages): the reply to a
 * request whose history holds n assistant turns is step n. For mock provider servers.
 */
export function wireScript(script: Script): (messages: unknown[]) => WireReply {
  return (messages) => wireReply(script, wireMessages(messages).filter((m) => m.role === 'assistant').length, wireTexts(messages));
}

/**
 * A script played in the order requests arrive (for long runs whose history gets pruned or
 * summarised). Requests from the summariser and the background reader get a short text.
 */
export function sequentialScript(script: Script): (messages: unknown[]) => WireReply {
  let step = 0;
  // Like a model that remembers what it read: page state pruned from later prompts still resolves refs.
  const remembered: string[] = [];
  return (messages) => {
    const system = wireText(wireMessages(messages).find((m) => m.role === 'system')?.content);
    if (/summarise|Reply with the single word OK/i.test(system)) return { text: 'A short, plain summary.' };
    const texts = wireTexts(messages);
    remembered.unshift(...texts.filter((t) => !remembered.includes(t)));
    return wireReply(script, step++, [...texts, ...remembered]);
  };
}
