import { basename } from 'node:path';
import { parseArgs, UsageError } from '../args';
import { printable, type Io } from '../io';
import { skillsFolder, SkillsFolder } from '../skills-library';

// `wayfinder skill list`: the skills in $WAYFINDER_HOME/skills (what `wayfinder run` offers
// the agent and `wayfinder skill run NAME` finds), with what each takes.

export const SKILL_LIST_HELP = `Usage: wayfinder skill list [--json]

Lists the skills in $WAYFINDER_HOME/skills (default ~/.local/share/wayfinder/skills): the
ones wayfinder run offers the agent, and wayfinder skill run NAME runs.

  --json    one JSON array: [{"name", "file", "description", "version", "sites",
            "inputs": [{"name", "type", "example", "required"}], "steps"}]`;

export async function skillListCommand(argv: string[], io: Io): Promise<number> {
  const args = parseArgs(argv, { json: { flag: true }, help: { flag: true } }, 'skill list');
  if (args.flags.has('help')) {
    io.stdout.write(`${SKILL_LIST_HELP}\n`);
    return 0;
  }
  if (args.positionals.length) throw new UsageError('wayfinder skill list: takes no arguments. Try wayfinder skill list --help.');
  const folder = new SkillsFolder(skillsFolder(io.env));
  const { skills, problems } = await folder.read();
  for (const { file, problem } of problems) io.stderr.write(`wayfinder skill list: skipped ${file}: ${printable(problem)}\n`);
  const rows = skills.map(({ file, skill }) => ({
    name: skill.name,
    file,
    description: skill.description,
    version: skill.version,
    sites: skill.sites,
    inputs: skill.inputs.map((i) => ({ name: i.name, type: i.format ?? i.type, example: i.examples[0] ?? null, required: i.required })),
    steps: skill.steps.length,
  }));
  if (args.flags.has('json')) {
    io.stdout.write(`${JSON.stringify(rows)}\n`);
    return 0;
  }
  if (!rows.length) {
    io.stdout.write(`No skills in ${folder.dir} yet. Record one with wayfinder skill record (it is saved there).\n`);
    return 0;
  }
  io.stdout.write(`${rows.length} skill${rows.length === 1 ? '' : 's'} in ${folder.dir}:\n`);
  for (const row of rows) {
    const inputs = row.inputs.length ? row.inputs.map((i) => i.name).join(', ') : 'none';
    io.stdout.write(
      printable(
        `  ${row.name} (version ${row.version}, ${row.steps} step${row.steps === 1 ? '' : 's'}) on ${row.sites.join(', ') || 'any site'}; inputs: ${inputs}  [${basename(row.file)}]\n`,
      ),
    );
    if (row.description) io.stdout.write(printable(`    ${row.description.replace(/\s+/g, ' ').trim()}\n`));
  }
  return 0;
}
