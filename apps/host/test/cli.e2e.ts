import { NodeBrowser, launchChromium } from '@wayfinder/cdp/node';
import { fetchState, solutionPath, taskById, TASKS } from '@wayfinder/gym';
import { describe, expect, it } from 'vitest';
import { explain, runCli, SCRIPTS, useGym } from './cli';

// The `wayfinder` command end to end: a separate process, a real Chromium, the gym, and
// success read from the gym's own checkers, never from what the agent says it did.
// Providers are in providers.e2e.ts; errors and the other commands in commands.e2e.ts.

const gym = useGym();
const { startOf, expectChecked } = gym;

describe('a scripted model completes gym tasks through the CLI', () => {
  it.each([
    ['shop-lantern-to-payment', 'a shop purchase up to the payment step'],
    ['signup-create', 'a three-step signup'],
    ['widgets-pay', 'a payment form in a cross-origin frame'],
    ['feed-like-37', 'an item far down an infinite feed'],
    ['feed-fruit', 'a custom listbox'],
  ])('%s: %s', async (taskId) => {
    const run = await runCli([
      'run',
      taskById(taskId).instruction,
      '--url',
      startOf(taskId),
      '--model',
      `script:${solutionPath(taskId)}`,
      '--json',
      '--allow-sensitive',
    ]);
    expect(run.code, explain(run)).toBe(0);
    expect(run.result).toMatchObject({ success: true, status: 'done' });
    await expectChecked(taskId);
    // Every tool call got a result, and the events came in order.
    const calls = run.events.filter((e) => e.type === 'tool-call').length;
    expect(run.events.filter((e) => e.type === 'tool-result')).toHaveLength(calls);
    expect(run.events[0]?.type).toBe('run');
    expect(String(run.events[0]?.model)).toMatch(/^script /);
  });

  it("admin-delete-user: deletes a row after the person allows signing in and the click, and accepts the page's confirm dialog at the prompt", async () => {
    const run = await runCli(
      [
        'run',
        taskById('admin-delete-user').instruction,
        '--url',
        startOf('admin-delete-user'),
        '--model',
        `script:${solutionPath('admin-delete-user')}`,
      ],
      { stdin: 'y\ny\ny\n' },
    );
    expect(run.code, explain(run)).toBe(0);
    expect(run.stdout).toContain(
      'The page asks (confirm): "Delete Alan Turing? This cannot be undone." — It may delete something that cannot be brought back.\nAccept? [y/N]',
    );
    expect(run.stdout).toMatch(
      /Clicked e\d+ \(button <page-text>Delete Alan Turing<\/page-text>\)\. The page showed a confirm dialog <page-text>Delete Alan Turing\? This cannot be undone\.<\/page-text>; it was accept/,
    );
    expect(run.stdout).toMatch(
      /✓ Done {2}6 steps · [\d.]+ s · [\d.k]+ tokens in, \d+ out \(\* estimated\)\nDeleted the member Alan Turing\./,
    );
    await expectChecked('admin-delete-user');
  });

  it('"this task" at the prompt: the payment is asked once, and the second payment on the site goes without a question', async () => {
    const run = await runCli(
      ['run', 'Pay the fee twice.', '--url', `${gym.url}/widgets`, '--model', `script:${SCRIPTS}/widgets-pay-twice.json`],
      { stdin: 't\n' },
    );
    expect(run.code, explain(run)).toBe(0);
    expect(run.stdout).toContain('[y]es, once / [t]his task (not asked again until it ends) / [N]o');
    expect(run.stdout.match(/\[t\]his task/g)).toHaveLength(1);
    expect(run.stdout).toContain('✓ allowed for this task');
    expect((await fetchState(gym.url)).widgets.payments).toHaveLength(2);
  });

  it('declining the confirm dialog keeps the row', async () => {
    const run = await runCli(
      ['run', 'delete Alan', '--url', startOf('admin-delete-user'), '--model', `script:${solutionPath('admin-delete-user')}`],
      { stdin: 'y\ny\nn\n' },
    );
    expect(run.stdout).toMatch(
      /The page showed a confirm dialog <page-text>Delete Alan Turing\? This cannot be undone\.<\/page-text>; it was dismiss/,
    );
    expect((await fetchState(gym.url)).admin.deleted).toEqual([]);
  });

  it('plan mode: shows the plan, runs it once approved, and reports each step', async () => {
    const run = await runCli(
      [
        'run',
        'Choose Kiwi as the favourite fruit.',
        '--mode',
        'plan',
        '--url',
        startOf('feed-fruit'),
        '--model',
        `script:${SCRIPTS}/plan-feed-fruit.json`,
      ],
      { stdin: 'y\n' },
    );
    expect(run.code, explain(run)).toBe(0);
    expect(run.stdout).toContain(
      'Plan: Two short steps on this page.\n  1. Choose Kiwi in the favourite fruit list\n  2. Check that it was saved\nRun this plan? [Y]es / [n]o / [e]dit:',
    );
    expect(run.stdout).toContain('Step 1: Choose Kiwi in the favourite fruit list');
    expect(run.stdout).toContain('  ✓ step done: Kiwi is chosen.');
    expect(run.stdout).toContain('  ✓ step done: The page says Saved: Kiwi.');
    await expectChecked('feed-fruit');
  });

  it('plan mode: the person can edit the plan before it runs', async () => {
    const run = await runCli(
      [
        'run',
        'Choose Kiwi',
        '--mode',
        'plan',
        '--url',
        startOf('feed-fruit'),
        '--model',
        `script:${SCRIPTS}/plan-feed-fruit.json`,
        '--json',
      ],
      { stdin: 'e\nPick Kiwi as the favourite fruit\n\n' },
    );
    expect(run.code, explain(run)).toBe(0);
    const steps = run.events.filter(
      (e) => e.type === 'plan-step' && typeof e.step === 'object' && e.step !== null && 'status' in e.step && e.step.status === 'done',
    );
    expect(steps.map((e) => e.index)).toEqual([0]);
    expect(JSON.stringify(steps[0])).toContain('Pick Kiwi as the favourite fruit');
    await expectChecked('feed-fruit');
  });

  it('plan mode: a declined plan does nothing', async () => {
    const run = await runCli(
      [
        'run',
        'Choose Kiwi',
        '--mode',
        'plan',
        '--url',
        startOf('feed-fruit'),
        '--model',
        `script:${SCRIPTS}/plan-feed-fruit.json`,
        '--json',
      ],
      { stdin: 'n\n' },
    );
    expect(run.code).toBe(1);
    expect(run.result).toMatchObject({ success: false, status: 'stopped', summary: 'The plan was not approved.' });
    expect((await fetchState(gym.url)).feed.fruit).toBe('');
  });
});

describe('the command interpreter (no model configured)', () => {
  const commands = TASKS.flatMap((t) => (t.command ? [[t.id, t.command] as const] : []));

  it('covers at least eight gym tasks', () => {
    expect(commands.length).toBeGreaterThanOrEqual(8);
  });

  it.each(commands)('%s: %s', async (taskId, command) => {
    const run = await runCli(['run', command, '--url', startOf(taskId), '--yes', '--allow-sensitive']);
    expect(run.code, explain(run)).toBe(0);
    expect(run.stdout).toContain('wayfinder · command interpreter · act mode');
    await expectChecked(taskId);
  });

  it('does not guess on a payment it is unsure of, and says how to get more', async () => {
    const run = await runCli(['run', 'click pay', '--url', startOf('widgets-pay')]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/I am not sure "pay" means button "Pay \$20\.00", and I never guess on actions like this\./);
    expect(run.stdout).toContain('configure a model');
    expect((await fetchState(gym.url)).widgets.payments).toEqual([]);
  });

  it('explains what it cannot understand', async () => {
    const run = await runCli(['run', 'book me a nice holiday', '--url', startOf('shop-lantern')]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('I only understand direct commands');
  });
});

describe('attaching to a running browser', () => {
  it('--cdp-endpoint works in the tab the person is looking at, and leaves the browser running', async () => {
    const launched = await launchChromium();
    try {
      const http = launched.wsEndpoint.replace(/^ws:\/\/([^/]+)\/.*$/, 'http://$1');
      const setup = await NodeBrowser.connect(http);
      await setup.openTab(startOf('widgets-counter'));
      const feed = await setup.openTab(startOf('feed-fruit'));
      await setup.switchTab(feed.id);
      await setup.close();

      const run = await runCli(['run', 'select "Kiwi" in "Favourite fruit"', '--cdp-endpoint', http]);
      expect(run.code, explain(run)).toBe(0);
      expect(run.stdout).toContain(`page  Trail feed — ${startOf('feed-fruit')}`);
      await expectChecked('feed-fruit');

      const after = await NodeBrowser.connect(http);
      const urls = (await after.tabs()).map((t) => t.url);
      await after.close();
      expect(urls).toEqual(expect.arrayContaining([startOf('widgets-counter'), startOf('feed-fruit')]));
    } finally {
      await launched.close();
    }
  });

  it('--cdp-endpoint with --url opens a new tab there instead', async () => {
    const launched = await launchChromium();
    try {
      const run = await runCli([
        'run',
        'select "Kiwi" in "Favourite fruit"',
        '--cdp-endpoint',
        launched.wsEndpoint,
        '--url',
        startOf('feed-fruit'),
        '--json',
      ]);
      expect(run.code, explain(run)).toBe(0);
      await expectChecked('feed-fruit');
    } finally {
      await launched.close();
    }
  });
});
