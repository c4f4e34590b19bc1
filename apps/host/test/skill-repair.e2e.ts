import {
  DEFAULT_RENDER,
  makeToolContext,
  parseSkillFile,
  playSkill,
  Redaction,
  repairModelFrom,
  SafetyPolicy,
  SecretVault,
  TabSession,
  ToolRegistry,
  ToolRunner,
  writeSkillFile,
  type ConfirmAnswer,
  type ProposedRepair,
  type RepairOptions,
  type StepEvent,
} from '@wayfinder/core';
import { checkTask, startOpenAICompatible, taskById } from '@wayfinder/gym';
import { describe, expect, it } from 'vitest';
import { useGymAndBrowser } from './driver';
import { modelSlot } from '../src/models';

// Repair on drift (docs/0026-skill-repair.md) on the real driver and the gym's shop: a step
// whose element changed is found again by name, or picked by a model (a mock
// OpenAI-compatible server: the real provider path), and the fix is kept only when the step
// then does what its expectations say.

const driver = useGymAndBrowser();

const ADDED = { kind: 'text', value: 'Added 1 × Trail Lantern to your cart.' };

/** To the lantern's page, then "Add to cart" recorded with what `add` says (locators, expectations). */
function lanternSkill(add: object, risk = 'low'): string {
  const steps = [
    { type: 'navigate', url: 'http://127.0.0.1:1/shop', via: 'typed' },
    { type: 'change', value: 'lantern', targetName: 'Search', locators: [{ kind: 'placeholder', value: 'Search tents, stoves, lights…' }] },
    {
      type: 'press',
      key: 'Enter',
      expect: [{ kind: 'state', state: 'visible', locators: [{ kind: 'role', value: 'link', name: 'Trail Lantern' }] }],
    },
    {
      type: 'click',
      targetName: 'Trail Lantern',
      locators: [{ kind: 'role', value: 'link', name: 'Trail Lantern' }],
      expect: [{ kind: 'url', value: '/shop/', match: 'contains' }],
    },
    { type: 'click', ...add },
  ];
  return `---\nname: Buy a lantern\nversion: 3\nrisk: ${risk}\nsites: [127.0.0.1]\n---\n\n\`\`\`wayfinder-steps\n${JSON.stringify({ steps }, null, 2)}\n\`\`\`\n`;
}

async function play(text: string, repair: RepairOptions | undefined, confirm: (kind: string) => ConfirmAnswer = () => 'once') {
  const skill = parseSkillFile(text, 'test.skill.md');
  const policy = new SafetyPolicy({ sites: [], secrets: new SecretVault([]) });
  const runner = new ToolRunner({
    registry: new ToolRegistry(),
    policy,
    render: DEFAULT_RENDER,
    confirm: (r) => Promise.resolve(confirm(r.kind)),
  });
  const context = makeToolContext({ browser: driver.browser, tabs: new TabSession(driver.browser), signal: new AbortController().signal });
  const startUrl = `${driver.gym.url}/shop`;
  policy.begin(startUrl);
  const events: StepEvent[] = [];
  const result = await playSkill(skill, runner, context, {
    secretNames: [],
    startUrl,
    stepTimeoutMs: 2_000,
    onStep: (e) => events.push(e),
    ...(repair ? { repair: { now: () => new Date('2026-11-23T10:00:00Z'), ...repair } } : {}),
  });
  return { result, events };
}

const cartHasLantern = async () => (await checkTask(taskById('shop-lantern'), driver.gym.url)).ok;

describe('repair on drift', () => {
  it('finds a drifted target again by its name, does the step, and writes the fix back one version up with a log entry', async () => {
    // Recorded as a link with an id; the page now has a button by that name, and no such id.
    const text = lanternSkill({
      targetName: 'Add to cart',
      locators: [
        { kind: 'id', value: 'buy-now-2019' },
        { kind: 'role', value: 'link', name: 'Add to cart' },
      ],
      expect: [ADDED],
    });
    const { result, events } = await play(text, {});
    expect(result, result.message).toMatchObject({ ok: true, done: 5 });
    expect(await cartHasLantern()).toBe(true);
    expect(result.repairs).toHaveLength(1);
    expect(result.repairs[0]).toMatchObject({
      at: '2026-11-23T10:00:00.000Z',
      version: 4,
      step: 5,
      by: 'find',
      from: 'id "buy-now-2019", link "Add to cart"',
    });
    expect(result.repairs[0]?.to).toContain('button "Add to cart"');
    expect(events.find((e) => e.type === 'step-repaired')).toMatchObject({ index: 4, by: 'find' });
    // The repaired file replays with no repair at all, and says what happened.
    const written = writeSkillFile(result.skill);
    expect(written).toMatch(/^version: 4$/m);
    expect(result.skill.steps[4]?.locators?.[0]).toEqual({ kind: 'role', value: 'button', name: 'Add to cart' });
    driver.gym.reset();
    const again = await play(written, undefined);
    expect(again.result, again.result.message).toMatchObject({ ok: true, repairs: [] });
  });

  it('without repair the same drift stops the replay at that step, nothing added', async () => {
    const text = lanternSkill({ targetName: 'Add to cart', locators: [{ kind: 'id', value: 'buy-now-2019' }], expect: [ADDED] });
    const { result } = await play(text, undefined);
    expect(result).toMatchObject({ ok: false, done: 4, repairs: [] });
    expect(result.skill.version).toBe(3);
    expect(await cartHasLantern()).toBe(false);
  });

  it("takes a model's pick only when the step's expectation then holds", async () => {
    // Nothing on the page carries the recorded names: only a model can tell "Buy it" meant "Add to cart".
    const add = {
      targetName: 'Buy it',
      locators: [
        { kind: 'id', value: 'buy-now-2019' },
        { kind: 'text', value: 'Buy it' },
      ],
      expect: [ADDED],
    };
    const picks: string[] = [];
    const server = await startOpenAICompatible((messages) => {
      const page = JSON.stringify(messages);
      // The page text reaches the model fenced; the pick is the ref on the "Add to cart" (or, second time, "Back to the shop") line.
      const wanted = picks.length === 0 ? 'button \\"Add to cart\\"' : 'link \\"Shop\\"';
      const line = page.split('\\n').find((l) => l.includes(wanted)) ?? '';
      const ref = /\[(e\d+)\]/.exec(line)?.[1] ?? 'none';
      picks.push(ref);
      return { calls: [{ name: 'pick_element', input: { ref, why: 'same place, same job' } }] };
    });
    try {
      // A stored secret that shows on the page (here, the product's word) reaches the model as its placeholder only.
      const redaction = new Redaction([{ name: 'shop-word', value: 'Lantern', site: '127.0.0.1' }]);
      const model = repairModelFrom(modelSlot(`openai-compatible:${server.url}#mock-gpt`, {}), redaction);
      const { result } = await play(lanternSkill(add), { model });
      expect(result, result.message).toMatchObject({ ok: true, repairs: [expect.objectContaining({ step: 5, by: 'model' })] });
      expect(await cartHasLantern()).toBe(true);
      expect(picks).toHaveLength(1);
      expect(picks[0]).toMatch(/^e\d+$/);
      // What the model was sent: the step, and the page fenced as untrusted content.
      const sent = JSON.stringify(server.requests.at(-1)?.body);
      expect(sent).toContain('<page-content source=\\"the recorded skill\\">\\nSkill: ');
      expect(sent).toContain('Step 5: Click \\"Buy it\\"');
      expect(sent).toContain('{{secret:shop-word}}');
      expect(sent).not.toContain('Lantern');
      expect(sent).toContain('pick_element');

      // A pick whose step does not lead where it should is not kept: the replay stops, the skill unchanged.
      driver.gym.reset();
      picks.length = 0;
      picks.push('skip');
      const wrong = await play(lanternSkill(add), { model });
      expect(wrong.result.ok).toBe(false);
      expect(wrong.result.message).toContain("the model's pick");
      expect(wrong.result.message).toContain('the page never showed "Added 1 × Trail Lantern to your cart."');
      expect(wrong.result.repairs).toEqual([]);
      expect(wrong.result.skill.version).toBe(3);
      expect(await cartHasLantern()).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('asks before repairing a risky skill; a no leaves the step undone and the skill as it was', async () => {
    const add = {
      targetName: 'Add to cart',
      locators: [
        { kind: 'id', value: 'buy-now-2019' },
        { kind: 'text', value: 'Add to cart' },
      ],
    };
    const asked: ProposedRepair[] = [];
    const declined = await play(
      lanternSkill({ ...add, locators: [add.locators[0], { kind: 'role', value: 'link', name: 'Add to cart' }] }, 'high'),
      {
        approve: (fix) => {
          asked.push(fix);
          return Promise.resolve(false);
        },
      },
    );
    expect(asked).toEqual([
      expect.objectContaining({ skill: 'Buy a lantern', step: 5, by: 'find', from: 'id "buy-now-2019", link "Add to cart"' }),
    ]);
    expect(declined.result.ok).toBe(false);
    expect(declined.result.message).toContain('was not approved');
    expect(await cartHasLantern()).toBe(false);

    driver.gym.reset();
    const approved = await play(
      lanternSkill({ ...add, locators: [add.locators[0], { kind: 'role', value: 'link', name: 'Add to cart' }] }, 'high'),
      {
        approve: () => Promise.resolve(true),
      },
    );
    expect(approved.result, approved.result.message).toMatchObject({ ok: true, repairs: [expect.objectContaining({ by: 'find' })] });
    expect(await cartHasLantern()).toBe(true);
  });

  it('lets the person do the step by hand, and keeps what they used', async () => {
    const add = { targetName: 'Buy it', locators: [{ kind: 'id', value: 'buy-now-2019' }], expect: [ADDED] };
    const { result } = await play(lanternSkill(add), {
      byHand: async () => {
        // The person clicks "Add to cart" (here, through the driver, as the recorder would see it).
        const tab = await driver.browser.activeTab();
        const s = await tab.snapshot();
        const entry = s.refs.find((r) => r.role === 'button' && r.name === 'Add to cart');
        if (!entry) throw new Error('no Add to cart button');
        const locators = await tab.locatorsOf(entry.ref);
        await tab.act(entry.ref, { kind: 'click' });
        return locators;
      },
    });
    expect(result, result.message).toMatchObject({ ok: true, repairs: [expect.objectContaining({ step: 5, by: 'person' })] });
    expect(result.skill.steps[4]?.locators?.[0]).toEqual({ kind: 'role', value: 'button', name: 'Add to cart' });
    expect(await cartHasLantern()).toBe(true);
  });

  it('never repairs around a refusal: a declined step stops the replay', async () => {
    // The widgets page's payment, recorded with a drifted id: found by name, but the person says no to paying.
    const steps = [
      { type: 'navigate', url: 'http://127.0.0.1:1/widgets', via: 'typed' },
      { type: 'click', targetName: 'Pay $20.00', locators: [{ kind: 'role', value: 'button', name: 'Pay $20.00' }] },
    ];
    const text = `---\nname: Pay\nsites: [127.0.0.1]\n---\n\n\`\`\`wayfinder-steps\n${JSON.stringify({ steps })}\n\`\`\`\n`;
    const model = () => Promise.reject(new Error('the model must not be asked'));
    const skill = parseSkillFile(text, 'pay.skill.md');
    const policy = new SafetyPolicy({ sites: [], secrets: new SecretVault([]) });
    const runner = new ToolRunner({ registry: new ToolRegistry(), policy, render: DEFAULT_RENDER, confirm: () => Promise.resolve('deny') });
    const context = makeToolContext({
      browser: driver.browser,
      tabs: new TabSession(driver.browser),
      signal: new AbortController().signal,
    });
    policy.begin(`${driver.gym.url}/widgets`);
    const result = await playSkill(skill, runner, context, {
      secretNames: [],
      startUrl: `${driver.gym.url}/widgets`,
      stepTimeoutMs: 2_000,
      repair: { model },
    });
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^Step 2 \(Click "Pay \$20\.00"\) could not be done: You declined/);
    expect(result.repairs).toEqual([]);
    expect((await checkTask(taskById('widgets-pay'), driver.gym.url)).ok).toBe(false);
  });
});
