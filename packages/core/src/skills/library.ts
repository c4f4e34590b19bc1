import { siteOf } from '../browser/hosts';
import { covers } from '../policy/sites';
import type { Skill, SkillInput } from './types';
import { fencePage } from '../browser/page-text';
import { said, type Said } from '../browser/said';

// The person's skills as the agent sees them: a library the host keeps (a folder of
// *.skill.md files, IndexedDB in the extension), listed for list_skills and run by name by
// run_skill. Skills recorded on the site the task is on are named to the model as
// playbooks, when the task starts and whenever the tab reaches another site.

/** What list_skills shows of a skill, without reading its steps. */
export interface SkillSummary {
  name: string;
  description: string;
  version: number;
  sites: string[];
  inputs: SkillInput[];
  /** How many steps it has. */
  steps: number;
}

export interface SkillLibrary {
  list(): Promise<SkillSummary[]>;
  /** The skill so named, or null. */
  get(name: string): Promise<Skill | null>;
}

export function summaryOf(skill: Skill): SkillSummary {
  return {
    name: skill.name,
    description: skill.description,
    version: skill.version,
    sites: skill.sites,
    inputs: skill.inputs,
    steps: skill.steps.length,
  };
}

/** The skills recorded on the site of `url` (or a parent domain of it). */
export function skillsForSite(skills: readonly SkillSummary[], url: string): SkillSummary[] {
  const host = siteOf(url);
  if (!host) return [];
  return skills.filter((skill) => skill.sites.some((site) => covers(site.toLowerCase(), host)));
}

/** One input as the model reads it: `email (email, e.g. "sam@example.com")`, `card (required)`. */
export function describeInput(input: SkillInput): string {
  const kind = input.format ?? input.type;
  const example = input.examples[0];
  const facts = [kind, example !== undefined ? `e.g. ${JSON.stringify(example)}` : input.required ? 'required' : 'optional'];
  return `${input.name} (${facts.join(', ')})`;
}

const LINE_SKILLS = 5;
const DESCRIPTION_CHARS = 100;

function short(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * The short note naming a site's skills, with their inputs (read every step while it stays in
 * the prompt: kept small). Names, descriptions and inputs were recorded from pages: fenced.
 */
export function playbookLine(skills: readonly SkillSummary[]): Said {
  const shown = skills.slice(0, LINE_SKILLS).map((skill) => {
    const inputs = skill.inputs.length ? `; inputs: ${skill.inputs.map((i) => i.name).join(', ')}` : '';
    const what = skill.description ? ` — ${short(skill.description, DESCRIPTION_CHARS)}` : '';
    return `${JSON.stringify(skill.name)}${what} (${skill.steps} steps${inputs})`;
  });
  const more = skills.length > LINE_SKILLS ? `\n${skills.length - LINE_SKILLS} more (list_skills)` : '';
  return said`Skills the person recorded for this site (run_skill replays one with your inputs, faster and surer than doing its steps yourself):\n${fencePage('skills for this site', `${shown.join('\n')}${more}`)}`;
}

/**
 * Tells the model about a site's skills once per site: at the task's start, then each time
 * the tab reaches a site it was not on just before. Lists the library only when the site changes.
 */
export class SiteSkills {
  private site: string | null = null;

  constructor(readonly library: SkillLibrary) {}

  /** The playbook line for the tab at `url`, or null (same site as last time, or no skills there). `always`: even on the same site. */
  async note(url: string, always = false): Promise<Said | null> {
    const site = siteOf(url);
    if (!always && site === this.site) return null;
    this.site = site;
    if (!site) return null;
    // A library that cannot be read now costs only the line.
    const here = skillsForSite(await this.library.list().catch(() => []), url);
    return here.length ? playbookLine(here) : null;
  }
}
