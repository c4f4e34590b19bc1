import { readFileSync } from 'node:fs';
import { SkillRecorder, type CdpTab } from '@wayfinder/cdp';
import type { NodeBrowser } from '@wayfinder/cdp/node';
import { SCRIPT, skillFromRecording, type Skill } from '@wayfinder/core';
import { fetchState, solutionPath, type CheckResult, type Gym, type GymSnapshot } from '@wayfinder/gym';

// Records a gym task once, as a person would do it: the task's scripted solution
// (gym/solutions) played on a real tab with the driver's trusted mouse and keyboard while
// the SkillRecorder listens, then turned into a skill with core's skillFromRecording. Only
// what a person does is played: clicks, typing key by key, picking an option by typing its
// name, ticking boxes, waiting for text. The model's own moves (snapshot, find, think, done)
// are not actions and are skipped.

/** One call of a solution that a person would do. */
export interface PersonAction {
  tool: 'click' | 'type_text' | 'select_option' | 'check' | 'wait_for';
  args: Record<string, unknown>;
}

const PERSON_TOOLS = new Set<string>(['click', 'type_text', 'select_option', 'check', 'wait_for']);

function isPersonAction(call: { tool: string; args: Record<string, unknown> }): call is PersonAction {
  return PERSON_TOOLS.has(call.tool);
}

/** The person's actions in a task's solution, in order. */
export function personActions(taskId: string): PersonAction[] {
  const script = SCRIPT.parse(JSON.parse(readFileSync(solutionPath(taskId), 'utf8')));
  return script.steps.flatMap((step) => step.calls ?? []).filter(isPersonAction);
}

/** `$ref(role "name")` or `$ref(role /pattern/flags)`: which element a solution means. */
export interface Wanted {
  role: string;
  name: string | RegExp;
}

export function wantedOf(placeholder: unknown): Wanted {
  const match = typeof placeholder === 'string' ? /^\$ref\((\S+) (?:"((?:[^"\\]|\\.)*)"|\/(.*)\/([a-z]*))\)$/.exec(placeholder) : null;
  if (!match) throw new Error(`A solution's ref should be $ref(role "name") or $ref(role /pattern/); got ${JSON.stringify(placeholder)}.`);
  const [, role = '', exact, pattern, flags] = match;
  return { role, name: exact !== undefined ? exact.replace(/\\"/g, '"') : new RegExp(pattern ?? '', flags) };
}

function matches(wanted: Wanted, role: string, name: string): boolean {
  return role === wanted.role && (typeof wanted.name === 'string' ? name === wanted.name : wanted.name.test(name));
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The element's ref in a fresh snapshot, waiting for the page to show it (a person looks until it is there). */
async function resolve(tab: CdpTab, wanted: Wanted, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const snapshot = await tab.snapshot({ mode: 'full' });
    const found = snapshot.refs.find((r) => matches(wanted, r.role, r.name));
    if (found) return found.ref;
    if (Date.now() > deadline)
      throw new Error(`No ${wanted.role} named ${String(wanted.name)} on the page:\n${snapshot.text.slice(0, 2000)}`);
    await tab.waitFor({ kind: 'time', ms: 50 });
  }
}

/**
 * `near`: of the controls a solution names, the one whose nearest surrounding text holds
 * `near` (a person's "the Add beside Dark rye loaf"). Chosen by plain DOM reading in the
 * page's own world — nothing of Wayfinder's row logic, which is what the bench measures —
 * then marked for a moment so a CSS lookup hands out its ref.
 */
async function resolveNear(tab: CdpTab, wanted: Wanted, near: string): Promise<string> {
  if (typeof wanted.name !== 'string') throw new Error('A solution\'s "near" needs a control named exactly, not by a pattern.');
  const mark = 'data-bench-near';
  const pick = `(() => {
    const role = ${JSON.stringify(wanted.role)}, name = ${JSON.stringify(wanted.name)}, near = ${JSON.stringify(near.toLowerCase())};
    const text = (el) => (el.innerText || el.value || '').replace(/\\s+/g, ' ').trim();
    const selector = role === 'link' ? 'a[href], [role=link]' : role === 'button' ? 'button, [role=button], input[type=button], input[type=submit]' : '[role=' + role + ']';
    const copies = [...document.querySelectorAll(selector)].filter((el) => text(el) === name || el.getAttribute('aria-label') === name);
    let best = null, size = Infinity;
    for (const el of copies) {
      for (let up = el.parentElement; up; up = up.parentElement) {
        const t = text(up).toLowerCase();
        if (!t.includes(near)) continue;
        if (t.length < size) { best = el; size = t.length; }
        break;
      }
    }
    document.querySelectorAll('[${mark}]').forEach((el) => el.removeAttribute('${mark}'));
    if (best) best.setAttribute('${mark}', '1');
    return copies.length;
  })()`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    await tab.session.send('Runtime.evaluate', { expression: pick, returnByValue: true });
    const found = await tab.locate([{ kind: 'css', value: `[${mark}]` }]);
    if (found.ref !== null) return found.ref;
    if (Date.now() > deadline) throw new Error(`No ${wanted.role} "${wanted.name}" near "${near}" on the page.`);
    await tab.waitFor({ kind: 'time', ms: 50 });
  }
}

/** Takes the mark off again before the click, so the recording never sees it. */
async function unmark(tab: CdpTab): Promise<void> {
  await tab.session.send('Runtime.evaluate', {
    expression: `document.querySelector('[data-bench-near]')?.removeAttribute('data-bench-near')`,
  });
}

/** Does one action with trusted input, as a person would. */
async function act(tab: CdpTab, action: PersonAction): Promise<void> {
  const { args } = action;
  if (action.tool === 'wait_for') {
    await tab.waitFor({ kind: 'text', text: str(args.text) }, 10_000);
    return;
  }
  const near = str(args.near);
  const ref = near ? await resolveNear(tab, wantedOf(args.ref), near) : await resolve(tab, wantedOf(args.ref));
  if (near) await unmark(tab);
  switch (action.tool) {
    case 'click':
      await tab.act(ref, { kind: 'click' });
      return;
    case 'type_text':
      // Key by key into the field (a date field takes its digits segment by segment, so nothing is cleared first).
      await tab.act(ref, {
        kind: 'type',
        text: str(args.text),
        mode: 'keys',
        replace: args.key_by_key !== true,
        submit: args.submit === true,
      });
      return;
    case 'select_option': {
      // A native select picked by typing the option's name while it has focus (what the keyboard does in a closed select).
      const values = Array.isArray(args.values) ? args.values.map(str) : [];
      await tab.script.call('focus', [ref], ref);
      for (const value of values) await tab.keyboard.type(value);
      return;
    }
    case 'check':
      await tab.act(ref, { kind: 'check', checked: args.checked !== false });
      return;
  }
}

/** The secret a task's recording uses for its password fields (the replay fills it back from a vault). */
export interface TaskSecret {
  name: string;
  value: string;
}

export interface Recorded {
  skill: Skill;
  /** Person actions played. */
  actions: number;
  ms: number;
}

/** What the bench needs of a task: where it starts, what it asks, and how the gym tells it worked. */
export interface BenchTask {
  id: string;
  start: string;
  instruction: string;
  check: (state: GymSnapshot, answer: string) => CheckResult;
}

/** Records `task` on a fresh tab of `browser`, starting at the task's address. */
export async function recordTask(
  browser: NodeBrowser,
  gym: Gym,
  task: BenchTask,
  options: { secret: TaskSecret | null; question: boolean },
): Promise<Recorded> {
  const { secret } = options;
  const started = performance.now();
  const actions = personActions(task.id);
  const tab = await browser.openTab();
  const recorder = new SkillRecorder(browser);
  await recorder.start(tab, { url: gym.url + task.start });
  try {
    for (const action of actions) await act(tab, action);
    // A question's checker needs an answer: its recording ends when the page is still; a task's, when the gym shows its outcome.
    if (options.question) await tab.waitFor({ kind: 'network-idle' }, 5_000);
    else await outcome(gym, task);
  } catch (error) {
    await recorder.stop();
    throw error;
  }
  const events = await recorder.stop();
  const skill = skillFromRecording(events, {
    name: task.id,
    description: task.instruction,
    secretsFor: () => (secret ? [secret.name] : []),
  });
  await browser.closeTab(tab.id).catch(() => undefined);
  return { skill, actions: actions.length, ms: performance.now() - started };
}

/** Waits until the gym's checker sees the task done (requests land after the clicks that send them). */
export async function outcome(gym: Gym, task: Pick<BenchTask, 'check'>, answer = '', timeoutMs = 5_000): Promise<CheckResult> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = task.check(await fetchState(gym.url), answer);
    if (result.ok || Date.now() > deadline) return result;
    await new Promise((done) => setTimeout(done, 50));
  }
}
