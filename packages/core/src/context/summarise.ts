import type { Prompt, PromptMessage } from '../model/spec';
import { callModel } from '../model/step';
import type { ModelSlot } from '../model/slot';
import { estimatePrompt } from './tokens';

// When the prompt passes 80% of the model's window, the middle of the history (everything
// between the task and the last few rounds) is replaced by a summary written by the
// summariser role. The summary keeps what the task needs to go on.

export const SUMMARY_THRESHOLD = 0.8;
/** The system prompt and the task: never summarised. */
const HEAD = 2;

const INSTRUCTIONS = `Summarise this part of a browser agent's work so it can continue without it. Write plain text with these headings:
Done: each step taken and what it achieved.
Pending: what is left to do for the task.
Values: every value the user gave (names, addresses, numbers, choices), copied exactly.
Page: where the agent is now (site, page) and any refs still relevant.
Be brief; leave out page text that is no longer needed.`;

function transcript(messages: PromptMessage[]): string {
  const lines: string[] = [];
  for (const message of messages) {
    if (message.role === 'system') continue;
    for (const part of message.content) {
      if (part.type === 'text') lines.push(`${message.role}: ${part.text}`);
      else if (part.type === 'tool-call') lines.push(`call: ${part.toolName}(${JSON.stringify(part.input)})`);
      else if (part.type === 'tool-result') {
        const output = part.output;
        const text =
          output.type === 'text' || output.type === 'error-text'
            ? output.value
            : output.type === 'content'
              ? output.value.map((v) => (v.type === 'text' ? v.text : '[image]')).join('')
              : JSON.stringify(output);
        lines.push(`result of ${part.toolName}: ${text.slice(0, 1500)}`);
      }
    }
  }
  return lines.join('\n');
}

/** `overhead`: tokens sent besides the messages (tool schemas or descriptions). */
export function needsSummary(prompt: Prompt, contextWindow: number, overhead = 0): boolean {
  return estimatePrompt(prompt) + overhead > contextWindow * SUMMARY_THRESHOLD;
}

/** Where the kept tail starts: an assistant message, `keepRounds` rounds from the end (or right after the head when there are no more rounds than that). */
function tailStart(prompt: Prompt, keepRounds: number): number {
  const assistants = prompt.flatMap((m, i) => (m.role === 'assistant' ? [i] : []));
  return assistants.length > keepRounds ? (assistants[assistants.length - keepRounds] ?? HEAD) : HEAD;
}

export async function summarise(
  slot: ModelSlot,
  prompt: Prompt,
  keepRounds: number,
  signal: AbortSignal,
): Promise<{ prompt: Prompt; summary: string } | null> {
  const head = prompt.slice(0, HEAD);
  const start = tailStart(prompt, keepRounds);
  const middle = prompt.slice(HEAD, start);
  if (middle.length < 2) return null;
  const result = await callModel(
    slot,
    [
      { role: 'system', content: INSTRUCTIONS },
      { role: 'user', content: [{ type: 'text', text: transcript(middle) }] },
    ],
    [],
    { signal, retries: 2 },
  );
  const summary = result.text.trim();
  if (!summary) return null;
  const note: PromptMessage = {
    role: 'user',
    content: [{ type: 'text', text: `The earlier steps were summarised to save space:\n${summary}` }],
  };
  return { prompt: [...head, note, ...prompt.slice(start)], summary };
}
