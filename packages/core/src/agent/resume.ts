import type { LanguageModelV3Message, LanguageModelV3Prompt } from '@ai-sdk/provider';

// A task whose worker was stopped mid-step (Chrome stops idle extension workers) comes back
// from its last saved state. Calls that were made but never answered get an answer that
// says so, so the history is well-formed and the model knows to look before repeating.

export const INTERRUPTED_RESULT = 'This call was interrupted: the browser restarted the agent before it finished. It may or may not have taken effect; check the page before doing it again.';

/** Adds a result to every tool call in the history that has none; returns how many it added. */
export function answerInterruptedCalls(messages: LanguageModelV3Prompt): number {
  let added = 0;
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    if (message?.role !== 'assistant') continue;
    const calls = message.content.flatMap((part) => (part.type === 'tool-call' ? [part] : []));
    if (!calls.length) continue;
    let results = messages[i + 1];
    if (results?.role !== 'tool') {
      const created: LanguageModelV3Message = { role: 'tool', content: [] };
      messages.splice(i + 1, 0, created);
      results = created;
    }
    const answered = new Set(results.content.flatMap((part) => (part.type === 'tool-result' ? [part.toolCallId] : [])));
    for (const call of calls) {
      if (answered.has(call.toolCallId)) continue;
      results.content.push({ type: 'tool-result', toolCallId: call.toolCallId, toolName: call.toolName, output: { type: 'error-text', value: INTERRUPTED_RESULT } });
      added++;
    }
  }
  return added;
}
