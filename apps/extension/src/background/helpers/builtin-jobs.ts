import { chunks, LANGUAGE_OPTIONS, type BuiltInApis } from '../../lib/builtin-ai';

// Each helper job on its built-in API: summarise → Summarizer, rewrite → Rewriter (or the
// Proofreader for "Fix grammar"), write → Writer, explain → the Prompt API. Every session
// is destroyed when its stream ends or fails.

export type Job = 'explain' | 'rewrite' | 'write' | 'summarise';

export interface JobInput {
  system: string;
  prompt: string;
  /** A picture to explain, as a data URL (explain needs a vision-capable model for it). */
  image?: string;
  /** The text to rewrite or summarise on its own (the built-in Rewriter and Summarizer take it apart from the instruction). */
  text?: string;
  /** The rewrite preset ("Shorter", "Professional", …) or the person's own instruction. */
  instruction?: string;
}

/** Rewrite presets the Rewriter has options for; others go as the instruction in `context`. */
const REWRITER_PRESETS: Record<string, Record<string, string>> = {
  shorter: { length: 'shorter' },
  expand: { length: 'longer' },
  professional: { tone: 'more-formal' },
  friendly: { tone: 'more-casual' },
  conversational: { tone: 'more-casual' },
};

async function* destroying<T extends { destroy(): void }>(session: T, stream: (s: T) => AsyncIterable<string>): AsyncIterable<string> {
  try {
    yield* stream(session);
  } finally {
    session.destroy();
  }
}

function missing(name: string): never {
  throw new Error(`Chrome's ${name} is not offered here.`);
}

export async function* builtInStream(job: Job, input: JobInput, apis: BuiltInApis, signal: AbortSignal): AsyncIterable<string> {
  const text = input.text ?? input.prompt;
  switch (job) {
    case 'summarise': {
      const api = apis.Summarizer ?? missing('Summarizer');
      const session = await api.create({ ...LANGUAGE_OPTIONS.Summarizer, type: 'tldr', format: 'plain-text', length: 'medium', signal });
      yield* destroying(session, (s) => chunks(s.summarizeStreaming(text, { context: input.system, signal }), signal));
      return;
    }
    case 'rewrite': {
      const instruction = (input.instruction ?? '').trim();
      if (/^fix grammar$/i.test(instruction) && apis.Proofreader) {
        const session = await apis.Proofreader.create({ ...LANGUAGE_OPTIONS.Proofreader, signal });
        try {
          yield (await session.proofread(text)).correctedInput;
        } finally {
          session.destroy();
        }
        return;
      }
      const api = apis.Rewriter ?? missing('Rewriter');
      const preset = REWRITER_PRESETS[instruction.toLowerCase()] ?? {};
      const session = await api.create({ ...LANGUAGE_OPTIONS.Rewriter, format: 'plain-text', ...preset, signal });
      const context = preset.tone || preset.length ? undefined : instruction || input.system;
      yield* destroying(session, (s) => chunks(s.rewriteStreaming(text, { ...(context ? { context } : {}), signal }), signal));
      return;
    }
    case 'write': {
      const api = apis.Writer ?? missing('Writer');
      const session = await api.create({ ...LANGUAGE_OPTIONS.Writer, format: 'plain-text', sharedContext: input.system, signal });
      yield* destroying(session, (s) => chunks(s.writeStreaming(input.prompt, { signal }), signal));
      return;
    }
    case 'explain': {
      const api = apis.LanguageModel ?? missing('Prompt API');
      const session = await api.create({
        expectedInputs: [{ type: 'text', languages: ['en'] }],
        expectedOutputs: [{ type: 'text', languages: ['en'] }],
        initialPrompts: [{ role: 'system', content: input.system }],
        signal,
      });
      yield* destroying(session, (s) => chunks(s.promptStreaming([{ role: 'user', content: input.prompt }], { signal }), signal));
      return;
    }
  }
}
