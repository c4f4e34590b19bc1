import { jsonrepair } from 'jsonrepair';

// The text protocol, for models without native tool calling: tools are described in the
// prompt, and the model writes calls as
//   <tool_call>{"name": "click", "arguments": {"ref": "e12"}}</tool_call>
// The parser repairs the usual mistakes (code fences, a missing closing tag, sloppy JSON,
// `function` instead of `name`, arguments given as a JSON string or under another key)
// and, when a call cannot be repaired, says exactly what the expected format is.

export interface TextToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

export interface ParsedReply {
  /** The reply with the calls taken out. */
  text: string;
  calls: TextToolCall[];
  /** One message per call that could not be read, written for the model. */
  errors: string[];
}

export const EXPECTED_FORMAT = '<tool_call>{"name": "click", "arguments": {"ref": "e12"}}</tool_call>';

const TAG = /<\s*(tool[_-]?call|function[_-]?call)\s*>([\s\S]*?)(?:<\s*\/\s*\1\s*>|(?=<\s*(?:tool[_-]?call|function[_-]?call)\s*>)|$)/gi;

function stripFences(text: string): string {
  return text
    .trim()
    .replace(/^```(?:json|tool_call)?\s*/i, '')
    .replace(/\s*```$/, '')
    .trim();
}

/**
 * Parses JSON as a model wrote it: strict first, then through jsonrepair, which fixes what
 * small models get wrong (single quotes, bare keys, Python's True/None, comments, raw
 * newlines in strings, trailing commas, missing closing brackets).
 */
function repairJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return JSON.parse(jsonrepair(raw));
  }
}

function firstObject(text: string): string | null {
  const start = text.indexOf('{');
  return start < 0 ? null : text.slice(start);
}

function trimTrailing(json: string): string {
  // Keep the outermost object only: drop prose a model writes after it.
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < json.length; i++) {
    const char = json[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return json.slice(0, i + 1);
  }
  return json;
}

function toCall(value: unknown): TextToolCall | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'the call is not a JSON object';
  const record: Record<string, unknown> = Object.fromEntries(Object.entries(value));
  // {"function": {"name": ..., "arguments": ...}} (OpenAI-style) or {"function": "click", ...}
  const fn = record.function;
  if (typeof fn === 'object' && fn !== null && !Array.isArray(fn)) return toCall(fn);
  const name = record.name ?? record.tool ?? record.tool_name ?? fn;
  if (typeof name !== 'string' || !name.trim()) return 'the call has no "name"';
  let args: unknown = record.arguments ?? record.args ?? record.parameters ?? record.input ?? record.params ?? {};
  if (typeof args === 'string') {
    const text = stripFences(args);
    // Only an object counts: jsonrepair would turn any words into a JSON string.
    if (text && !text.startsWith('{')) return `the arguments of ${name} are a string that is not JSON`;
    try {
      args = text ? repairJson(text) : {};
    } catch {
      return `the arguments of ${name} are a string that is not JSON`;
    }
  }
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return `the arguments of ${name} are not an object`;
  return { name: name.trim(), arguments: Object.fromEntries(Object.entries(args)) };
}

function parseOne(body: string): TextToolCall | string {
  const json = firstObject(stripFences(body));
  if (!json) return 'there is no JSON object inside <tool_call>';
  try {
    return toCall(repairJson(trimTrailing(json)));
  } catch (error) {
    return `its JSON cannot be read (${error instanceof Error ? error.message : String(error)})`;
  }
}

export function parseToolCalls(reply: string): ParsedReply {
  const calls: TextToolCall[] = [];
  const errors: string[] = [];
  let text = reply;
  const tagged = [...reply.matchAll(TAG)];
  if (tagged.length) {
    for (const match of tagged) {
      const parsed = parseOne(match[2] ?? '');
      if (typeof parsed === 'string') errors.push(`A tool call could not be read: ${parsed}.`);
      else calls.push(parsed);
      text = text.replace(match[0], '');
    }
  } else {
    // No tags: a bare JSON call, fenced or not ({"name": ..., "arguments": ...}).
    const fenced = /```(?:json)?\s*(\{[\s\S]*?\})\s*```/i.exec(reply);
    const bare = fenced?.[1] ?? (/^\s*\{[\s\S]*"(?:name|function)"[\s\S]*\}\s*$/.test(reply) ? reply : null);
    if (bare) {
      const parsed = parseOne(bare);
      if (typeof parsed !== 'string') {
        calls.push(parsed);
        text = text.replace(fenced?.[0] ?? bare, '');
      }
    }
  }
  return { text: text.trim(), calls, errors };
}

/** What the model is told when its reply has a call that cannot be read. */
export function formatHelp(errors: string[]): string {
  return `${errors.join(' ')} Write each call exactly like this, one per tag, with the arguments as a JSON object:\n${EXPECTED_FORMAT}`;
}

export interface ToolDescription {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** The system-prompt section that teaches the protocol and lists the tools. */
export function describeTools(tools: ToolDescription[]): string {
  const lines = tools.map((tool) => `- ${tool.name}: ${tool.description}\n  arguments: ${JSON.stringify(tool.parameters)}`);
  return [
    'You act by calling tools. To call one, write exactly:',
    EXPECTED_FORMAT,
    'Write one or more such calls in a reply and nothing after the last one; the results come back in the next message.',
    'Tools:',
    ...lines,
  ].join('\n');
}
