import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { NodeBrowser } from '@wayfinder/cdp/node';
import { DeviceEndpoint, type DeviceSide } from '@wayfinder/bridge';
import { SafetyPolicy, SecretVault, type ConfirmAnswer } from '@wayfinder/core';
import { checkTask, solutionPath, taskById } from '@wayfinder/gym';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, explain, runCli, useGym } from './cli';
import { answerWith, pair, startTestHub, type TestHub } from './hub-helpers';

// `wayfinder run --browser extension:<label>` end to end: the hub in this process, a
// "browser" that is the extension's DeviceEndpoint over a real Chromium (what the extension
// does with chrome.debugger, done here over CDP), and the run as a separate process that
// reaches it through hub.json. The gym's checker says whether the task was done; the
// person's questions arrive at the browser, as the side panel would show them.

const gym = useGym();
let t: TestHub;
let chromium: NodeBrowser;
const asked: { question: string; kind: string; from: string }[] = [];
let endpoint: DeviceEndpoint;
/** What the person answers in the side panel when asked about spending money. */
let payment: ConfirmAnswer = 'once';

beforeAll(async () => {
  t = await startTestHub();
  chromium = await NodeBrowser.launch();
  const side: DeviceSide = {
    openSession: async () => {
      await chromium.openTab();
      return { browser: chromium, close: () => Promise.resolve() };
    },
    policy: () => new SafetyPolicy({ sites: [], secrets: new SecretVault([]) }),
    confirm: (request) => {
      asked.push({ question: request.question, kind: request.kind, from: request.from });
      return Promise.resolve(request.kind === 'payment' ? payment : 'once');
    },
  };
  endpoint = new DeviceEndpoint(side);
  const { dialled } = await pair(t, 'Test Chrome');
  const peer = answerWith(dialled, (call) => endpoint.handle(call, peer));
});

afterAll(async () => {
  await endpoint.closeAll();
  await chromium.close();
  await t.stop();
});

describe('wayfinder run in the person’s own browser, through the hub', () => {
  it('shop-lantern-to-payment: done in the connected browser; its confirmations are asked there', async () => {
    const taskId = 'shop-lantern-to-payment';
    const run = await runCli(
      [
        'run',
        taskById(taskId).instruction,
        '--url',
        gym.startOf(taskId),
        '--model',
        `script:${solutionPath(taskId)}`,
        '--json',
        '--browser',
        'extension:test chrome',
      ],
      { env: { WAYFINDER_HOME: t.home } },
    );
    expect(run.code, explain(run)).toBe(0);
    expect(run.result).toMatchObject({ success: true, status: 'done' });
    await gym.expectChecked(taskId);
    // The run worked in a tab of the connected browser, not one it launched.
    expect((await chromium.tabs()).some((tab) => tab.url.startsWith(gym.url))).toBe(true);
    expect(asked.find((q) => q.kind === 'payment')?.question).toMatch(/Proceed to checkout.*spend money/);
    expect(asked.every((q) => q.from === 'wayfinder run')).toBe(true);
    // Its session ended with the run.
    expect(endpoint.sessions()).toEqual([]);
  });

  it('when the person declines the payment step in the browser, it is not done', async () => {
    payment = 'deny';
    asked.length = 0;
    const taskId = 'shop-lantern-to-payment';
    const run = await runCli(
      [
        'run',
        taskById(taskId).instruction,
        '--url',
        gym.startOf(taskId),
        '--model',
        `script:${solutionPath(taskId)}`,
        '--json',
        '--browser',
        'extension',
      ],
      { env: { WAYFINDER_HOME: t.home } },
    );
    expect(run.code, explain(run)).toBe(1);
    expect(asked.map((q) => q.kind)).toContain('payment');
    expect(await checkTask(taskById(taskId), gym.url, '')).toMatchObject({ ok: false });
    payment = 'once';
  });

  it('wayfinder mcp --extension: an MCP client without elicitation works in the connected browser, and the person is asked there', async () => {
    asked.length = 0;
    const client = new Client({ name: 'test', version: '1.0.0' });
    const env = Object.fromEntries(
      Object.entries({ ...cleanEnv(), WAYFINDER_HOME: t.home }).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', '--extension'], env, stderr: 'pipe' }));
    try {
      const shop = `${gym.url}/shop`;
      const navigated = await client.callTool({ name: 'browser_navigate', arguments: { url: shop } });
      expect(navigated.isError, JSON.stringify(navigated.content)).toBeFalsy();
      expect(JSON.stringify(navigated.content)).toContain('Wayfinder Outfitters');
      expect((await chromium.tabs()).map((tab) => tab.url)).toContain(shop);
      // The visit to a new site was put to the person in the browser, not refused for want of elicitation.
      expect(asked).toContainEqual(expect.objectContaining({ kind: 'new-site', from: 'wayfinder mcp' }));
    } finally {
      await client.close();
    }
    await expect.poll(() => endpoint.sessions()).toEqual([]);
  });
});
