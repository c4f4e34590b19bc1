import { readFile, stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { parseSkillFile, SkillFormatError, type Skill } from '@wayfinder/core';
import { UsageError } from '../args';
import type { Env } from '../io';
import { isSkillPath, skillsFolder, SkillsFolder } from '../skills-library';

// What `wayfinder skill run` is given: a skill file, or the name of a skill in the skills
// folder; and the files its upload steps need (--file NAME=PATH), checked before any step runs.

/** The skill and the file it came from, or a sentence saying why there is none. */
export async function loadSkill(arg: string, env: Env): Promise<{ file: string; skill: Skill } | { error: string }> {
  if (await isSkillPath(arg)) {
    try {
      return { file: arg, skill: parseSkillFile(await readFile(arg, 'utf8'), basename(arg)) };
    } catch (error) {
      if (SkillFormatError.isInstance(error)) return { error: error.message };
      if (error instanceof Error && 'code' in error) return { error: `cannot read ${arg} (${error.message}).` };
      throw error;
    }
  }
  const folder = new SkillsFolder(skillsFolder(env));
  const found = await folder.find(arg);
  if (found) return found;
  const names = (await folder.list()).map((s) => JSON.stringify(s.name));
  return {
    error: names.length
      ? `there is no skill named ${JSON.stringify(arg)} in ${folder.dir}. Skills there: ${names.join(', ')} (wayfinder skill list). For a file, give its path.`
      : `there is no skill named ${JSON.stringify(arg)}: ${folder.dir} has no skills yet (wayfinder skill record saves there). For a file, give its path.`,
  };
}

/**
 * The files for the skill's upload steps, by recorded file name, from `--file NAME=PATH`
 * pairs: each path absolute and an existing file, each NAME one the skill uploads, every
 * upload given one. A malformed pair is a usage error; the rest a sentence.
 */
export async function uploadFiles(pairs: readonly string[], skill: Skill): Promise<{ files: Record<string, string> } | { error: string }> {
  const wanted = [...new Set(skill.steps.flatMap((s) => (s.type === 'upload' && s.fileName ? [s.fileName] : [])))];
  const files: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0 || at === pair.length - 1)
      throw new UsageError(
        `wayfinder skill run: --file takes NAME=PATH, the recorded file name and the file to upload instead (got "${pair}").`,
      );
    const name = pair.slice(0, at);
    const path = resolve(pair.slice(at + 1));
    if (!wanted.includes(name))
      return {
        error: `the skill uploads no file named ${JSON.stringify(name)}; ${wanted.length ? `it uploads ${wanted.map((w) => JSON.stringify(w)).join(', ')}` : 'it has no upload steps'}.`,
      };
    const found = await stat(path).catch(() => null);
    if (!found?.isFile()) return { error: `--file ${name}: there is no file at ${path}. Give the path of the file to upload.` };
    files[name] = path;
  }
  const missing = wanted.filter((name) => files[name] === undefined);
  if (missing.length)
    return {
      error: `the skill uploads ${missing.map((m) => JSON.stringify(m)).join(', ')}: give the file${missing.length === 1 ? '' : 's'} to use with ${missing.map((m) => `--file ${m}=PATH`).join(' ')}.`,
    };
  return { files };
}

/** `skill run`'s skill (a file or a name) and the files for its uploads, or why it cannot run. */
export async function skillToRun(
  arg: string,
  filePairs: readonly string[],
  env: Env,
): Promise<{ file: string; skill: Skill; files: Record<string, string> } | { error: string }> {
  const loaded = await loadSkill(arg, env);
  if ('error' in loaded) return loaded;
  const uploads = await uploadFiles(filePairs, loaded.skill);
  return 'error' in uploads ? uploads : { ...loaded, files: uploads.files };
}
