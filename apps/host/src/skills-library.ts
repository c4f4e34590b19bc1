import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  parseSkillFile,
  SkillFormatError,
  summaryOf,
  writeSkillFile,
  type Redaction,
  type Skill,
  type SkillLibrary,
  type SkillSummary,
} from '@wayfinder/core';
import type { Env } from './io';
import { wayfinderHome } from './store/db';

// The host's skills: *.skill.md files in $WAYFINDER_HOME/skills/, read afresh on every look
// (a person edits them in their editor). `wayfinder run` gives them to the agent
// (list_skills, run_skill); `wayfinder skill record` saves there when given no --out;
// `wayfinder skill run NAME` finds one there by name. A skill file the host writes passes the
// runtime's redaction (`skillText`): a secret typed while recording is kept as its placeholder.

export const SKILL_SUFFIX = '.skill.md';

export function skillsFolder(env: Env): string {
  return join(wayfinderHome(env), 'skills');
}

export interface StoredSkill {
  file: string;
  skill: Skill;
}

/** A file in the folder that is not a skill Wayfinder can read, and why. */
export interface UnreadableSkill {
  file: string;
  problem: string;
}

/** A file name for a skill's name: lower case, words joined by '-' (`Buy a lantern!` → `buy-a-lantern`). */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'skill';
}

const folded = (text: string): string => text.trim().toLowerCase();

/** A skill as the host writes it to a file: through the one redaction (a stored secret becomes its placeholder, a card its last four digits). */
export function skillText(skill: Skill, redaction: Redaction): string {
  return redaction.text(writeSkillFile(skill));
}

export class SkillsFolder implements SkillLibrary {
  constructor(readonly dir: string) {}

  /** Every skill file in the folder, by file name; those that cannot be read, with the reason. None when the folder is absent. */
  async read(): Promise<{ skills: StoredSkill[]; problems: UnreadableSkill[] }> {
    let names: string[];
    try {
      names = (await readdir(this.dir)).filter((name) => name.endsWith(SKILL_SUFFIX)).sort();
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return { skills: [], problems: [] };
      throw error;
    }
    const skills: StoredSkill[] = [];
    const problems: UnreadableSkill[] = [];
    for (const name of names) {
      const file = join(this.dir, name);
      try {
        skills.push({ file, skill: parseSkillFile(await readFile(file, 'utf8'), name) });
      } catch (error) {
        if (!SkillFormatError.isInstance(error) && !(error instanceof Error && 'code' in error)) throw error;
        problems.push({ file, problem: error.message });
      }
    }
    return { skills, problems };
  }

  async list(): Promise<SkillSummary[]> {
    return (await this.read()).skills.map((stored) => summaryOf(stored.skill));
  }

  /** The skill so named (exactly, else ignoring case), else the one whose file is that name's slug. */
  async find(name: string): Promise<StoredSkill | null> {
    const { skills } = await this.read();
    return (
      skills.find((s) => s.skill.name === name) ??
      skills.find((s) => folded(s.skill.name) === folded(name)) ??
      skills.find((s) => s.file.endsWith(`/${slugOf(name)}${SKILL_SUFFIX}`)) ??
      null
    );
  }

  async get(name: string): Promise<Skill | null> {
    return (await this.find(name))?.skill ?? null;
  }

  /** Writes a new file for the skill (its name's slug; `-2`, `-3` … when taken: never over another file), through the redaction; returns its path. */
  async save(skill: Skill, redaction: Redaction): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const slug = slugOf(skill.name);
    const text = skillText(skill, redaction);
    for (let n = 1; n < 1000; n++) {
      const file = join(this.dir, `${slug}${n === 1 ? '' : `-${n}`}${SKILL_SUFFIX}`);
      try {
        // 'wx' fails when the file exists, even one written a moment ago by another process.
        await writeFile(file, text, { flag: 'wx' });
        return file;
      } catch (error) {
        if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
      }
    }
    throw new Error(`${this.dir} already has 999 skills named like "${slug}"; choose another --name.`);
  }
}

/** Whether `arg` names a file (it exists, or it looks like a path) rather than a skill in the folder. */
export async function isSkillPath(arg: string): Promise<boolean> {
  if (arg.includes('/') || arg.includes('\\') || arg.endsWith('.md') || arg.endsWith('.json')) return true;
  return (await stat(arg).catch(() => null))?.isFile() ?? false;
}
