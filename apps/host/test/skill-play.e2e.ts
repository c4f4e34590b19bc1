import {
  makeToolContext,
  parseSkillFile,
  playSkill,
  SafetyPolicy,
  SecretVault,
  TabSession,
  ToolRegistry,
  ToolRunner,
  DEFAULT_RENDER,
  type ConfirmAnswer,
  type StepEvent,
} from '@wayfinder/core';
import { checkTask, taskById } from '@wayfinder/gym';
import { describe, expect, it } from 'vitest';
import { useGymAndBrowser } from './driver';

// A skill replayed without a model on the real driver: each step found again from its
// locators and done through the ToolRunner, so the policy still asks what it would ask a
// model's call; a step whose target is gone stops the replay, named.

const driver = useGymAndBrowser();

function skillFile(steps: object[], inputs = ''): string {
  return `---
name: Buy a lantern
sites: [127.0.0.1]
${inputs}---

## What replay runs

\`\`\`wayfinder-steps
${JSON.stringify({ steps }, null, 2)}
\`\`\`
`;
}

const LANTERN = [
  { type: 'navigate', url: 'http://127.0.0.1:1/shop', via: 'typed' },
  {
    type: 'change',
    value: '{{query}}',
    targetName: 'Search',
    locators: [
      { kind: 'id', value: 'q' },
      { kind: 'placeholder', value: 'Search tents, stoves, lights…' },
    ],
  },
  {
    type: 'press',
    key: 'Enter',
    // Where the key went when recorded: replay presses it there.
    targetName: 'Search',
    locators: [{ kind: 'placeholder', value: 'Search tents, stoves, lights…' }],
    expect: [{ kind: 'state', state: 'visible', locators: [{ kind: 'role', value: 'link', name: 'Trail Lantern' }] }],
  },
  {
    type: 'click',
    targetName: 'Trail Lantern',
    locators: [
      { kind: 'role', value: 'link', name: 'Trail Lantern' },
      { kind: 'text', value: 'Trail Lantern' },
    ],
    expect: [
      { kind: 'url', value: '/shop/', match: 'contains' },
      // The results list (and its link) is gone once the product page shows.
      { kind: 'state', state: 'hidden', locators: [{ kind: 'role', value: 'link', name: 'Trail Lantern' }] },
    ],
  },
  { type: 'click', targetName: 'Add to cart', locators: [{ kind: 'role', value: 'button', name: 'Add to cart' }] },
];

const INPUTS = `inputs:
  properties:
    query: { type: string, examples: [lantern] }
  required: [query]
`;

describe('replaying a skill without a model', () => {
  it('does the recorded steps on the live page, with the inputs given, and the order is in the cart', async () => {
    const { result, events } = await playWith(skillFile(LANTERN, INPUTS), {}, () => 'deny', '/shop');
    expect(result, result.message).toMatchObject({ ok: true, done: 5, total: 5 });
    expect(await checkTask(taskById('shop-lantern'), driver.gym.url)).toMatchObject({ ok: true });
    expect(events.filter((e) => e.type === 'step-done').map((e) => e.line)).toEqual([
      `Go to ${driver.gym.url}/shop`,
      'Type "lantern" into "Search"',
      'Press Enter in "Search"',
      'Click "Trail Lantern"',
      'Click "Add to cart"',
    ]);
    expect(result.stepMs).toHaveLength(5);
  });

  it('says "done, but" when a step did its part and the page did not show what was expected, never doing it again', async () => {
    // The product page opens (the step's effect), but it never says "Sold out", which the recording expected.
    const unexpected = LANTERN.map((step, i) => (i === 3 ? { ...step, expect: [{ kind: 'text', value: 'Sold out' }] } : step));
    const last = await playWith(skillFile(unexpected.slice(0, 4), INPUTS), {}, () => 'deny', '/shop');
    expect(last.result, last.result.message).toMatchObject({ ok: true, done: 4, unverified: [expect.objectContaining({ step: 4 })] });
    expect(last.result.message).toBe('Done, but step 4 (Click "Trail Lantern"): the page never showed "Sold out".');
    expect(last.events.filter((e) => e.type === 'step-start' && e.index === 3)).toHaveLength(1);
    // Before the last step, the replay stops there: nothing is done on a page it did not expect.
    const middle = await playWith(skillFile(unexpected, INPUTS), {}, () => 'deny', '/shop');
    expect(middle.result).toMatchObject({ ok: false, done: 4 });
    expect(middle.result.message).toContain('Step 4 (Click "Trail Lantern") was done, but the page never showed "Sold out".');
    expect(middle.result.message).toContain('It was not done again');
    expect(middle.events.some((e) => e.type === 'step-start' && e.index === 4)).toBe(false);
    expect((await checkTask(taskById('shop-lantern'), driver.gym.url)).ok).toBe(false);
  });

  it('stops at the step whose target is gone, naming it and what was looked for; nothing after it is done', async () => {
    const drifted = LANTERN.map((step, i) => (i === 4 ? { ...step, locators: [{ kind: 'id', value: 'buy-now-2019' }] } : step));
    const { result } = await playWith(skillFile(drifted, INPUTS), {}, () => 'deny', '/shop');
    expect(result.ok).toBe(false);
    expect(result.done).toBe(4);
    expect(result.message).toContain('Step 5 (Click "Add to cart") could not be done: nothing on the page matches it any more');
    expect(result.message).toContain('id "buy-now-2019": 0');
    expect((await checkTask(taskById('shop-lantern'), driver.gym.url)).ok).toBe(false);
  });

  it('asks before a payment as it would for a model, and a refusal stops the replay with nothing paid', async () => {
    const pay = [
      { type: 'navigate', url: 'http://127.0.0.1:1/widgets', via: 'typed' },
      { type: 'change', value: 'Sam Hill', targetName: 'Name on card', locators: [{ kind: 'label', value: 'Name on card' }] },
      { type: 'change', value: '{{card}}', targetName: 'Card number', locators: [{ kind: 'label', value: 'Card number' }] },
      { type: 'click', targetName: 'Pay $20.00', locators: [{ kind: 'role', value: 'button', name: 'Pay $20.00' }] },
    ];
    const inputs = `inputs:\n  properties:\n    card: { type: string }\n  required: [card]\n`;
    const skill = skillFile(pay, inputs);
    // The payment is one question (the card's number and Pay together), asked at the card's number: declined.
    const denied = await playWith(skill, { card: '5555 5555 5555 4444' }, (kind) => (kind === 'payment' ? 'deny' : 'once'), '/widgets');
    expect(denied.asked).toEqual(['payment']);
    expect(denied.result.ok).toBe(false);
    expect(denied.result.message).toMatch(/^Step 3 \(.*Card number.*\) could not be done: /);
    expect((await checkTask(taskById('widgets-pay'), driver.gym.url)).ok).toBe(false);

    const missing = await playWith(skill, {}, () => 'once', '/widgets').catch((error: unknown) => String(error));
    expect(missing).toContain('The skill "Buy a lantern" needs card: give --input card=…');
  });
});

/** Plays a skill file on the gym (its first address replaced by the gym's `path`); `confirm` answers the policy's questions. */
async function playWith(text: string, inputs: Record<string, string>, confirm: (kind: string) => ConfirmAnswer, path: string) {
  const skill = parseSkillFile(text, 'test.skill.md');
  const policy = new SafetyPolicy({ sites: [], secrets: new SecretVault([]) });
  const asked: string[] = [];
  const runner = new ToolRunner({
    registry: new ToolRegistry(),
    policy,
    render: DEFAULT_RENDER,
    confirm: (request) => {
      asked.push(request.kind);
      return Promise.resolve(confirm(request.kind));
    },
  });
  const context = makeToolContext({ browser: driver.browser, tabs: new TabSession(driver.browser), signal: new AbortController().signal });
  const events: StepEvent[] = [];
  const startUrl = `${driver.gym.url}${path}`;
  policy.begin(startUrl);
  const result = await playSkill(skill, runner, context, {
    secretNames: [],
    startUrl,
    inputs,
    onStep: (e) => events.push(e),
    stepTimeoutMs: 5_000,
  });
  return { result, events, asked };
}
