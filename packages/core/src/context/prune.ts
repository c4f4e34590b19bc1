import type { Prompt, PromptMessage, ToolResultOutput } from '../model/spec';

// Old page state is the bulk of a long task's history and is stale anyway: beyond the last
// few rounds, snapshots and long results are cut down to the tool's own sentence. What the
// user wrote and the most recent page state are always kept (the page state that came
// with the task goes once it is old, the task's words stay).

const PAGE_STATE = /<page-content[\s\S]*?<\/page-content>/g;
const KEEP_CHARS = 400;

export interface PruneOptions {
  /** Tool rounds (assistant call + results) kept whole, counted from the end. */
  keepRounds: number;
}

const STALE = '[page state from an earlier step, removed: take a snapshot for the page now]';

function hasPageState(message: PromptMessage): boolean {
  if (message.role === 'user') return message.content.some((part) => part.type === 'text' && part.text.includes('<page-content'));
  if (message.role !== 'tool') return false;
  return message.content.some((part) => part.type === 'tool-result' && outputText(part.output).includes('<page-content'));
}

function outputText(output: ToolResultOutput): string {
  if (output.type === 'text' || output.type === 'error-text') return output.value;
  if (output.type === 'content') return output.value.map((item) => (item.type === 'text' ? item.text : '')).join('');
  return '';
}

function shorten(output: ToolResultOutput): ToolResultOutput {
  const text = outputText(output);
  let short = text.replace(PAGE_STATE, STALE);
  if (short.length > KEEP_CHARS) short = `${short.slice(0, KEEP_CHARS)}… [rest removed]`;
  if (output.type === 'error-text') return { type: 'error-text', value: short };
  return { type: 'text', value: short };
}

export function prunePrompt(prompt: Prompt, options: PruneOptions): Prompt {
  const toolIndexes = prompt.flatMap((m, i) => (m.role === 'tool' ? [i] : []));
  const keepFrom = toolIndexes.length > options.keepRounds ? (toolIndexes[toolIndexes.length - options.keepRounds] ?? 0) : 0;
  const latestPage = prompt.reduce((found, m, i) => (hasPageState(m) ? i : found), -1);
  return prompt.map((message, index) => {
    if (index >= keepFrom || index === latestPage) return message;
    if (message.role === 'user') {
      return {
        ...message,
        content: message.content.map((part) => (part.type === 'text' ? { ...part, text: part.text.replace(PAGE_STATE, STALE) } : part)),
      };
    }
    if (message.role !== 'tool') return message;
    return {
      ...message,
      content: message.content.map((part) => (part.type === 'tool-result' ? { ...part, output: shorten(part.output) } : part)),
    };
  });
}
