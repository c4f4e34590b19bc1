import type { Prompt, PromptMessage, ToolResultOutput } from '../model/spec';

// A task whose worker was stopped mid-step (Chrome stops idle extension workers) comes back
// from its last saved state. Calls that were made but never answered get an answer that
// says so, so the history is well-formed and the model knows to look before repeating.

export const INTERRUPTED_RESULT =
  'This call was interrupted: the browser restarted the agent before it finished. It may or may not have taken effect; check the page before doing it again.';

/** Adds a result to every tool call in the history that has none; returns how many it added. */
export function answerInterruptedCalls(messages: Prompt): number {
  let added = 0;
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    if (message?.role !== 'assistant') continue;
    const calls = message.content.flatMap((part) => (part.type === 'tool-call' ? [part] : []));
    if (!calls.length) continue;
    let results = messages[i + 1];
    if (results?.role !== 'tool') {
      const created: PromptMessage = { role: 'tool', content: [] };
      messages.splice(i + 1, 0, created);
      results = created;
    }
    const answered = new Set(results.content.flatMap((part) => (part.type === 'tool-result' ? [part.toolCallId] : [])));
    for (const call of calls) {
      if (answered.has(call.toolCallId)) continue;
      results.content.push({
        type: 'tool-result',
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        output: { type: 'error-text', value: INTERRUPTED_RESULT },
      });
      added++;
    }
  }
  return added;
}

type ContentItem = Extract<ToolResultOutput, { type: 'content' }>['value'][number];

/** An image saved by an earlier version (AI SDK 6 wrote `file-data` items) in today's shape. */
function upgradeItem(item: ContentItem): ContentItem {
  const saved: unknown = item;
  if (typeof saved !== 'object' || saved === null || !('type' in saved) || saved.type !== 'file-data') return item;
  const data = 'data' in saved && typeof saved.data === 'string' ? saved.data : '';
  const mediaType = 'mediaType' in saved && typeof saved.mediaType === 'string' ? saved.mediaType : 'image/png';
  return { type: 'file', data: { type: 'data', data }, mediaType };
}

/** A history saved before the move to the current model spec, readable again (the extension keeps task state across updates). */
export function upgradeSavedMessages(messages: Prompt): Prompt {
  return messages.map((message): PromptMessage => {
    if (message.role !== 'tool') return message;
    return {
      ...message,
      content: message.content.map((part) =>
        part.type === 'tool-result' && part.output.type === 'content'
          ? { ...part, output: { ...part.output, value: part.output.value.map(upgradeItem) } }
          : part,
      ),
    };
  });
}
