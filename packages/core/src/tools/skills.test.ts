import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { runTask, type RunOptions } from '../agent/agent';
import type { AgentEvent } from '../agent/events';
import { normalizeAddress } from '../browser/address';
import { BrowserError } from '../browser/errors';
import type {
  Action,
  ActionOutcome,
  Browser,
  ElementFacts,
  ElementLocator,
  LocateResult,
  PageSnapshot,
  Tab,
  TabInfo,
} from '../browser/port';
import { ScriptedModel, type Script } from '../model/scripted';
import type { ModelSlot } from '../model/slot';
import { elementFacts } from '../policy/classify';
import { SafetyPolicy } from '../policy/safety';
import { SecretVault } from '../policy/secrets';
import type { ConfirmAnswer } from '../policy/types';
import { summaryOf, type SkillLibrary } from '../skills/library';
import type { Skill, SkillStep } from '../skills/types';

// The skill tools through the agent loop, as a model uses them: offered only when the person
// has skills, a site's skills named in the first prompt and when the tab reaches that site,
// run_skill playing the steps on the page with the model's inputs through the same runner
// (the payment still asked about, a refusal stopping the skill at that step, secrets
// filled only at typing time), and errors that say what exists and what is needed.

/** A shop page at shop.example that records what is done to it; elements found by their names. */
class FakeTab implements Tab {
  readonly id = '1';
  readonly done: string[] = [];
  constructor(public url = 'https://shop.example/') {}
  private readonly elements: Record<string, ElementFacts> = {
    e1: elementFacts({ role: 'textbox', tag: 'input', editable: true, name: 'Email' }),
    e2: elementFacts({ role: 'textbox', tag: 'input', inputType: 'password', secret: true, editable: true, name: 'Password' }),
    e3: elementFacts({ name: 'Join' }),
    e4: elementFacts({ name: 'Pay $20.00' }),
  };

  private outcome(summary: string): ActionOutcome {
    this.done.push(summary);
    return { summary, navigated: false, url: this.url, newTabs: [], dialogs: [] };
  }

  info(): Promise<TabInfo> {
    return Promise.resolve({ id: this.id, url: this.url, title: 'Shop', active: true });
  }

  navigate(url: string): Promise<ActionOutcome> {
    this.url = normalizeAddress(url);
    return Promise.resolve(this.outcome(`open ${this.url}`));
  }

  goBack = () => Promise.resolve(this.outcome('back'));
  goForward = () => Promise.resolve(this.outcome('forward'));
  reload = () => Promise.resolve(this.outcome('reload'));

  snapshot(): Promise<PageSnapshot> {
    const text = Object.entries(this.elements)
      .map(([ref, f]) => `[${ref}] ${f.role} "${f.name}"`)
      .join('\n');
    return Promise.resolve({ text, url: this.url, title: 'Shop', docId: 'd1', isDiff: false, truncated: false, tokens: 20, refs: [] });
  }

  act(ref: string | null, action: Action): Promise<ActionOutcome> {
    const name = ref ? (this.elements[ref]?.name ?? ref) : 'page';
    return Promise.resolve(this.outcome(`${action.kind} ${name}${action.kind === 'type' ? ` "${action.text}"` : ''}`));
  }

  describe(ref: string): Promise<ElementFacts> {
    const facts = this.elements[ref];
    return facts ? Promise.resolve(facts) : Promise.reject(new BrowserError('stale-ref', `No ${ref} on the page.`, true));
  }

  locate(locators: ElementLocator[]): Promise<LocateResult> {
    for (const by of locators) {
      const hit = Object.entries(this.elements).find(([, f]) => f.name === (by.kind === 'role' ? by.name : by.value));
      if (hit) return Promise.resolve({ ref: hit[0], by, matches: 1 });
    }
    return Promise.resolve({ ref: null, tried: locators.map((by) => ({ by, matches: 0, hidden: 0 })) });
  }

  describeFocused = () => Promise.resolve(null);
  find = () => Promise.resolve([]);
  locatorsOf = () => Promise.resolve([]);
  extract = () => Promise.reject(new BrowserError('not-supported', 'Not in this test.', false));
  waitFor = () => Promise.resolve('Waited.');
  screenshot = () => Promise.reject(new BrowserError('not-supported', 'Not in this test.', false));
  html = () => Promise.resolve('<p>x</p>');
  runPageCode = () => Promise.reject(new BrowserError('not-supported', 'Not in this test.', false));
}

function fakeBrowser(tab: FakeTab): Browser {
  return {
    tabs: async () => [await tab.info()],
    activeTab: () => Promise.resolve(tab),
    openTab: () => Promise.reject(new BrowserError('not-supported', 'One tab in this test.', false)),
    switchTab: () => Promise.resolve(tab),
    closeTab: () => Promise.resolve(),
    setDialogPolicy: () => undefined,
    setRequestGuard: () => Promise.resolve(),
  };
}

const byLabel = (value: string) => [{ kind: 'label' as const, value }];
const byButton = (name: string) => [{ kind: 'role' as const, value: 'button', name }];

function skill(name: string, steps: SkillStep[], more: Partial<Skill> = {}): Skill {
  return {
    name,
    description: '',
    version: 1,
    sites: ['shop.example'],
    inputs: [],
    secrets: [],
    risk: 'low',
    recordedAt: '2026-11-01T10:00:00.000Z',
    repairs: [],
    steps,
    ...more,
  };
}

const JOIN = skill(
  'Join the shop',
  [
    { type: 'navigate', url: 'https://shop.example/join', via: 'typed' },
    { type: 'change', value: '{{email}}', targetName: 'Email', locators: byLabel('Email') },
    { type: 'change', value: '{{secret:shop}}', targetName: 'Password', locators: byLabel('Password') },
    { type: 'click', targetName: 'Join', locators: byButton('Join') },
  ],
  {
    description: 'Makes an account on the shop.',
    inputs: [{ name: 'email', type: 'string', format: 'email', examples: ['old@example.com'], required: true }],
    secrets: ['shop'],
  },
);

const PAY = skill(
  'Pay the bill',
  [
    { type: 'change', value: '{{card}}', targetName: 'Email', locators: byLabel('Email') },
    { type: 'click', targetName: 'Pay $20.00', locators: byButton('Pay $20.00') },
  ],
  { inputs: [{ name: 'card', type: 'string', examples: [], required: true }] },
);

const ELSEWHERE = skill('Read the news', [{ type: 'navigate', url: 'https://news.example/' }], { sites: ['news.example'] });

function library(skills: Skill[]): SkillLibrary {
  return {
    list: () => Promise.resolve(skills.map(summaryOf)),
    get: (name) => Promise.resolve(skills.find((s) => s.name === name) ?? null),
  };
}

const call = (tool: string, args: Record<string, unknown> = {}) => ({ calls: [{ tool, args }] });
const finish = call('done', { summary: 'ok', success: true });

function spyModel(steps: Script['steps']): { slot: ModelSlot; spy: MockLanguageModelV4; prompts: string[] } {
  const model = new ScriptedModel({ steps });
  // Each prompt as it was sent (the loop goes on adding to the same history).
  const prompts: string[] = [];
  const spy = new MockLanguageModelV4({
    doStream: (options) => {
      prompts.push(JSON.stringify(options.prompt));
      return model.doStream(options);
    },
  });
  return { slot: { model: spy, label: 'scripted', contextWindow: 100_000, toolMode: 'native', vision: false }, spy, prompts };
}

const SECRET = 'hunter2-Secret!';

async function run(steps: Script['steps'], options: Partial<RunOptions> & { tab?: FakeTab; answer?: ConfirmAnswer } = {}) {
  const { slot, spy, prompts } = spyModel(steps);
  const tab = options.tab ?? new FakeTab();
  const secrets = new SecretVault([{ name: 'shop', value: SECRET, site: 'shop.example' }]);
  const events: AgentEvent[] = [];
  const asked: string[] = [];
  const result = await runTask({
    task: 'Do it',
    browser: fakeBrowser(tab),
    models: { actor: slot },
    policy: new SafetyPolicy({ sites: [], secrets }),
    secrets,
    onEvent: (e) => events.push(e),
    confirm: (request): Promise<ConfirmAnswer> => {
      asked.push(request.question);
      return Promise.resolve(options.answer ?? 'deny');
    },
    ...options,
  });
  const offered = (at = 0) => (spy.doStreamCalls[at]?.tools ?? []).map((t) => t.name);
  const prompt = (at: number) => prompts[at] ?? '';
  const results = events.flatMap((e) => (e.type === 'tool-result' ? [e] : []));
  return { result, tab, offered, prompt, results, asked, spy };
}

/** The text of the last tool result the model read before call `at`. */
function lastToolText(prompt: string): string {
  return prompt.slice(prompt.lastIndexOf('"tool-result"'));
}

describe('the skill tools', () => {
  it('are offered only when the person has skills, and the first prompt names the skills of the page’s site with their inputs', async () => {
    const none = await run([finish]);
    expect(none.offered()).not.toContain('list_skills');
    const empty = await run([finish], { skills: library([]) });
    expect(empty.offered()).not.toContain('run_skill');
    expect(empty.prompt(0)).not.toContain('Skills the person recorded');

    const some = await run([finish], { skills: library([JOIN, ELSEWHERE]) });
    expect(some.offered()).toEqual(expect.arrayContaining(['list_skills', 'run_skill']));
    expect(some.prompt(0)).toContain('Skills the person recorded for this site');
    expect(some.prompt(0)).toContain('\\"Join the shop\\" — Makes an account on the shop. (4 steps; inputs: email)');
    expect(some.prompt(0)).not.toContain('Read the news');
    // Asking about a page never replays anything.
    const ask = await run([{ text: 'An answer.' }], { skills: library([JOIN]), mode: 'ask' });
    expect(ask.offered()).not.toContain('run_skill');
    expect(ask.offered()).not.toContain('list_skills');
  });

  it('list_skills then run_skill: the steps are done on the page with the new input, the secret filled only at typing', async () => {
    const { tab, prompt, results, result } = await run(
      [call('list_skills'), call('run_skill', { name: 'Join the shop', inputs: { email: 'new@example.com' } }), finish],
      { skills: library([JOIN, ELSEWHERE]) },
    );
    expect(result.success).toBe(true);
    const listed = lastToolText(prompt(1));
    expect(listed).toContain('\\"Join the shop\\" on shop.example, 4 steps; inputs: email (email, e.g. \\"old@example.com\\")');
    expect(listed).toContain('\\"Read the news\\" on news.example');
    expect(tab.done).toEqual(['open https://shop.example/join', 'type Email "new@example.com"', `type Password "${SECRET}"`, 'click Join']);
    const ran = lastToolText(prompt(2));
    expect(ran).toContain('all 4 steps done');
    expect(ran).toContain('2. Type \\"{{email}}\\" into \\"Email\\" — done'.replace('{{email}}', 'new@example.com'));
    expect(ran).toContain('What is in view after the skill');
    expect(prompt(2)).not.toContain(SECRET);
    expect(results.find((r) => r.name === 'run_skill')?.ok).toBe(true);
  });

  it('a step the policy holds is asked about as the model’s own call would be; declined, the skill stops there, naming the step', async () => {
    const { tab, prompt, asked, results } = await run([call('run_skill', { name: 'Pay the bill', inputs: { card: '4242' } }), finish], {
      skills: library([PAY]),
    });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/Pay \$20\.00/);
    expect(tab.done).toEqual(['type Email "4242"']);
    const ran = lastToolText(prompt(1));
    expect(ran).toContain('stopped at step 2 of 2');
    expect(ran).toContain('2. Click \\"Pay $20.00\\" — NOT DONE: Step 2');
    expect(results.find((r) => r.name === 'run_skill')?.ok).toBe(false);
  });

  it('a skill whose steps would type a secret into another site’s field is refused by the secrets rule', async () => {
    const tab = new FakeTab('https://other.example/');
    const moved = skill('Sign in', [{ type: 'change', value: '{{secret:shop}}', targetName: 'Password', locators: byLabel('Password') }], {
      sites: ['other.example'],
      secrets: ['shop'],
    });
    const { prompt } = await run([call('run_skill', { name: 'Sign in' }), finish], { skills: library([moved]), tab });
    expect(tab.done).toEqual([]);
    expect(lastToolText(prompt(1))).toMatch(/1\. Type .* — NOT DONE: Step 1 .* could not be done: Not allowed: .*shop\.example/);
  });

  it('says which skills exist for an unknown name, and which inputs are needed or known', async () => {
    const { prompt, tab } = await run(
      [
        call('run_skill', { name: 'Buy a tent' }),
        call('run_skill', { name: 'Pay the bill' }),
        call('run_skill', { name: 'Join the shop', inputs: { mail: 'x@example.com' } }),
        finish,
      ],
      { skills: library([JOIN, PAY]) },
    );
    // The skills' names and inputs were recorded from pages: they reach the model quoted as page data.
    expect(lastToolText(prompt(1))).toContain(
      'There is no skill named \\"Buy a tent\\". Skills: <page-text>Join the shop</page-text>, <page-text>Pay the bill</page-text>',
    );
    expect(lastToolText(prompt(2))).toContain('needs <page-text>card</page-text>');
    expect(lastToolText(prompt(2))).toContain('inputs <page-text>{\\"card\\": \\"…\\"}</page-text>');
    expect(lastToolText(prompt(3))).toContain(
      'has no input \\"mail\\". Its inputs: <page-text>email (email, e.g. \\"old@example.com\\")</page-text>',
    );
    expect(tab.done).toEqual([]);
  });

  it('names a site’s skills again when the tab reaches that site, not on every step there', async () => {
    const tab = new FakeTab('https://news.example/');
    const { prompt } = await run([call('navigate', { url: 'https://shop.example/' }), call('scroll', { direction: 'down' }), finish], {
      skills: library([JOIN]),
      tab,
      answer: 'once',
    });
    expect(prompt(0)).not.toContain('Skills the person recorded');
    expect(lastToolText(prompt(1))).toContain('Skills the person recorded for this site');
    expect(lastToolText(prompt(2))).not.toContain('Skills the person recorded');
  });
});
