import { z } from 'zod';
import { REWRITE_PRESETS, type PresetId } from '../../lib/page-helpers';
import type { HelperRating, HelperTab, ViewSession } from './helper-tab';
import { explainImagePrompt, rewritePrompt, writePrompt } from './prompts';

// What the helper frame asks (docs/0038-page-helpers-origin.md). The frame is the extension's
// own page, where the person types and presses; it is still checked, since a page can load
// the frame's page itself (such a frame is never paired, and is answered nothing). The
// person's words come only from here, and each request is taken only for the view it
// belongs to: a rewrite only where Rewrite was pressed, a draft only where `/write` was typed.

const ID = z.string().min(1).max(100);
const PRESET = z.enum([
  'shorter',
  'expand',
  'professional',
  'friendly',
  'improve',
  'simplify',
  'enthusiastic',
  'conversational',
  'grammar',
]) satisfies z.ZodType<PresetId>;

export const FRAME_REQUEST = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), key: z.string().min(16).max(100) }),
  z.object({ type: z.literal('size'), id: ID, height: z.number().min(0).max(10_000) }),
  z.object({ type: z.literal('rewrite'), id: ID, preset: PRESET.nullable(), instruction: z.string().max(2000) }),
  z.object({ type: z.literal('write'), id: ID, instruction: z.string().trim().min(1, 'Say what to write.').max(2000) }),
  z.object({ type: z.literal('explain-image'), id: ID }),
  z.object({ type: z.literal('insert'), id: ID }),
  z.object({ type: z.literal('send'), id: ID }),
  z.object({ type: z.literal('rate'), id: ID, rating: z.enum(['up', 'down']) }),
  z.object({ type: z.literal('close'), id: ID, restore: z.boolean() }),
]);
export type ParsedFrameRequest = z.infer<typeof FRAME_REQUEST>;

/** The most of a rated input or output the ratings store keeps (lib/rating-messages.ts). */
const RATED_MAX_CHARS = 20_000;

export interface FrameParts {
  /** The person's facts from memory (for a draft), newest first. */
  facts: () => Promise<string[]>;
  rate: (rating: HelperRating) => Promise<void>;
  /** Send to chat: leaves text or a picture from this view for the panel's next task. */
  send: (tab: HelperTab, session: ViewSession, what: { text?: string; image?: string }) => Promise<void>;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

function presetLabel(preset: PresetId | null): string | null {
  return REWRITE_PRESETS.find((p) => p.id === preset)?.label ?? null;
}

/** Answers one request of a paired frame; a refusal is said to the frame. */
export async function handleFrame(
  tab: HelperTab,
  request: Exclude<ParsedFrameRequest, { type: 'hello' }>,
  parts: FrameParts,
): Promise<void> {
  const session = tab.current(request.id);
  // An answer for a view closed since: nothing to do.
  if (!session) return;
  const refuse = (message: string) => tab.toFrame({ type: 'error', id: session.id, message });
  switch (request.type) {
    case 'size':
      tab.toPage({ type: 'frame-size', id: session.id, height: request.height });
      return;
    case 'rewrite': {
      if (session.view !== 'rewrite') return refuse('Select the text and press Rewrite to rewrite it.');
      const own = request.instruction.trim();
      const label = presetLabel(request.preset);
      if (!label && !own) return refuse('Pick a preset or say how to rewrite it.');
      const prompt = rewritePrompt(session.text, request.preset, own, session.context);
      const about = { title: `Rewrite: ${label ?? 'Rewrite'}`, instruction: label ?? own, input: session.text };
      const output = (await tab.run('rewrite', about, prompt))?.trim();
      if (output === undefined || !tab.current(session.id)) return;
      if (!output) return refuse('The model wrote nothing; the text is unchanged.');
      tab.toPage({ type: 'insert', id: session.id, text: output });
      return;
    }
    case 'write': {
      if (session.view !== 'write') return refuse('Type /write in a field to draft text there.');
      const prompt = writePrompt(request.instruction, session.context, await parts.facts());
      await tab.run('write', { title: 'Write', instruction: request.instruction, input: '' }, prompt);
      return;
    }
    case 'explain-image': {
      if (session.view !== 'capture' || !session.image) return refuse('Capture an area first.');
      const prompt = { ...explainImagePrompt(session.context), image: session.image.src };
      await tab.run('explain', { title: 'Explain the captured area', instruction: 'captured area', input: '(a picture)' }, prompt);
      return;
    }
    case 'insert': {
      const draft = session.job?.state === 'done' ? session.job.output.trim() : '';
      if (session.view !== 'write' || !draft) return refuse('There is no draft to insert yet.');
      tab.toPage({ type: 'insert', id: session.id, text: draft });
      return;
    }
    case 'send': {
      const job = session.job;
      if (job?.state === 'done' && job.output.trim()) return parts.send(tab, session, { text: job.output.trim() });
      if (session.view === 'capture' && session.image) return parts.send(tab, session, { image: session.image.src });
      return refuse('There is nothing to send yet.');
    }
    case 'rate': {
      const job = session.job;
      if (job?.state !== 'done') return;
      const { url } = session.context;
      await parts.rate({
        target: 'helper',
        rating: request.rating,
        context: {
          job: job.job,
          instruction: job.instruction.slice(0, 2000),
          site: hostOf(url),
          url: url.slice(0, 2000),
          // As much as the ratings store keeps.
          input: job.input.slice(0, RATED_MAX_CHARS),
          output: job.output.slice(0, RATED_MAX_CHARS),
        },
      });
      return;
    }
    case 'close':
      tab.end(session.id);
      tab.toPage({ type: 'close', id: session.id, restore: request.restore });
      return;
  }
}
