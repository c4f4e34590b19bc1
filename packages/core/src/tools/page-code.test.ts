import { describe, expect, it } from 'vitest';
import { runTask } from '../agent/agent';
import type { AgentEvent } from '../agent/events';
import { MemoryStore } from '../agent/state';
import { BrowserError } from '../browser/errors';
import type { ActionOutcome, Browser, PageCodeOutcome, PageSnapshot, Tab, TabInfo } from '../browser/port';
import { ScriptedModel, type Script } from '../model/scripted';
import { SafetyPolicy } from '../policy/safety';
import { SecretVault } from '../policy/secrets';
import type { SiteRule } from '../policy/sites';
import type { ConfirmAnswer, ConfirmRequest } from '../policy/types';
import { ToolRunner } from '../runner/runner';
import { ToolRegistry } from './registry';
import { DEFAULT_RENDER } from './response';
import { makeToolContext, TabSession } from './session';

// execute_page_code: offered only where the site's rule enables it, refused elsewhere,
// asked about every time with the code in view, and nothing runs unless the person says yes.

/** A tab on shop.example that records each snippet it is asked to run. */
class CodeTab implements Tab {
  readonly id = '1';
  readonly ran: string[] = [];
  constructor(public url = 'https://shop.example/cart') {}

  private outcome(summary: string): ActionOutcome {
    return { summary, navigated: false, url: this.url, newTabs: [], dialogs: [] };
  }

  info(): Promise<TabInfo> {
    return Promise.resolve({ id: this.id, url: this.url, title: 'Cart', active: true });
  }

  runPageCode(code: string): Promise<PageCodeOutcome> {
    this.ran.push(code);
    return Promise.resolve({ ...this.outcome('The code ran.'), value: '{"token":"sk-ant-abcdefghijklmnopqrstuvwxyz0123","total":3}' });
  }

  snapshot(): Promise<PageSnapshot> {
    const page = { text: '[e1] button "Checkout"', url: this.url, title: 'Cart', docId: 'd', isDiff: false, truncated: false };
    return Promise.resolve({ ...page, tokens: 5, refs: [] });
  }

  navigate = () => Promise.resolve(this.outcome('Opened.'));
  goBack = () => Promise.resolve(this.outcome('Back.'));
  goForward = () => Promise.resolve(this.outcome('Forward.'));
  reload = () => Promise.resolve(this.outcome('Reloaded.'));
  act = () => Promise.resolve(this.outcome('Acted.'));
  describe = () => Promise.reject(new BrowserError('stale-ref', 'No such ref.', true));
  describeFocused = () => Promise.resolve(null);
  find = () => Promise.resolve([]);
  locate = () => Promise.resolve({ ref: null, tried: [] });
  locatorsOf = () => Promise.resolve([]);
  extract = () => Promise.reject(new BrowserError('not-supported', 'Not in this test.', false));
  waitFor = () => Promise.resolve('Waited.');
  screenshot = () => Promise.reject(new BrowserError('not-supported', 'Not in this test.', false));
  html = () => Promise.resolve('<p>x</p>');
}

function browserOf(tab: CodeTab): Browser {
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

const CODE = 'await setValue("#qty", "3");\nawait click("Update");\nreturn { total: 3 };';
const ENABLED: SiteRule[] = [{ site: 'shop.example', decision: 'allow', pageCode: true }];

type Asked = ConfirmRequest & { tool: string };

/** Runs calls through the ToolRunner as any caller would, answering each question from `answers`. */
async function run(rules: SiteRule[], calls: Record<string, unknown>[], answers: ConfirmAnswer[], tab = new CodeTab()) {
  const asked: Asked[] = [];
  const vault = new SecretVault([{ name: 'shop', value: 'hunter2-Secret!', site: 'shop.example' }]);
  const runner = new ToolRunner({
    registry: new ToolRegistry(),
    policy: new SafetyPolicy({ sites: rules, secrets: vault }),
    render: { ...DEFAULT_RENDER, redact: (text) => vault.redact(DEFAULT_RENDER.redact(text)) },
    confirm: (request) => {
      asked.push(request);
      return Promise.resolve(answers.shift() ?? 'deny');
    },
  });
  const browser = browserOf(tab);
  const context = makeToolContext({ browser, tabs: new TabSession(browser), signal: new AbortController().signal });
  const results = [];
  // Offered as the agent loop offers it on such a site (callers that name no tool set never offer it).
  for (const input of calls) results.push(await runner.run({ name: 'execute_page_code', input }, context, ['execute_page_code']));
  return { results, asked, ran: tab.ran };
}

describe('execute_page_code: the policy', () => {
  it('is refused, with how to turn it on, where the site rule does not enable it, and on a blocked site', async () => {
    for (const rules of [
      [],
      [{ site: 'shop.example', decision: 'allow' }],
      [{ site: 'shop.example', decision: 'block', pageCode: true }],
      // The most specific rule decides: a subdomain's own rule without page code wins over its parent's.
      [
        { site: 'example', decision: 'allow', pageCode: true },
        { site: 'shop.example', decision: 'allow' },
      ],
    ] satisfies SiteRule[][]) {
      const { results, asked, ran } = await run(rules, [{ code: CODE }], ['once']);
      expect(results[0]?.isError).toBe(true);
      expect(results[0]?.text).toMatch(/^Not allowed: /);
      expect(asked).toEqual([]);
      expect(ran).toEqual([]);
    }
    const { results } = await run([], [{ code: CODE }], []);
    expect(results[0]?.text).toContain('Running code in pages is off for shop.example');
    expect(results[0]?.text).toContain('"pageCode": true');
    expect(results[0]?.display).toContain('tick "Page code"');
  });

  it('asks every time, showing the code verbatim in a fenced block, and runs it only on yes', async () => {
    const { results, asked, ran } = await run(ENABLED, [{ code: CODE }, { code: CODE }], ['once', 'once']);
    expect(asked).toHaveLength(2);
    for (const question of asked) {
      expect(question).toMatchObject({ kind: 'page-code', site: 'shop.example', choices: 'once', tool: 'execute_page_code' });
      expect(question.question).toContain(`\`\`\`js\n${CODE}\n\`\`\``);
    }
    expect(ran).toEqual([CODE, CODE]);
    // The result is page data: fenced, and credentials in it redacted.
    expect(results[0]?.text).toContain('<page-content source="https://shop.example/cart (what the code returned)">');
    expect(results[0]?.text).toContain('"total":3');
    expect(results[0]?.text).not.toContain('sk-ant-');
  });

  it('is not approved by an "always" for the site, which keeps the site rule\'s page code', async () => {
    const remembered: string[] = [];
    const policy = new SafetyPolicy({
      sites: [{ site: 'shop.example', decision: 'ask', pageCode: true }],
      remember: (site, decision) => void remembered.push(`${site} ${decision}`),
    });
    const call = { tool: 'navigate', input: {}, effects: [] };
    await policy.answered(call, { kind: 'new-site', site: 'shop.example', choices: 'site', question: 'Open shop.example?' }, 'always');
    expect(remembered).toEqual(['shop.example allow']);
    expect(policy.pageCode('https://shop.example/cart')).toBe(true);
    const context = {
      tabUrl: () => Promise.resolve('https://shop.example/cart'),
      element: () => Promise.resolve(null),
      focused: () => Promise.resolve(null),
    };
    const verdict = await policy.check(
      { tool: 'execute_page_code', input: { code: CODE }, effects: [{ kind: 'run-code', code: CODE }] },
      context,
    );
    expect(verdict).toMatchObject({ decision: 'confirm', kind: 'page-code' });
  });

  it('is not offered by a caller that names no tool set (MCP, skill replay), even where the site enables it', async () => {
    const tab = new CodeTab();
    const browser = browserOf(tab);
    const runner = new ToolRunner({
      registry: new ToolRegistry(),
      policy: new SafetyPolicy({ sites: ENABLED }),
      render: DEFAULT_RENDER,
      confirm: () => Promise.resolve('once'),
    });
    const context = makeToolContext({ browser, tabs: new TabSession(browser), signal: new AbortController().signal });
    const result = await runner.run({ name: 'execute_page_code', input: { code: CODE } }, context);
    expect(result.text).toMatch(/^execute_page_code is not available/);
    expect(tab.ran).toEqual([]);
  });

  it('keeps code that holds backticks inside its fence', async () => {
    const code = 'return `a ${"```"} b`;';
    const { asked } = await run(ENABLED, [{ code }], ['deny']);
    expect(asked[0]?.question).toContain(`\`\`\`\`js\n${code}\n\`\`\`\``);
  });

  it('runs nothing when the person declines, and says so', async () => {
    const { results, asked, ran } = await run(ENABLED, [{ code: CODE }], ['deny']);
    expect(asked).toHaveLength(1);
    expect(ran).toEqual([]);
    expect(results[0]?.isError).toBe(true);
    expect(results[0]?.text).toMatch(/^The user declined/);
  });

  it('never fills a stored secret into code: a placeholder in it is refused before anyone is asked', async () => {
    const { results, asked, ran } = await run(ENABLED, [{ code: 'await setValue("#pw", "{{secret:shop}}");' }], ['once']);
    expect(results[0]?.text).toMatch(/^Not allowed: Secrets can only be typed into fields/);
    expect(asked).toEqual([]);
    expect(ran).toEqual([]);
  });

  it('caps the code and the time limit', async () => {
    const { results, ran } = await run(ENABLED, [{ code: 'x'.repeat(8_001) }, { code: CODE, timeoutMs: 60_000 }], ['once', 'once']);
    expect(results.map((r) => r.text)).toEqual([
      expect.stringMatching(/^Invalid arguments for execute_page_code: code:/),
      expect.stringMatching(/^Invalid arguments for execute_page_code: timeoutMs:/),
    ]);
    expect(ran).toEqual([]);
  });
});

describe('execute_page_code: in a task', () => {
  /** A task whose model calls execute_page_code twice (the site was approved "always" in between), then finishes. */
  async function task(rules: SiteRule[], answer: (request: Asked) => ConfirmAnswer, mode: 'act' | 'plan' | 'ask' = 'act') {
    const tab = new CodeTab();
    const events: AgentEvent[] = [];
    const store = new MemoryStore();
    const script: Script = {
      steps: [
        { calls: [{ tool: 'execute_page_code', args: { code: CODE } }] },
        { calls: [{ tool: 'execute_page_code', args: { code: CODE } }] },
        { calls: [{ tool: 'done', args: { summary: 'x', success: true } }] },
      ],
    };
    const actor = {
      model: new ScriptedModel(script),
      label: 'scripted',
      contextWindow: 100_000,
      toolMode: 'native' as const,
      vision: false,
    };
    const planner = {
      ...actor,
      model: new ScriptedModel({ steps: [{ calls: [{ tool: 'propose_plan', args: { steps: ['Update the cart'], message: 'ok' } }] }] }),
    };
    const result = await runTask({
      task: 'Update the cart',
      mode,
      browser: browserOf(tab),
      models: { actor, planner },
      store,
      policy: new SafetyPolicy({ sites: rules }),
      onEvent: (e) => events.push(e),
      // A plan approved up front stands for no code run.
      approvePlan: () => Promise.resolve({ approved: true }),
      confirm: (request) => Promise.resolve(answer(request)),
    });
    const results =
      (await store.loadTask(result.taskId))?.messages
        .flatMap((m) => (m.role === 'tool' ? m.content : []))
        .flatMap((p) =>
          p.type === 'tool-result' && (p.output.type === 'text' || p.output.type === 'error-text') ? [p.output.value] : [],
        ) ?? [];
    const asked = events.flatMap((e) => (e.type === 'confirmation-needed' ? [e.kind] : []));
    return { ran: tab.ran, results, asked };
  }

  it('is offered on a site that enables it, and each run is asked about, in act and plan mode alike', async () => {
    for (const mode of ['act', 'plan'] as const) {
      const { ran, asked } = await task(ENABLED, () => 'once', mode);
      expect(asked).toEqual(['page-code', 'page-code']);
      expect(ran).toEqual([CODE, CODE]);
    }
  });

  it('is not offered on a site without page code: the model is told it is off, and nothing runs', async () => {
    const { ran, results, asked } = await task([{ site: 'shop.example', decision: 'allow' }], () => 'once');
    expect(ran).toEqual([]);
    expect(asked).toEqual([]);
    expect(results[0]).toMatch(/^execute_page_code is not available: running code in pages is off for this site/);
    expect(results[0]).not.toMatch(/Available tools: [^.]*execute_page_code/);
  });

  it('is not offered in ask mode (which changes nothing), even where the site enables it', async () => {
    const { ran, asked, results } = await task(ENABLED, () => 'once', 'ask');
    expect(ran).toEqual([]);
    expect(asked).toEqual([]);
    expect(results[0]).toMatch(/^execute_page_code is not available/);
  });

  it('runs nothing when the person declines', async () => {
    const { ran, asked } = await task(ENABLED, () => 'deny');
    expect(asked).toEqual(['page-code', 'page-code']);
    expect(ran).toEqual([]);
  });
});
