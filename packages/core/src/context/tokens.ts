import type { Prompt, PromptMessage } from '../model/spec';

// Token estimates for prompts (exact counts depend on each model's tokenizer, which core
// does not carry): about 3.5 characters a token for Latin text, one a character for other
// scripts, and a flat cost per image.

const IMAGE_TOKENS = 1000;

export function estimateText(text: string): number {
  let other = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) other++;
  return Math.ceil((text.length - other) / 3.5 + other);
}

export function estimateMessage(message: PromptMessage): number {
  const overhead = 4;
  if (message.role === 'system') return overhead + estimateText(message.content);
  let total = overhead;
  for (const part of message.content) {
    if (part.type === 'text' || part.type === 'reasoning') total += estimateText(part.text);
    else if (part.type === 'file') total += IMAGE_TOKENS;
    else if (part.type === 'tool-call') total += estimateText(part.toolName + JSON.stringify(part.input)) + 8;
    else if (part.type === 'tool-result') {
      const output = part.output;
      if (output.type === 'text' || output.type === 'error-text') total += estimateText(output.value);
      else if (output.type === 'content') {
        for (const item of output.value) total += item.type === 'text' ? estimateText(item.text) : IMAGE_TOKENS;
      } else total += estimateText(JSON.stringify(output));
    }
  }
  return total;
}

export function estimatePrompt(prompt: Prompt): number {
  return prompt.reduce((sum, message) => sum + estimateMessage(message), 0);
}
