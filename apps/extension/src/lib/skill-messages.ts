import type { Skill } from '@wayfinder/core';
import { z } from 'zod';
import type { StoredSkill } from './skills-db';

// The skills' part of the messages between the extension's pages and the background
// (issue 13; background/skills/ answers them). lib/messages.ts adds these requests to
// its union and these replies to its Replies.

/** A skill file or a DevTools Recorder recording brought in: at most this many characters. */
export const SKILL_IMPORT_MAX_CHARS = 2_000_000;

/** chrome.storage.local: the recording under way (RecordingStatus), so every panel shows it and a restarted worker knows it. */
export const RECORDING_KEY = 'skills.recording';

/**
 * What the panel names as running a task done without the agent (a skill's replay; a model
 * may still pick a drifted step's element); a restarted worker does not go on with one.
 */
export const BODY_TASK_MODEL = 'Skill replay';

/** Whether a task was a skill's replay (records kept before the label lost its "(no model)" too). */
export function isSkillReplay(model: string | undefined): boolean {
  return model === BODY_TASK_MODEL || model === 'Skill replay (no model)';
}

export interface RecordingStatus {
  startedAt: number;
  /** The tab it started in, and its page then. */
  tabId: number;
  url: string;
  title: string;
  /** Steps the recording would make now. */
  steps: number;
  /** Notes added so far. */
  notes: number;
  /** False when the worker that recorded was stopped: what it recorded is kept, and Stop makes the skill of it. */
  live: boolean;
}

export const SKILL_REQUESTS = [
  z.object({ type: z.literal('skill.record.start') }),
  z.object({ type: z.literal('skill.record.status') }),
  z.object({ type: z.literal('skill.record.note'), text: z.string().trim().min(1, 'Type the note first.').max(2_000) }),
  z.object({ type: z.literal('skill.record.stop'), name: z.string().trim().max(200).optional() }),
  z.object({ type: z.literal('skill.record.cancel') }),
  z.object({ type: z.literal('skills.list') }),
  z.object({ type: z.literal('skill.get'), id: z.string() }),
  /** A person's edit: the name, the description and the Steps section's lines (a rewritten line becomes a direct command). */
  z.object({
    type: z.literal('skill.edit'),
    id: z.string(),
    name: z.string().trim().min(1, 'Give the skill a name.').max(200),
    description: z.string().max(5_000),
    steps: z.string().max(200_000),
  }),
  z.object({ type: z.literal('skill.delete'), id: z.string() }),
  z.object({ type: z.literal('skill.export'), id: z.string(), format: z.enum(['skill', 'devtools']) }),
  /** A `.skill.md` file, or a Chrome DevTools Recorder JSON recording (told apart by its text). */
  z.object({ type: z.literal('skill.import'), fileName: z.string().max(300), text: z.string().min(1).max(SKILL_IMPORT_MAX_CHARS) }),
  /** `where`: the tab the person is in, or a new tab at the skill's start address. */
  z.object({
    type: z.literal('skill.run'),
    id: z.string(),
    inputs: z.record(z.string(), z.string().max(10_000)).default({}),
    where: z.enum(['current', 'new']).default('new'),
  }),
] as const;

/** A stored skill without its file text (the list). */
export type SkillSummary = Omit<StoredSkill, 'text'>;

export interface SkillReplies {
  'skill.record.start': { recording: RecordingStatus };
  'skill.record.status': { recording: RecordingStatus | null };
  'skill.record.note': { recording: RecordingStatus };
  /** `naming`: what the model made of the names ("Named by …", or why it could not), null without a model. */
  'skill.record.stop': { skill: SkillSummary; naming: string | null };
  'skill.record.cancel': { cancelled: boolean };
  'skills.list': { skills: SkillSummary[] };
  /** `skill`: the file read (steps, inputs, repair log); `lines`: its numbered step lines as the file has them. */
  'skill.get': { summary: SkillSummary; skill: Skill; text: string; lines: string };
  'skill.edit': { summary: SkillSummary };
  'skill.delete': { deleted: boolean };
  'skill.export': { text: string; filename: string; mimeType: string };
  'skill.import': { summary: SkillSummary };
  'skill.run': { taskId: string; conversationId: string };
}

export function summaryOf(stored: StoredSkill): SkillSummary {
  return {
    id: stored.id,
    name: stored.name,
    sites: stored.sites,
    steps: stored.steps,
    version: stored.version,
    updatedAt: stored.updatedAt,
    lastRun: stored.lastRun,
  };
}
