import type { Prompt, ToolResultOutput } from './spec';

// Reading a history the way the weightless models need: the task, the calls made so far
// with their results, and the page state that tool results carried.

/** What comes before the task in the first user message (agent/agent.ts writes it; this reads it). */
export const TASK_PREFIX = 'Task: ';

export interface MadeCall {
  id: string;
  name: string;
  input: unknown;
  /** The result text, or null if no result came back yet. */
  result: string | null;
  isError: boolean;
}

export function outputText(output: ToolResultOutput): string {
  if (output.type === 'text' || output.type === 'error-text') return output.value;
  if (output.type === 'content') return output.value.map((v) => (v.type === 'text' ? v.text : '')).join('');
  return JSON.stringify(output);
}

/** The task as the person wrote it (the first user message, after "Task: "). */
export function taskOf(prompt: Prompt): string {
  for (const message of prompt) {
    if (message.role !== 'user') continue;
    const text = message.content.map((p) => (p.type === 'text' ? p.text : '')).join('');
    const at = text.indexOf(TASK_PREFIX);
    if (at < 0) continue;
    const rest = text.slice(at + TASK_PREFIX.length);
    const end = rest.indexOf('\n\n');
    return (end < 0 ? rest : rest.slice(0, end)).trim();
  }
  return '';
}

export function callsMade(prompt: Prompt): MadeCall[] {
  const calls: MadeCall[] = [];
  const byId = new Map<string, MadeCall>();
  for (const message of prompt) {
    if (message.role === 'assistant') {
      for (const part of message.content) {
        if (part.type !== 'tool-call') continue;
        const call: MadeCall = { id: part.toolCallId, name: part.toolName, input: part.input, result: null, isError: false };
        calls.push(call);
        byId.set(call.id, call);
      }
    } else if (message.role === 'tool') {
      for (const part of message.content) {
        if (part.type !== 'tool-result') continue;
        const call = byId.get(part.toolCallId);
        if (!call) continue;
        call.result = outputText(part.output);
        call.isError = part.output.type === 'error-text' || part.output.type === 'error-json';
      }
    }
  }
  return calls;
}

/** Every text the prompt carries from the page (user messages and tool results), newest first. */
export function pageTexts(prompt: Prompt): string[] {
  const texts: string[] = [];
  for (const message of prompt) {
    if (message.role === 'user') texts.push(message.content.map((p) => (p.type === 'text' ? p.text : '')).join(''));
    if (message.role === 'tool') for (const part of message.content) if (part.type === 'tool-result') texts.push(outputText(part.output));
  }
  return texts.reverse();
}

export interface RefLine {
  ref: string;
  role: string;
  name: string;
}

const REF_LINE = /\[((?:f\d+)*e\d+)\] (\S+)(?: ("(?:[^"\\]|\\.)*"))?/g;

/** The controls a text lists, as [ref] role "name". */
export function refLines(text: string): RefLine[] {
  const lines: RefLine[] = [];
  for (const match of text.matchAll(REF_LINE)) {
    let name = '';
    if (match[3]) {
      try {
        const parsed: unknown = JSON.parse(match[3]);
        name = typeof parsed === 'string' ? parsed : '';
      } catch {
        name = match[3].slice(1, -1);
      }
    }
    lines.push({ ref: match[1] ?? '', role: match[2] ?? '', name });
  }
  return lines;
}
