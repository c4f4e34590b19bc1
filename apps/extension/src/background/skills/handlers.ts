import { exportRecording, importRecording, parseSkillFile, SkillFormatError, writeSkillFile, type Skill } from '@wayfinder/core';
import { summaryOf, type SkillReplies } from '../../lib/skill-messages';
import { SkillsDb, type StoredSkill } from '../../lib/skills-db';
import type { Handlers } from '../router';
import type { TaskLauncher } from '../tasks/launcher';
import type { SkillRecording } from './recording';
import { skillBody } from './replay';

// The router's answers to the skills requests (lib/skill-messages.ts): recording from the
// panel, and the Skills page's list, view, edit, run, delete, export and import.

type SkillType = keyof SkillReplies;

export interface SkillParts {
  skills: () => Promise<SkillsDb>;
  recording: Pick<SkillRecording, 'start' | 'current' | 'note' | 'stop' | 'cancel'>;
  tasks: Pick<TaskLauncher, 'startBody'>;
}

const unavailable = (): Promise<never> =>
  Promise.reject(new Error('Skills are not available here; reload the extension (chrome://extensions).'));

/** For a router made without skills (tests of other parts). */
export const UNAVAILABLE_SKILLS: SkillParts = {
  skills: unavailable,
  recording: { start: unavailable, current: unavailable, note: unavailable, stop: unavailable, cancel: unavailable },
  tasks: { startBody: unavailable },
};

const STEPS_SECTION = /^## Steps[ \t]*\n([\s\S]*?)(?=^## |^```)/m;

function fileBase(name: string): string {
  return (
    name
      .replace(/[^\w-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'skill'
  );
}

/** A file brought in: a DevTools Recorder recording (JSON) or a skill file; errors say which and what is wrong. */
function skillOfFile(fileName: string, text: string): Skill {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{')) {
    try {
      return importRecording(text);
    } catch (error) {
      throw new Error(
        `${fileName} looks like a DevTools Recorder recording but could not be read: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
  }
  return parseSkillFile(text, fileName);
}

async function found(skills: SkillsDb, id: string): Promise<StoredSkill> {
  const stored = await skills.get(id);
  if (!stored) throw new Error('That skill no longer exists; it may have been deleted in another tab.');
  return stored;
}

export function skillHandlers({ skills, recording, tasks }: SkillParts): Handlers<SkillType> {
  return {
    'skill.record.start': async () => ({ recording: await recording.start() }),
    'skill.record.status': async () => ({ recording: await recording.current() }),
    'skill.record.note': async (r) => ({ recording: await recording.note(r.text) }),
    'skill.record.stop': async (r) => {
      const { saved, naming } = await recording.stop(r.name);
      return { skill: summaryOf(saved), naming };
    },
    'skill.record.cancel': async () => ({ cancelled: await recording.cancel() }),
    'skills.list': async () => ({ skills: (await (await skills()).list()).map(summaryOf) }),
    'skill.get': async (r) => {
      const stored = await found(await skills(), r.id);
      const skill = SkillsDb.skillOf(stored);
      return { summary: summaryOf(stored), skill, text: stored.text, lines: STEPS_SECTION.exec(stored.text)?.[1]?.trim() ?? '' };
    },
    'skill.edit': async (r) => {
      const db = await skills();
      const stored = await found(db, r.id);
      const before = SkillsDb.skillOf(stored);
      // The person's lines go in the file's Steps section; reading the file matches them to the recorded steps.
      const renamed = writeSkillFile({ ...before, name: r.name, description: r.description.trim() });
      const text = renamed.replace(STEPS_SECTION, () => `## Steps\n\n${r.steps.trim()}\n\n`);
      let edited: Skill;
      try {
        edited = parseSkillFile(text, `"${r.name}"`, { prune: true });
      } catch (error) {
        if (SkillFormatError.isInstance(error)) throw new Error(`The edit was not saved: ${error.message}`, { cause: error });
        throw error;
      }
      const changed = JSON.stringify(edited.steps) !== JSON.stringify(before.steps);
      return { summary: summaryOf(await db.put(changed ? { ...edited, version: before.version + 1 } : edited, stored.id)) };
    },
    'skill.delete': async (r) => ({ deleted: await (await skills()).delete(r.id) }),
    'skill.export': async (r) => {
      const db = await skills();
      const stored = await found(db, r.id);
      // A file travels: through the one redaction (a skill kept before it, too).
      const redaction = await db.redaction();
      if (r.format === 'skill')
        return { text: redaction.text(stored.text), filename: `${fileBase(stored.name)}.skill.md`, mimeType: 'text/markdown' };
      return {
        text: redaction.text(exportRecording(SkillsDb.skillOf(stored))),
        filename: `${fileBase(stored.name)}.recording.json`,
        mimeType: 'application/json',
      };
    },
    'skill.import': async (r) => ({ summary: summaryOf(await (await skills()).put(skillOfFile(r.fileName, r.text))) }),
    'skill.run': async (r) => {
      const db = await skills();
      const stored = await found(db, r.id);
      const skill = SkillsDb.skillOf(stored);
      const unknown = Object.keys(r.inputs).filter((name) => !skill.inputs.some((i) => i.name === name));
      if (unknown.length) throw new Error(`The skill has no input named ${unknown.join(', ')}; reload the Skills page.`);
      return tasks.startBody(
        `Run the skill "${skill.name}"`,
        skillBody({
          skill,
          inputs: r.inputs,
          where: r.where,
          finished: async (result) => {
            if (result.repairs.length) await db.put(result.skill, stored.id);
            await db.setLastRun(stored.id, {
              at: Date.now(),
              ok: result.ok,
              done: result.done,
              total: result.total,
              message: result.message,
            });
          },
        }),
      );
    },
  };
}
