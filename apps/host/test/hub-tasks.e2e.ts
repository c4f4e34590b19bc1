import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NodeBrowser } from '@wayfinder/cdp/node';
import { BridgeError, DeviceEndpoint, type DeviceSide, type HostConversation, type HostTaskEntry, type Peer } from '@wayfinder/bridge';
import { SafetyPolicy, SecretVault } from '@wayfinder/core';
import { solutionPath, taskById } from '@wayfinder/gym';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hostTasks } from '../src/hub/host-tasks';
import { cleanEnv, explain, runCli, useGym } from './cli';
import { answerWith, deviceHello, dial, EXTENSION, pair, startTestHub, type TestHub } from './hub-helpers';

// A browser hands a task to the host's agent (`host.task`, "host" as the model in the side
// panel): the hub in this process with the TaskHost `wayfinder serve` gives it, two paired
// "browsers" — one the extension's DeviceEndpoint over a real Chromium, where the task
// works, the other only watching — and the gym's checker saying whether the task was done.
// The conversation reaches both browsers as it happens, is kept in the host's store with
// the browser that asked, and `wayfinder history` (run as a process) lists it.

const gym = useGym();
let t: TestHub;
let chromium: NodeBrowser;
let endpoint: DeviceEndpoint;
let here: Peer;
let herePaired: { id: string; token: string };
let there: Peer;
let scratch: string;
/** The TaskHost's environment, read for each task: each test sets the model. */
const env: Record<string, string | undefined> = {};
/** The questions put to the person, by browser. */
const asked: { here: { kind: string; question: string; from: string }[]; there: unknown[] } = { here: [], there: [] };
/** `task.event` data each browser received. */
const seen: { here: Record<string, unknown>[]; there: Record<string, unknown>[] } = { here: [], there: [] };

const record = (into: Record<string, unknown>[]) => (name: string, data: unknown) => {
  if (name === 'task.event' && typeof data === 'object' && data !== null) into.push(Object.fromEntries(Object.entries(data)));
};

function eventsOf(list: Record<string, unknown>[], taskId: string): Record<string, unknown>[] {
  return list.filter((d) => d.taskId === taskId);
}

/** The result the last `task.event` of a task carries, once it has arrived at this browser. */
function resultOf(list: Record<string, unknown>[], taskId: string): Record<string, unknown> | undefined {
  const last = eventsOf(list, taskId).find((d) => 'result' in d);
  const result: unknown = last?.result;
  return typeof result === 'object' && result !== null ? Object.fromEntries(Object.entries(result)) : undefined;
}

function agentEvents(list: Record<string, unknown>[], taskId: string): Record<string, unknown>[] {
  return eventsOf(list, taskId).flatMap((d) => {
    const event: unknown = d.event;
    return typeof event === 'object' && event !== null ? [Object.fromEntries(Object.entries(event))] : [];
  });
}

async function ended(taskId: string, at = seen.here): Promise<Record<string, unknown>> {
  await expect.poll(() => resultOf(at, taskId), { timeout: 60_000 }).toBeDefined();
  return resultOf(at, taskId) ?? {};
}

/** A scripted model that waits, step after step (`seconds` steps of a second), then says it is done. */
function slowModel(seconds: number): string {
  const script = join(scratch, `slow-${seconds}.json`);
  const waits = Array.from({ length: seconds }, () => ({ calls: [{ tool: 'wait_for', args: { seconds: 1 } }] }));
  const done = { calls: [{ tool: 'done', args: { summary: 'Waited.', success: true } }] };
  writeFileSync(script, JSON.stringify({ steps: [...waits, done] }));
  return `script:${script}`;
}

function useModel(spec: string | undefined): void {
  env.WAYFINDER_MODEL = spec;
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'wayfinder-hub-tasks-'));
  t = await startTestHub((home) => {
    Object.assign(env, cleanEnv(), { WAYFINDER_HOME: home });
    return { tasks: hostTasks(env), taskGraceMs: 1_500 };
  });
  chromium = await NodeBrowser.launch();
  const side: DeviceSide = {
    openSession: async () => {
      await chromium.openTab();
      return { browser: chromium, close: () => Promise.resolve() };
    },
    policy: () => new SafetyPolicy({ sites: [], secrets: new SecretVault([]) }),
    confirm: (request) => {
      asked.here.push({ kind: request.kind, question: request.question, from: request.from });
      return Promise.resolve('once');
    },
  };
  endpoint = new DeviceEndpoint(side);
  const a = await pair(t, 'Chrome on Linux');
  herePaired = a;
  here = answerWith(a.dialled, (call) => endpoint.handle(call, here), record(seen.here));
  const b = await pair(t, 'Chrome on Mac');
  there = answerWith(
    b.dialled,
    (call) => {
      asked.there.push(call.method);
      return Promise.reject(new BridgeError('unknown-method', `This watching browser answers no ${call.method}.`, false));
    },
    record(seen.there),
  );
});

afterAll(async () => {
  await endpoint.closeAll();
  await chromium.close();
  await t.stop();
  rmSync(scratch, { recursive: true, force: true });
});

beforeEach(() => {
  asked.here.length = 0;
  asked.there.length = 0;
  useModel(undefined);
});

describe('a browser hands a task to the host', () => {
  it('shop-lantern: done in the browser that asked, every browser sees it, history lists it with that browser', async () => {
    const task = taskById('shop-lantern');
    // No model configured: the host's offline command interpreter, with the gym's direct command.
    const started = await here.call<{ taskId: string }>('host.task', { task: task.command, url: gym.startOf('shop-lantern') });
    expect(started.taskId).toMatch(/\S/);
    const result = await ended(started.taskId);
    expect(result).toMatchObject({ success: true, status: 'done' });
    await gym.expectChecked('shop-lantern');
    // It worked in a tab of the browser that asked, and its session there ended with it.
    expect((await chromium.tabs()).some((tab) => tab.url.startsWith(`${gym.url}/shop`))).toBe(true);
    expect(endpoint.sessions()).toEqual([]);

    // Both browsers received the whole conversation, the same events in the same order.
    const events = agentEvents(seen.here, started.taskId);
    expect(events[0]).toMatchObject({ type: 'task-start', taskId: started.taskId });
    expect(events.filter((e) => e.type === 'tool-call').map((e) => e.name)).toEqual(expect.arrayContaining(['type_text', 'click']));
    expect(events.at(-1)).toMatchObject({ type: 'done', success: true });
    await expect.poll(() => resultOf(seen.there, started.taskId)).toMatchObject({ success: true });
    expect(eventsOf(seen.there, started.taskId)).toEqual(eventsOf(seen.here, started.taskId));
    expect(eventsOf(seen.there, started.taskId).every((d) => d.device === 'Chrome on Linux')).toBe(true);
    // The watching browser was asked nothing.
    expect(asked.there).toEqual([]);

    // The other browser finds it in the host's history, with the browser that asked, and its conversation.
    const history = await there.call<HostTaskEntry[]>('host.history', {});
    expect(history[0]).toMatchObject({ taskId: started.taskId, task: task.command, status: 'done', device: 'Chrome on Linux' });
    expect(history[0]?.finishedAt).toBeGreaterThanOrEqual(history[0]?.startedAt ?? Infinity);
    const conversation = await there.call<HostConversation>('host.conversation', { taskId: started.taskId });
    expect(conversation.task.taskId).toBe(started.taskId);
    expect(conversation.items.map((i) => i.type)).toEqual(expect.arrayContaining(['task-start', 'tool-call', 'tool-result', 'done']));
    expect(conversation.items.some((i) => i.type === 'text-delta')).toBe(false);
    await expect(there.call('host.conversation', { taskId: 'no-such-task' })).rejects.toThrow(/keeps no task no-such-task/);

    // wayfinder history, run as a process against the same home, lists it with the browser.
    const json = await runCli(['history', '--json'], { env: { WAYFINDER_HOME: t.home } });
    expect(json.code, explain(json)).toBe(0);
    expect(json.stdout).toContain(started.taskId);
    const listed: unknown = JSON.parse(json.stdout);
    expect(listed).toMatchObject({ tasks: [expect.objectContaining({ id: started.taskId, status: 'done', device: 'Chrome on Linux' })] });
    const plain = await runCli(['history'], { env: { WAYFINDER_HOME: t.home } });
    expect(plain.stdout).toMatch(/done\s+search for "lantern".*\(from Chrome on Linux\)/);
  });

  it('a second task from the same browser is refused while one runs; host.stop from another browser ends it as stopped', async () => {
    // A long task: a scripted model (through the real model path) that waits, step after step.
    useModel(slowModel(30));
    const started = await here.call<{ taskId: string }>('host.task', { task: 'Wait a while.', url: `${gym.url}/shop` });
    await expect.poll(() => agentEvents(seen.there, started.taskId).some((e) => e.type === 'tool-result'), { timeout: 30_000 }).toBe(true);

    await expect(here.call('host.task', { task: 'Something else.' })).rejects.toThrow(
      /already running a task from this browser \("Wait a while\."\)/,
    );
    expect(await there.call('host.stop', { taskId: started.taskId })).toEqual({ stopped: true });
    const result = await ended(started.taskId);
    expect(result).toMatchObject({ success: false, status: 'stopped' });
    expect(Number(result.steps)).toBeLessThan(30);
    expect(await there.call('host.stop', { taskId: started.taskId })).toEqual({ stopped: false });
    const history = await here.call<HostTaskEntry[]>('host.history', { limit: 1 });
    expect(history).toEqual([expect.objectContaining({ taskId: started.taskId, status: 'stopped', device: 'Chrome on Linux' })]);

    // With it ended, the browser can hand the host its next task.
    useModel(undefined);
    const next = await here.call<{ taskId: string }>('host.task', { task: 'search for "tent"', url: `${gym.url}/shop` });
    expect(await ended(next.taskId)).toMatchObject({ status: 'done' });
  });

  it('shop-lantern-to-payment: the payment question is asked in the browser that asked, and the task goes on', async () => {
    const taskId = 'shop-lantern-to-payment';
    useModel(`script:${solutionPath(taskId)}`);
    const started = await here.call<{ taskId: string }>('host.task', { task: taskById(taskId).instruction, url: gym.startOf(taskId) });
    expect(await ended(started.taskId)).toMatchObject({ success: true, status: 'done' });
    await gym.expectChecked(taskId);
    const payment = asked.here.find((q) => q.kind === 'payment');
    expect(payment?.from).toBe('host task');
    expect(payment?.question).toMatch(/spend money/);
    expect(asked.there).toEqual([]);
    // Every browser saw the question being asked, as part of the conversation.
    expect(agentEvents(seen.there, started.taskId).some((e) => e.type === 'confirmation-needed')).toBe(true);
  });

  it('a browser that reconnects while its task runs (its worker restarted) gets the rest of its task', async () => {
    useModel(slowModel(4));
    const started = await here.call<{ taskId: string }>('host.task', { task: 'Wait a little.', url: `${gym.url}/shop` });
    await expect.poll(() => agentEvents(seen.here, started.taskId).some((e) => e.type === 'tool-result'), { timeout: 30_000 }).toBe(true);
    // The worker stops: the socket drops and its sessions with it; it dials again with its token.
    here.close(1001, 'worker stopped');
    await endpoint.closeAll();
    const back = await dial(
      t.hub.url,
      deviceHello({ deviceId: herePaired.id, token: herePaired.token, label: 'Chrome on Linux' }),
      EXTENSION,
    );
    expect(back.first).toMatchObject({ type: 'welcome' });
    here = answerWith(back, (call) => endpoint.handle(call, here), record(seen.here));
    expect(await ended(started.taskId)).toMatchObject({ success: true, status: 'done', steps: 5 });
    // A wait the drop cut short failed, saying so; the ones after it ran in the browser again.
    const waits = agentEvents(seen.there, started.taskId).filter((e) => e.type === 'tool-result' && e.name === 'wait_for');
    expect(waits).toHaveLength(4);
    expect(waits.slice(2).every((e) => e.ok === true)).toBe(true);
    const cut = waits.filter((e) => e.ok !== true);
    expect(cut.length).toBeLessThanOrEqual(1);
    for (const e of cut) expect(e.summary).toMatch(/dropped/);
  });

  it('a browser that disconnects while its task runs and does not come back: the task stops, and the other browsers are told', async () => {
    const laptop = new DeviceEndpoint({
      openSession: async () => {
        await chromium.openTab();
        return { browser: chromium, close: () => Promise.resolve() };
      },
      policy: () => new SafetyPolicy({ sites: [], secrets: new SecretVault([]) }),
      confirm: () => Promise.resolve('once'),
    });
    const { dialled } = await pair(t, 'Chrome on Laptop');
    const peer: Peer = answerWith(dialled, (call) => laptop.handle(call, peer));
    useModel(slowModel(30));
    const started = await peer.call<{ taskId: string }>('host.task', { task: 'Wait a while.', url: `${gym.url}/shop` });
    await expect.poll(() => agentEvents(seen.there, started.taskId).some((e) => e.type === 'tool-result'), { timeout: 30_000 }).toBe(true);
    dialled.ws.close();
    await dialled.closed;
    const result = await ended(started.taskId, seen.there);
    expect(result).toMatchObject({ success: false, status: 'stopped' });
    expect(Number(result.steps)).toBeLessThan(30);
    expect(eventsOf(seen.there, started.taskId).every((d) => d.device === 'Chrome on Laptop')).toBe(true);
    await laptop.closeAll();
  });

  it('bad requests get a readable refusal', async () => {
    await expect(here.call('host.task', { task: '' })).rejects.toThrow(/host\.task needs \{ task.*Say what to do/);
    await expect(here.call('host.task', { task: 'x'.repeat(4001) })).rejects.toThrow(/host\.task needs/);
    await expect(here.call('host.stop', {})).rejects.toThrow(/host\.stop needs \{ taskId \}/);
  });
});
