// bench/skills: record each shop/signup/admin gym task once from its scripted solution (as
// a person would do it, with the SkillRecorder listening), then replay the skill without a
// model on the original app, and on its drifted variant (?drift=1) with repair on — by name
// only, then with a scripted repair model. Success is the gym checker's verdict.
//   npm run bench:skills -- [--json FILE] [--tasks id,id]
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { NodeBrowser } from '@wayfinder/cdp/node';
import { startGym, type GymTask } from '@wayfinder/gym';
import { median, round } from '../lib/stats';
import { table } from '../lib/table';
import { startScriptedRepair } from './repair-script';
import { benchTasks, runSkillsBench, type ReplayRun, type TaskRow } from './skills-bench';

const GOALS = { replaySuccessOriginals: 100, medianMsPerStep: 100, driftRepairedWithoutModel: 80 };

function parseArgs(argv: string[]): { json: string | null; tasks: GymTask[] } {
  const all = benchTasks();
  const options: { json: string | null; tasks: GymTask[] } = { json: null, tasks: all };
  for (let i = 0; i < argv.length; i += 2) {
    const [arg, value] = [argv[i], argv[i + 1]];
    if (arg === '--json' && value) options.json = value;
    else if (arg === '--tasks' && value) {
      const wanted = value.split(',');
      const unknown = wanted.filter((id) => !all.some((t) => t.id === id));
      if (unknown.length) {
        console.error(`Unknown task ${unknown.join(', ')}; the bench covers ${all.map((t) => t.id).join(', ')}.`);
        process.exit(2);
      }
      options.tasks = all.filter((t) => wanted.includes(t.id));
    } else {
      console.error(`Unknown or incomplete option ${arg ?? ''}.\nUsage: npm run bench:skills -- [--json FILE] [--tasks id,id]`);
      process.exit(2);
    }
  }
  return options;
}

const percent = (part: number, whole: number) => (whole ? round((100 * part) / whole, 1) : 0);
const mark = (run: ReplayRun | undefined) => (run ? (run.ok ? 'yes' : 'no') : '–');

function summarise(rows: TaskRow[]) {
  const runs = (variant: 'original' | 'drift' | 'drift-model') => rows.flatMap((r) => (r.runs[variant] ? [r.runs[variant]] : []));
  const originals = runs('original');
  const drift = runs('drift');
  const driftModel = runs('drift-model');
  const stepMs = originals.flatMap((r) => r.stepMs);
  return {
    tasks: rows.length,
    recordedSteps: rows.reduce((n, r) => n + r.steps, 0),
    replaySuccessOriginals: percent(originals.filter((r) => r.ok).length, originals.length),
    medianMsPerStep: round(median(stepMs), 1),
    modelTokensOriginals: 0,
    driftRepairedWithoutModel: percent(drift.filter((r) => r.ok).length, drift.length),
    driftRepairedWithModel: percent(driftModel.filter((r) => r.ok).length, driftModel.length),
    repairsWithoutModel: drift.reduce((n, r) => n + r.repairs.length, 0),
    repairsWithModel: driftModel.reduce((n, r) => n + r.repairs.length, 0),
    repairModelCalls: driftModel.reduce((n, r) => n + r.modelCalls, 0),
  };
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  console.log(`bench/skills: ${options.tasks.length} tasks — record once, replay on the original and on the drifted app…`);
  const started = performance.now();
  const gym = await startGym();
  const browser = await NodeBrowser.launch();
  const model = await startScriptedRepair();
  let rows: TaskRow[];
  try {
    rows = await runSkillsBench({
      browser,
      gym,
      tasks: options.tasks,
      variants: ['original', 'drift', 'drift-model'],
      model,
      log: (line) => console.log(line),
    });
  } finally {
    await model.server.close();
    await browser.close();
    await gym.close();
  }

  console.log('');
  console.log(
    table(
      ['task', 'steps', 'original ok', 'ms/step (median)', 'drift ok, no model', 'drift ok, scripted model', 'repairs (no model / model)'],
      rows.map((r) => [
        r.id,
        r.steps,
        mark(r.runs.original),
        round(median(r.runs.original?.stepMs ?? []), 1),
        mark(r.runs.drift),
        mark(r.runs['drift-model']),
        `${r.runs.drift?.repairs.map((x) => `${x.step}:${x.by}`).join(' ') || '–'} / ${r.runs['drift-model']?.repairs.map((x) => `${x.step}:${x.by}`).join(' ') || '–'}`,
      ]),
    ),
  );
  const summary = summarise(rows);
  console.log('');
  console.log(
    `Originals: ${summary.replaySuccessOriginals} % replayed, median ${summary.medianMsPerStep} ms a step, 0 model tokens. ` +
      `Drifted: ${summary.driftRepairedWithoutModel} % without a model (${summary.repairsWithoutModel} repairs), ` +
      `${summary.driftRepairedWithModel} % with the scripted model (${summary.repairsWithModel} repairs, ${summary.repairModelCalls} model calls). ` +
      `${round((performance.now() - started) / 1000, 1)} s.`,
  );

  if (options.json) {
    const targets = [
      {
        name: 'replay_success_originals',
        value: summary.replaySuccessOriginals,
        goal: `${GOALS.replaySuccessOriginals} %`,
        met: summary.replaySuccessOriginals >= GOALS.replaySuccessOriginals,
      },
      {
        name: 'median_ms_per_step',
        value: summary.medianMsPerStep,
        goal: `<= ${GOALS.medianMsPerStep}`,
        met: summary.medianMsPerStep <= GOALS.medianMsPerStep,
      },
      {
        name: 'drift_repaired_without_model',
        value: summary.driftRepairedWithoutModel,
        goal: `>= ${GOALS.driftRepairedWithoutModel} %`,
        met: summary.driftRepairedWithoutModel >= GOALS.driftRepairedWithoutModel,
      },
    ];
    const file = resolve(options.json);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify({ summary, targets }, null, 2)}\n`);
    console.log(`Wrote ${file}.`);
  }
}

await main();
