import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runTask } from '../agent/agent';
import type { AgentEvent } from '../agent/events';
import { MemoryStore } from '../agent/state';
import { normalizeAddress } from '../browser/address';
import { BrowserError } from '../browser/errors';
import type { Action, ActionOutcome, Browser, ElementFacts, PageCodeOutcome, PageSnapshot, Tab, TabInfo } from '../browser/port';
import { ScriptedModel, type Script } from '../model/scripted';
import { elementFacts } from '../policy/classify';
import { SafetyPolicy } from '../policy/safety';
import { SecretVault } from '../policy/secrets';
import type { ConfirmAnswer } from '../policy/types';
import { defineTool, type Tool } from '../tools/define';
import { ToolRegistry } from '../tools/registry';
import { DEFAULT_RENDER } from '../tools/response';
import { offeredTools } from '../tools/offer';
import { Redaction } from '../policy/redaction';
import { makeToolContext, TabSession } from '../tools/session';
import { ToolRunner, type ConfirmationEvent } from './runner';

// The runner is the one gated path: a caller other than the agent loop (MCP, the bridge,
// skill replay) gets exactly the refusals and confirmations the loop gets.

/** A page at shop.example with a password form, a Pay button and two links, that records what is done to it. */
class FakeTab implements Tab {
  readonly id = '1';
  readonly done: string[] = [];
  url = 'https://shop.example/checkout';
  private readonly elements: Record<string, ElementFacts> = {
    e1: elementFacts({ role: 'textbox', tag: 'input', inputType: 'password', secret: true, editable: true, name: 'Password' }),
    e2: elementFacts({ role: 'textbox', tag: 'input', editable: true, name: 'Username' }),
    e3: elementFacts({ name: 'Pay $20.00' }),
    e4: elementFacts({ role: 'link', tag: 'a', name: 'Partner offer', href: 'https://partner.example/offer' }),
  };

  private outcome(summary: string): ActionOutcome {
    this.done.push(summary);
    return { summary, navigated: false, url: this.url, newTabs: [], dialogs: [] };
  }

  info(): Promise<TabInfo> {
    return Promise.resolve({ id: this.id, url: this.url, title: 'Checkout', active: true });
  }

  navigate(url: string): Promise<ActionOutcome> {
    // As the driver does: the one reading of an address the policy judged.
    this.url = normalizeAddress(url);
    return Promise.resolve(this.outcome(`Opened ${this.url}.`));
  }

  goBack = () => Promise.resolve(this.outcome('Went back.'));
  goForward = () => Promise.resolve(this.outcome('Went forward.'));
  reload = () => Promise.resolve(this.outcome('Reloaded.'));

  snapshot(): Promise<PageSnapshot> {
    return Promise.resolve({
      text: '[e1] textbox "Password"\n[e2] textbox "Username"\n[e3] button "Pay $20.00"',
      url: this.url,
      title: 'Checkout',
      docId: 'd1',
      isDiff: false,
      truncated: false,
      tokens: 20,
      refs: [],
    });
  }

  act(ref: string | null, action: Action): Promise<ActionOutcome> {
    return Promise.resolve(this.outcome(`${action.kind} ${ref ?? 'page'}${action.kind === 'type' ? ` "${action.text}"` : ''}`));
  }

  describe(ref: string): Promise<ElementFacts> {
    const facts = this.elements[ref];
    return facts ? Promise.resolve(facts) : Promise.reject(new BrowserError('stale-ref', `No ${ref} on the page.`, true));
  }

  describeFocused = () => Promise.resolve(null);
  find = () => Promise.resolve([]);
  locate = () => Promise.resolve({ ref: null, tried: [] });
  locatorsOf = () => Promise.resolve([]);
  extract = () => Promise.reject(new BrowserError('not-supported', 'Not in this test.', false));
  waitFor = () => Promise.resolve('Waited.');
  screenshot = () => Promise.reject(new BrowserError('not-supported', 'Not in this test.', false));
  html = () => Promise.resolve('<p>x</p>');

  runPageCode(code: string): Promise<PageCodeOutcome> {
    return Promise.resolve({ ...this.outcome(`ran ${code}`), value: '"ran"' });
  }
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

const ALL_INPUT = z.object({});

const secrets = () => new SecretVault([{ name: 'shop', value: 'hunter2-Secret!', site: 'shop.example' }]);
const policy = (vault: SecretVault) => new SafetyPolicy({ sites: [{ site: 'blocked.example', decision: 'block' }], secrets: vault });

/** The calls both callers make, and the person's answers to what they are asked, in order. */
const CALLS: { tool: string; args: Record<string, unknown> }[] = [
  { tool: 'click', args: { ref: 'e3' } }, // Pay: asked, declined
  { tool: 'click', args: { ref: 'e3' } }, // Pay again: refused, not asked again (the person said no to paying there)
  { tool: 'navigate', args: { url: 'https://blocked.example/' } }, // refused
  { tool: 'type_text', args: { ref: 'e2', text: '{{secret:shop}}' } }, // refused: not a password field
  { tool: 'type_text', args: { ref: 'e1', text: '{{secret:shop}}' } }, // allowed, filled at typing time
  { tool: 'click', args: { ref: 'e4' } }, // a link to a new site: asked, declined
  { tool: 'navigate', args: { url: 'localhost:4170/shop' } }, // a new site, as the driver will open it: asked, declined
  { tool: 'navigate', args: { url: 'friends.example' } }, // asked, always
  { tool: 'teleport', args: { to: 'moon' } }, // no such tool
  { tool: 'scroll', args: { direction: 'sideways' } }, // bad arguments
  { tool: 'navigate', args: { url: 'https://partner.example/again' } }, // declined earlier in the task: refused, not asked again
];
const ANSWERS: ConfirmAnswer[] = ['deny', 'deny', 'deny', 'always'];

interface Seen {
  results: string[];
  confirmations: ConfirmationEvent[];
  done: string[];
}

async function throughTheLoop(): Promise<Seen> {
  const tab = new FakeTab();
  const vault = secrets();
  const answers = [...ANSWERS];
  const events: AgentEvent[] = [];
  const store = new MemoryStore();
  const script: Script = {
    steps: [...CALLS.map((c) => ({ calls: [c] })), { calls: [{ tool: 'done', args: { summary: 'x', success: true } }] }],
  };
  const result = await runTask({
    task: 'Do the things',
    browser: fakeBrowser(tab),
    models: {
      actor: {
        model: new ScriptedModel(script),
        label: 'scripted',
        contextWindow: 100_000,
        toolMode: 'native',
        vision: false,
        allTools: true,
      },
    },
    store,
    policy: policy(vault),
    secrets: vault,
    onEvent: (e) => events.push(e),
    confirm: () => Promise.resolve(answers.shift() ?? 'deny'),
  });
  const results =
    (await store.loadTask(result.taskId))?.messages
      .flatMap((m) => (m.role === 'tool' ? m.content : []))
      .flatMap((p) => (p.type === 'tool-result' && (p.output.type === 'text' || p.output.type === 'error-text') ? [p.output.value] : [])) ??
    [];
  const confirmations = events.flatMap((e) => (e.type === 'confirmation-needed' || e.type === 'confirmation-answered' ? [e] : []));
  return { results: results.slice(0, CALLS.length), confirmations, done: tab.done };
}

async function throughTheRunner(): Promise<Seen> {
  const tab = new FakeTab();
  const vault = secrets();
  const answers = [...ANSWERS];
  const confirmations: ConfirmationEvent[] = [];
  const runner = new ToolRunner({
    registry: new ToolRegistry(),
    policy: policy(vault),
    render: { ...DEFAULT_RENDER, redact: new Redaction(vault).apply },
    confirm: () => Promise.resolve(answers.shift() ?? 'deny'),
    onEvent: (e) => confirmations.push(e),
  });
  const browser = fakeBrowser(tab);
  const context = makeToolContext({
    browser,
    tabs: new TabSession(browser),
    signal: new AbortController().signal,
    fillSecrets: (text) => vault.fill(text),
  });
  const results: string[] = [];
  for (const c of CALLS) results.push((await runner.run({ name: c.tool, input: c.args }, context)).text);
  return { results, confirmations, done: tab.done };
}

describe('ToolRunner', () => {
  it('gives a second caller exactly the refusals, questions and results the agent loop gets', async () => {
    const loop = await throughTheLoop();
    const direct = await throughTheRunner();
    // The loop prunes page state from older results in what it keeps: compare what the tools said before it.
    const said = (results: string[]) => results.map((r) => r.split('\n\n')[0]);
    expect(said(direct.results)).toEqual(said(loop.results));
    expect(direct.confirmations).toEqual(loop.confirmations);
    expect(direct.done).toEqual(loop.done);

    // And what that is: only what was allowed reached the page; the secret went in as its value, and never came back.
    expect(direct.done).toEqual(['type e1 "hunter2-Secret!"', 'Opened https://friends.example.']);
    expect(direct.results.join('\n')).not.toContain('hunter2-Secret!');
    expect(direct.confirmations.flatMap((c) => (c.type === 'confirmation-needed' ? [`${c.kind} ${c.site}`] : []))).toEqual([
      'payment shop.example',
      'new-site partner.example',
      'new-site localhost',
      'new-site friends.example',
    ]);
    expect(direct.results[0]).toMatch(
      /^The user declined: <page-text>Click button "Pay \$20\.00" on shop\.example\? It may spend money\.<\/page-text>/,
    );
    expect(direct.results[2]).toBe(
      "Not allowed: blocked.example is blocked in Wayfinder's site permissions. Do not try to reach it another way.",
    );
    expect(direct.results[3]).toBe('Not allowed: The secret {{secret:shop}} can only be typed into a password field.');
    expect(direct.results[6]).toMatch(
      /^The user declined: <page-text>Open localhost\? This task has not used that site yet\.<\/page-text>/,
    );
    expect(direct.results[8]).toMatch(/^There is no tool named "teleport"\./);
    expect(direct.results[9]).toMatch(/^Invalid arguments for scroll: direction:/);
    expect(direct.results[10]).toBe(
      'Not allowed: The person said no to partner.example earlier in this task. Do not try to reach it another way.',
    );
    expect(direct.results[1]).toBe(
      'Not allowed: The person declined paying on shop.example earlier in this task. Do not try to pay another way; say so when you finish.',
    );
  });

  it('declines what it would have to ask about when the caller has no one to ask', async () => {
    const tab = new FakeTab();
    const browser = fakeBrowser(tab);
    const runner = new ToolRunner({ registry: new ToolRegistry(), policy: new SafetyPolicy(), render: DEFAULT_RENDER });
    const result = await runner.run(
      { name: 'click', input: { ref: 'e3' } },
      makeToolContext({ browser, tabs: new TabSession(browser), signal: new AbortController().signal }),
    );
    expect(result).toMatchObject({ isError: true });
    expect(result.text).toMatch(/^The user declined: <page-text>Click button "Pay \$20\.00"/);
    // The person reads what happened, not the advice to the model.
    expect(result.display).toBe('You declined, so this was not done.');
    expect(tab.done).toEqual([]);
  });

  it('gives a refusal to the person without the advice meant for the model', async () => {
    const browser = fakeBrowser(new FakeTab());
    const runner = new ToolRunner({
      registry: new ToolRegistry(),
      policy: new SafetyPolicy({ sites: [{ site: 'blocked.example', decision: 'block' }] }),
      render: DEFAULT_RENDER,
    });
    const result = await runner.run(
      { name: 'navigate', input: { url: 'https://blocked.example/' } },
      makeToolContext({ browser, tabs: new TabSession(browser), signal: new AbortController().signal }),
    );
    expect(result.text).toContain('Do not try to reach it another way.');
    expect(result.display).toBe("Not allowed: blocked.example is blocked in Wayfinder's site permissions.");
  });

  it('runs only what it offers, and says how to get the rest', async () => {
    const browser = fakeBrowser(new FakeTab());
    const runner = new ToolRunner({ registry: new ToolRegistry(), policy: new SafetyPolicy(), render: DEFAULT_RENDER });
    const result = await runner.run(
      { name: 'upload_file', input: {} },
      makeToolContext({ browser, tabs: new TabSession(browser), signal: new AbortController().signal }),
      ['snapshot', 'done'],
    );
    expect(result.text).toBe(
      'upload_file is not available yet; load the playbook that provides it with get_playbook. Available tools: snapshot, done.',
    );
  });
});

describe('ToolRegistry', () => {
  it('refuses a tool that does not say what its calls do', () => {
    const silent: Tool = {
      ...defineTool({
        name: 'mystery',
        description: 'Does something.',
        input: ALL_INPUT,
        effects: 'none',
        run: () => Promise.resolve(),
      }),
    };
    Reflect.deleteProperty(silent, 'effects');
    expect(() => new ToolRegistry([silent])).toThrow(
      'The tool mystery does not declare its effects (reads, none, or what a call does), so it cannot be registered.',
    );
    const declared = defineTool({
      name: 'reader',
      description: 'Reads.',
      input: ALL_INPUT,
      effects: 'reads',
      run: () => Promise.resolve(),
    });
    const registry = new ToolRegistry([declared]);
    expect(offeredTools(registry, { has: new Set(['tab']), mode: 'ask', set: 'core' })).toEqual(['reader']);
  });

  it('ask mode gets exactly the tools that declare they change nothing', () => {
    const names = offeredTools(new ToolRegistry(), { has: new Set(['tab']), mode: 'ask', set: 'core' });
    expect(names).toEqual(
      expect.arrayContaining(['snapshot', 'find', 'extract_content', 'get_html', 'screenshot', 'list_tabs', 'wait_for', 'think', 'done']),
    );
    for (const acting of ['click', 'type_text', 'navigate', 'open_tab', 'browse', 'get_playbook', 'upload_file', 'press_key', 'close_tab'])
      expect(names).not.toContain(acting);
  });
});
