// bench/skills: record each shop/signup/admin gym task, and each task of the held-out bakery,
// once from its scripted solution (as a person would do it, with the SkillRecorder
// listening), then replay the skill without a model on the original app — with the recorded
// inputs, again without a reset (new server ids), and with new inputs — and on its drifted
// variant (?drift=1) with repair on: by name only, then with a scripted repair model.
// Success is the gym checker's verdict. The held-out set is reported apart.
//   npm run bench:skills -- [--json FILE] [--tasks id,id]
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { NodeBrowser } from '@wayfinder/cdp/node';
import { SecretVault } from '@wayfinder/core';
import { startGym } from '@wayfinder/gym';
import { median, round } from '../lib/stats';
import { table } from '../lib/table';
import { startScriptedRepair } from './repair-script';
import { benchTasks, runSkillsBench, secretOf, type ReplayRun, type SkillBenchTask, type TaskRow, type TaskSet } from './skills-bench';

const GOALS = { replaySuccessOriginals: 100, replaySuccessNewInputs: 100, medianMsPerStep: 100, driftRepairedWithoutModel: 90 };

function parseArgs(argv: string[]): { json: string | null; tasks: SkillBenchTask[] } {
  const all = benchTasks();
  const options: { json: string | null; tasks: SkillBenchTask[] } = { json: null, tasks: all };
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

const share = (runs: ReplayRun[]) => `${runs.filter((r) => r.ok).length}/${runs.length}`;

function summarise(rows: TaskRow[]) {
  const runs = (variant: 'original' | 'again' | 'drift' | 'drift-model') => rows.flatMap((r) => (r.runs[variant] ? [r.runs[variant]] : []));
  // With the recorded inputs: the first replay, and the one again without a reset (new server ids).
  const originals = [...runs('original'), ...runs('again')];
  const newInputs = rows.flatMap((r) => r.inputs);
  const drift = runs('drift');
  const driftModel = runs('drift-model');
  const stepMs = [...originals, ...newInputs].flatMap((r) => r.stepMs);
  return {
    tasks: rows.length,
    recordedSteps: rows.reduce((n, r) => n + r.steps, 0),
    replaySuccessOriginals: percent(originals.filter((r) => r.ok).length, originals.length),
    originalRuns: share(originals),
    replaySuccessNewInputs: percent(newInputs.filter((r) => r.ok).length, newInputs.length),
    newInputRuns: share(newInputs),
    medianMsPerStep: round(median(stepMs), 1),
    modelTokensOriginals: 0,
    driftRepairedWithoutModel: percent(drift.filter((r) => r.ok).length, drift.length),
    driftRepairedWithModel: percent(driftModel.filter((r) => r.ok).length, driftModel.length),
    repairsWithoutModel: drift.reduce((n, r) => n + r.repairs.length, 0),
    repairsWithModel: driftModel.reduce((n, r) => n + r.repairs.length, 0),
    repairModelCalls: driftModel.reduce((n, r) => n + r.modelCalls, 0),
    driftRuns: share(drift),
  };
}

type Summary = ReturnType<typeof summarise>;

function sentence(name: string, s: Summary): string {
  return (
    `${name} (${s.tasks} tasks): recorded inputs ${s.originalRuns} (${s.replaySuccessOriginals} %), new inputs ${s.newInputRuns} ` +
    `(${s.replaySuccessNewInputs} %), median ${s.medianMsPerStep} ms a step, 0 model tokens; drifted ${s.driftRuns} without a model ` +
    `(${s.driftRepairedWithoutModel} %, ${s.repairsWithoutModel} repairs), ${s.driftRepairedWithModel} % with the scripted model ` +
    `(${s.repairsWithModel} repairs, ${s.repairModelCalls} model calls).`
  );
}

function targetsOf(s: Summary, prefix = '') {
  return [
    {
      name: `${prefix}replay_success_originals`,
      value: s.replaySuccessOriginals,
      goal: `${GOALS.replaySuccessOriginals} %`,
      met: s.replaySuccessOriginals >= GOALS.replaySuccessOriginals,
    },
    {
      name: `${prefix}replay_success_new_inputs`,
      value: s.replaySuccessNewInputs,
      goal: `${GOALS.replaySuccessNewInputs} %`,
      met: s.replaySuccessNewInputs >= GOALS.replaySuccessNewInputs,
    },
    {
      name: `${prefix}drift_without_model`,
      value: s.driftRepairedWithoutModel,
      goal: `>= ${GOALS.driftRepairedWithoutModel} %`,
      met: s.driftRepairedWithoutModel >= GOALS.driftRepairedWithoutModel,
    },
    {
      name: `${prefix}median_ms_per_step`,
      value: s.medianMsPerStep,
      goal: `<= ${GOALS.medianMsPerStep}`,
      met: s.medianMsPerStep <= GOALS.medianMsPerStep,
    },
  ];
}

/**
 * What a step that loads a page cannot go below here: the driver opening bakery pages in one
 * tab, waiting for the load as a replayed step does, with nothing of the player around it.
 */
async function pageLoadFloor(browser: NodeBrowser, gymUrl: string): Promise<number> {
  const tab = await browser.openTab('about:blank');
  const pages = ['/bakery/', '/bakery/search?q=rye', '/bakery/search?q=bun', '/bakery/basket'];
  const ms: number[] = [];
  try {
    for (let i = 0; i < 16; i++) {
      const started = performance.now();
      await tab.navigate(`${gymUrl}${pages[i % pages.length]}`, { settle: 'loaded' });
      if (i >= 4) ms.push(performance.now() - started);
    }
  } finally {
    await browser.closeTab(tab.id);
  }
  return round(median(ms), 1);
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  console.log(`bench/skills: ${options.tasks.length} tasks — record once, replay on the original and on the drifted app…`);
  const started = performance.now();
  const gym = await startGym();
  const browser = await NodeBrowser.launch();
  // The secrets the replays store (a task's password): what the repair model is shown hides them.
  const secrets = new SecretVault(
    options.tasks.flatMap((task) => {
      const secret = secretOf(task);
      return secret ? [{ name: secret.name, value: secret.value, site: '127.0.0.1' }] : [];
    }),
  );
  const model = await startScriptedRepair(secrets);
  let rows: TaskRow[];
  let floor: number;
  try {
    floor = await pageLoadFloor(browser, gym.url);
    rows = await runSkillsBench({
      browser,
      gym,
      tasks: options.tasks,
      variants: ['original', 'again', 'drift', 'drift-model'],
      withInputs: true,
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
      [
        'task',
        'set',
        'steps',
        'original ok',
        'again ok',
        'new inputs ok',
        'ms/step (median)',
        'drift ok, no model',
        'drift ok, scripted model',
        'repairs (no model / model)',
      ],
      rows.map((r) => [
        r.id,
        r.set,
        r.steps,
        mark(r.runs.original),
        mark(r.runs.again),
        r.inputs.length ? share(r.inputs) : '–',
        round(median(r.runs.original?.stepMs ?? []), 1),
        mark(r.runs.drift),
        mark(r.runs['drift-model']),
        `${r.runs.drift?.repairs.map((x) => `${x.step}:${x.by}`).join(' ') || '–'} / ${r.runs['drift-model']?.repairs.map((x) => `${x.step}:${x.by}`).join(' ') || '–'}`,
      ]),
    ),
  );
  const bySet = (set: TaskSet) => summarise(rows.filter((r) => r.set === set));
  const summary = { all: summarise(rows), main: bySet('main'), heldOut: bySet('held-out'), pageLoadFloorMs: floor };
  console.log('');
  console.log(sentence('Main set', summary.main));
  console.log(sentence('Held-out set (written without the skills code)', summary.heldOut));
  console.log(sentence('All', summary.all));
  console.log(
    `The floor: opening a bakery page through the driver alone (no skill, no gate, no lookup) takes a median ${floor} ms on this ` +
      `machine; every held-out step loads one.`,
  );
  console.log(`${round((performance.now() - started) / 1000, 1)} s.`);

  if (options.json) {
    const targets = [...targetsOf(summary.all), ...targetsOf(summary.heldOut, 'held_out_')];
    const file = resolve(options.json);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify({ summary, targets }, null, 2)}\n`);
    console.log(`Wrote ${file}.`);
  }
}

await main();
