// Text that people do not see (aria-label, alt, title, screen-reader-only spans) is used
// for a control's name only when nothing visible names it. Even then, if it reads like
// instructions to an AI, it is withheld: legitimate labels name things, they do not
// give orders to agents. This is a second line behind the visibility rules, not a
// guarantee; issue-level defences (fencing page content as untrusted) sit in core.

const PATTERNS: RegExp[] = [
  /\b(ignore|disregard|forget|override)\b.{0,40}\b(instructions?|prompts?|directions?|rules|guidelines|messages?)\b/i,
  /\b(previous|prior|earlier|above|system)\s+(instructions?|prompts?|messages?)\b/i,
  /\b(you are|you're|act as|pretend to be)\b.{0,30}\b(ai|assistant|agent|language model|llm|chatbot|gpt|claude|gemini)\b/i,
  /\b(ai|llm|gpt|language model|browser|autonomous)\s*(agents?|assistants?|models?|bots?)\b\s*[,:;!-]/i,
  /\b(attention|note|message|instructions?)\s+(to|for)\s+(the\s+)?(ai|llm|assistant|agent|model|bot)s?\b/i,
  /\b(system|admin|developer)\s*(prompt|override|message|instruction|note)\s*[:\]]/i,
  /\bnew\s+(instructions?|task|objective)s?\s*:/i,
  /\bdo\s+not\s+(tell|inform|alert|notify|ask)\s+the\s+user\b/i,
  /\b(send|email|post|transfer|exfiltrate|forward|upload|leak)\b.{0,60}\b(passwords?|credentials?|cookies?|tokens?|secrets?|api\s*keys?|credit\s*cards?|card\s*numbers?|ssn)\b/i,
  /<\/?\s*(system|instructions?|im_start|im_end)\b/i,
  // A chat transcript's speaker tag ("SYSTEM: …", "[assistant]: …") opening the text or a sentence, or shouted anywhere.
  /(?:^|[.!?;]\s+|[\n[(<])\s*(?:system|assistant)\s*[\])>]?\s*:/i,
  /\b(?:SYSTEM|ASSISTANT)\s*:/,
];

export function looksLikeInstructions(text: string): boolean {
  if (text.length < 12) return false;
  return PATTERNS.some((pattern) => pattern.test(text));
}
