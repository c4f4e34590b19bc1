import { z } from 'zod';

// Ratings (issue 16): 👍 / 👎 on an answer in the side panel or a page helper's result, kept
// in this browser with what produced it, to browse and export on the Ratings page
// (background/helpers/ratings.ts keeps them). lib/messages.ts adds these to its union and Replies.

export const RATING_TARGETS = ['answer', 'helper'] as const;
export type RatingTarget = (typeof RATING_TARGETS)[number];
export const RATING_VALUES = ['up', 'down'] as const;
export type RatingValue = (typeof RATING_VALUES)[number];

const text = (max: number) => z.string().max(max);

/** What produced the rated thing; the background adds an answer's prompt and tool calls from its task. */
export const RATING_CONTEXT = z.object({
  // — an answer in the panel
  conversationId: text(200).optional(),
  taskId: text(200).optional(),
  // — a page helper's result
  job: z.enum(['explain', 'rewrite', 'write', 'summarise']).optional(),
  preset: text(200).optional(),
  /** The rewrite preset's label or the person's own instruction (page-helpers.ts sends this). */
  instruction: text(2_000).optional(),
  input: text(20_000).optional(),
  output: text(20_000).optional(),
  site: text(500).optional(),
  url: text(2_000).optional(),
  // — either
  prompt: text(20_000).optional(),
  model: text(200).optional(),
  note: text(2_000).optional(),
});
export type RatingContext = z.infer<typeof RATING_CONTEXT>;

export interface ToolCallRecord {
  tool: string;
  input: unknown;
}

export interface Rating {
  id: string;
  target: RatingTarget;
  rating: RatingValue;
  at: number;
  context: RatingContext & { answer?: string; toolCalls?: ToolCallRecord[] };
}

export const RATING_REQUESTS = [
  z
    .object({
      type: z.literal('rating.save'),
      target: z.enum(RATING_TARGETS),
      rating: z.enum(RATING_VALUES),
      context: RATING_CONTEXT,
    })
    .refine((r) => r.target !== 'answer' || Boolean(r.context.taskId), { message: 'An answer’s rating needs the task it rates.' })
    .refine((r) => r.target !== 'helper' || Boolean(r.context.job), { message: 'A helper’s rating needs the job it rates.' }),
  z.object({ type: z.literal('rating.delete'), id: z.string().min(1).max(300) }),
  z.object({
    type: z.literal('ratings.list'),
    target: z.enum(RATING_TARGETS).nullable().default(null),
    rating: z.enum(RATING_VALUES).nullable().default(null),
  }),
] as const;

export interface RatingReplies {
  'rating.save': { rating: Rating };
  'rating.delete': { deleted: boolean };
  'ratings.list': { ratings: Rating[] };
}

/** An answer has one rating: rating it again replaces the first. */
export function answerRatingId(taskId: string): string {
  return `answer:${taskId}`;
}
