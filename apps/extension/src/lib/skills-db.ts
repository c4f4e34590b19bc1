import { parseSkillFile, summaryOf, writeSkillFile, type Skill, type SkillLibrary } from '@wayfinder/core';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CurrentRedaction } from './redaction';

// The person's skills in IndexedDB, in a database of their own ('wayfinder-skills', apart
// from conversations and memory). A skill is kept as its `.skill.md` text — the file a
// person reads, edits and exports — with the few fields the list shows beside it. What is
// written passes the worker's one redaction (lib/redaction.ts): a stored secret in a step is
// kept as its placeholder, a card number as its last four digits.
// Schema changes go in UPGRADES, one per version.
//   skills: StoredSkill by id (index: updatedAt)

export const SKILLS_DB_NAME = 'wayfinder-skills';
export const SKILLS_DB_VERSION = 1;

export interface SkillRun {
  at: number;
  ok: boolean;
  /** Steps done of all. */
  done: number;
  total: number;
  message: string;
}

export interface StoredSkill {
  id: string;
  name: string;
  sites: string[];
  steps: number;
  version: number;
  updatedAt: number;
  lastRun: SkillRun | null;
  /** The whole `.skill.md` file. */
  text: string;
}

interface SkillsSchema extends DBSchema {
  skills: { key: string; value: StoredSkill; indexes: { updatedAt: number } };
}

type SkillsDatabase = IDBPDatabase<SkillsSchema>;

const UPGRADES: Record<number, (db: SkillsDatabase) => void> = {
  1: (db) => {
    db.createObjectStore('skills', { keyPath: 'id' }).createIndex('updatedAt', 'updatedAt');
  },
};

function newSkillId(): string {
  return `s${Date.now().toString(36)}${Math.floor(Math.random() * 1e9).toString(36)}`;
}

export class SkillsDb {
  private constructor(
    private readonly db: SkillsDatabase,
    /** The worker's one redaction: every skill written (saved, edited, imported, repaired) passes it. */
    readonly redaction: CurrentRedaction,
  ) {}

  static async open(redaction: CurrentRedaction): Promise<SkillsDb> {
    const db = await openDB<SkillsSchema>(SKILLS_DB_NAME, SKILLS_DB_VERSION, {
      upgrade(database, oldVersion, newVersion) {
        for (let version = oldVersion + 1; version <= (newVersion ?? SKILLS_DB_VERSION); version++) UPGRADES[version]?.(database);
      },
      blocked() {
        console.warn('wayfinder: the skills database waits for an older copy of Wayfinder to close');
      },
    });
    return new SkillsDb(db, redaction);
  }

  /** Newest first. */
  async list(): Promise<StoredSkill[]> {
    return (await this.db.getAllFromIndex('skills', 'updatedAt')).reverse();
  }

  async get(id: string): Promise<StoredSkill | null> {
    return (await this.db.get('skills', id)) ?? null;
  }

  /** The skill of a stored record (its file read again; a SkillFormatError says what is wrong). */
  static skillOf(stored: StoredSkill): Skill {
    return parseSkillFile(stored.text, `the skill "${stored.name}"`);
  }

  /** Stores a skill as its file: a new one (no id), or in place of the one with that id (its last run kept). */
  async put(skill: Skill, id?: string): Promise<StoredSkill> {
    const before = id ? await this.get(id) : null;
    const redaction = await this.redaction();
    const stored: StoredSkill = {
      id: before?.id ?? newSkillId(),
      name: redaction.text(skill.name),
      sites: redaction.value(skill.sites),
      steps: skill.steps.length,
      version: skill.version,
      updatedAt: Date.now(),
      lastRun: before?.lastRun ?? null,
      text: redaction.text(writeSkillFile(skill)),
    };
    await this.db.put('skills', stored);
    return stored;
  }

  /** The skills as the agent sees them (list_skills, run_skill): a file that no longer reads is left out. */
  library(): SkillLibrary {
    const readable = async (): Promise<Skill[]> =>
      (await this.list()).flatMap((stored) => {
        try {
          return [SkillsDb.skillOf(stored)];
        } catch {
          return [];
        }
      });
    return {
      list: async () => (await readable()).map(summaryOf),
      get: async (name) => {
        const skills = await readable();
        return skills.find((s) => s.name === name) ?? skills.find((s) => s.name.toLowerCase() === name.trim().toLowerCase()) ?? null;
      },
    };
  }

  async setLastRun(id: string, given: SkillRun): Promise<void> {
    const run = (await this.redaction()).value(given);
    const tx = this.db.transaction('skills', 'readwrite');
    const stored = await tx.store.get(id);
    if (stored) await tx.store.put({ ...stored, lastRun: run });
    await tx.done;
  }

  async delete(id: string): Promise<boolean> {
    const tx = this.db.transaction('skills', 'readwrite');
    const found = (await tx.store.getKey(id)) !== undefined;
    if (found) await tx.store.delete(id);
    await tx.done;
    return found;
  }
}
