// bench/agent: the gym's task manifest through the agent loop. Prints a table and writes
// JSON: success (the gym's checkers), steps, prompt tokens per step, and time per step in
// the model, in tools and in the loop itself.
//   npm run bench:agent -- [--model scripted|command|<spec>] [--task ID]… [--json FILE]
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, resolve } from 'node:path';
import { NodeBrowser } from '@wayfinder/cdp/node';
import { startGym } from '@wayfinder/gym';
import { median, round } from '../lib/stats';
import { table } from '../lib/table';
import { runAgentBench } from './agent-bench';

const TARGETS = { loopMsPerStep: 150, scriptedTokensPerStep: 3000 };

interface Options {
  model: string;
  json: string;
  only: string[];
}

function parseArgs(argv: string[]): Options {
  const options: Options = { model: 'scripted', json: 'bench/results/agent.json', only: [] };
  for (let i = 0; i < argv.length; i += 2) {
    const [arg, value] = [argv[i], argv[i + 1]];
    if (arg === '--model' && value) options.model = value;
    else if (arg === '--json' && value) options.json = value;
    else if (arg === '--task' && value) options.only.push(value);
    else {
      console.error(
        `Unknown or incomplete option ${arg ?? ''}.\nUsage: npm run bench:agent -- [--model scripted|command|<spec>] [--task ID]… [--json FILE]`,
      );
      process.exit(2);
    }
  }
  return options;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const gym = await startGym();
  const browser = await NodeBrowser.launch();
  console.log(`bench/agent · model ${options.model} · gym ${gym.url}\n`);
  try {
    const result = await runAgentBench({
      model: options.model,
      gym,
      browser,
      env: process.env,
      only: options.only,
      onTask: (row) =>
        console.log(
          `${row.ok ? '✓' : '✗'} ${row.id} (${row.steps} steps, ${(row.totalMs / 1000).toFixed(1)} s)${row.ok ? '' : `: ${row.reason}`}`,
        ),
    });
    const passed = result.rows.filter((r) => r.ok).length;
    const all = {
      tokensPerStep: round(median(result.steps.map((s) => s.tokens)), 0),
      modelMsPerStep: round(median(result.steps.map((s) => s.modelMs)), 1),
      toolMsPerStep: round(median(result.steps.map((s) => s.toolMs)), 1),
      loopMsPerStep: round(median(result.steps.map((s) => s.loopMs)), 1),
      steps: result.steps.length,
    };
    console.log(
      `\n${table(
        ['task', 'ok', 'steps', 'tokens/step', 'model ms/step', 'tools ms/step', 'loop ms/step', 'total s'],
        [
          ...result.rows.map((r) => [
            r.id,
            r.ok ? 'yes' : 'NO',
            r.steps,
            r.tokensPerStep,
            r.modelMsPerStep,
            r.toolMsPerStep,
            r.loopMsPerStep,
            round(r.totalMs / 1000, 2),
          ]),
          [
            `all (${passed}/${result.rows.length} passed)`,
            '',
            all.steps,
            all.tokensPerStep,
            all.modelMsPerStep,
            all.toolMsPerStep,
            all.loopMsPerStep,
            '',
          ],
        ],
      )}`,
    );
    if (result.skipped.length) console.log(`\nSkipped: ${result.skipped.map((s) => `${s.id} (${s.why})`).join(', ')}`);
    const loopOk = all.loopMsPerStep <= TARGETS.loopMsPerStep;
    const tokensOk = options.model !== 'scripted' || all.tokensPerStep <= TARGETS.scriptedTokensPerStep;
    console.log(
      `\nTargets: loop overhead ≤ ${TARGETS.loopMsPerStep} ms/step median: ${all.loopMsPerStep} ${loopOk ? '✓' : '✗'}` +
        (options.model === 'scripted'
          ? ` · prompt ≤ ${TARGETS.scriptedTokensPerStep} tokens/step median: ${all.tokensPerStep} ${tokensOk ? '✓' : '✗'}`
          : ''),
    );
    const out = resolve(options.json);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(
      out,
      `${JSON.stringify(
        {
          bench: 'agent',
          model: options.model,
          date: new Date().toISOString(),
          node: process.version,
          cpus: cpus().length,
          targets: TARGETS,
          summary: { passed, tasks: result.rows.length, ...all },
          tasks: result.rows,
          skipped: result.skipped,
          steps: result.steps,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\nWrote ${out}`);
    process.exitCode = passed === result.rows.length && loopOk && tokensOk ? 0 : 1;
  } finally {
    await browser.close();
    await gym.close();
  }
}

await main();
