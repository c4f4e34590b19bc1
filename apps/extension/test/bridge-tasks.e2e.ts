import { mkdirSync } from 'node:fs';
import {
  BridgeError,
  CLOSE,
  parseHello,
  Peer,
  PROTOCOL_VERSION,
  TASK_EVENT,
  type HostConversation,
  type HostTaskEntry,
  type HostTaskOutcome,
  type TaskEventData,
  type Welcome,
} from '@wayfinder/bridge';
import type { AgentEvent } from '@wayfinder/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { accessibilityViolations } from './a11y';
import { finishedTurn, lastTurn, openExtensionEnv, runInPanel, type ExtensionEnv } from './env';

// "Host" as the side panel's model (docs/0028-bridge.md, "Tasks asked from the browser"):
// the real extension in headless Chromium, paired with a small hub of the test's own that
// answers `host.task`, `host.stop`, `host.history` and `host.conversation` as `wayfinder
// serve` does, and sends `task.event`s with core's event shapes. The panel shows the
// host's tasks as conversations, its own and other browsers', and says when it cannot.

const SHOTS = '/tmp/shots';
const CODE = 'H0ST-TASK';
const TOKEN = `device-token-${Math.random().toString(36).slice(2)}`;
const LABEL = 'Test Chrome';

interface HostCall {
  method: string;
  params: unknown;
}

interface TaskHub {
  port: number;
  calls: HostCall[];
  /** When set, host.task is refused as busy with this message. */
  busy: string | null;
  history: HostTaskEntry[];
  conversations: Map<string, HostConversation>;
  connections: number;
  peer(after?: number): Promise<Peer>;
  /** Ends the device's connection from the hub's side (as a crash would). */
  drop(): void;
  close(): Promise<void>;
}

async function startTaskHub(): Promise<TaskHub> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const address = server.address();
  const peers: Peer[] = [];
  const sockets: WebSocket[] = [];
  const waiting: (() => void)[] = [];
  let next = 0;
  const hub: TaskHub = {
    port: typeof address === 'object' && address !== null ? address.port : 0,
    calls: [],
    busy: null,
    history: [],
    conversations: new Map(),
    connections: 0,
    peer: async (after = hub.connections - 1) => {
      for (;;) {
        const peer = peers[after];
        if (peer) return peer;
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
    },
    drop: () => sockets.at(-1)?.terminate(),
    close: async () => {
      for (const client of server.clients) client.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const answer = (method: string, params: unknown): unknown => {
    hub.calls.push({ method, params });
    switch (method) {
      case 'host.task':
        if (hub.busy) throw new BridgeError('busy', hub.busy, false);
        next += 1;
        return { taskId: `ht-${next}` };
      case 'host.stop':
        return { stopped: true };
      case 'host.history':
        return hub.history;
      case 'host.conversation': {
        const taskId: unknown = typeof params === 'object' && params !== null ? Reflect.get(params, 'taskId') : undefined;
        const found = typeof taskId === 'string' ? hub.conversations.get(taskId) : undefined;
        if (!found) throw new BridgeError('not-found', `The host keeps no task ${String(taskId)}.`, false);
        return found;
      }
      default:
        throw new BridgeError('unknown-method', `The test hub answers no ${method}.`, false);
    }
  };
  server.on('connection', (ws) => {
    ws.once('message', (data: Buffer) => {
      const hello = parseHello(data.toString('utf8'));
      if (hello?.role !== 'device') {
        ws.close(CLOSE.refused, 'malformed');
        return;
      }
      const pairing = hello.pairingCode !== undefined;
      if ((pairing && hello.pairingCode !== CODE) || (!pairing && hello.token !== TOKEN)) {
        ws.send(JSON.stringify({ type: 'refused', code: 'bad-token', message: 'Not known here.' }));
        ws.close(CLOSE.refused, 'bad-token');
        return;
      }
      const welcome: Welcome = {
        type: 'welcome',
        protocolVersion: PROTOCOL_VERSION,
        deviceId: 'dev-1',
        label: hello.label,
        hub: { version: '9.9.9-test' },
        ...(pairing ? { token: TOKEN } : {}),
      };
      ws.send(JSON.stringify(welcome));
      const peer = new Peer(
        { send: (text) => ws.send(text), close: (code, reason) => ws.close(code, reason) },
        { pingMs: 0, handle: (call) => Promise.resolve(answer(call.method, call.params)) },
      );
      ws.on('message', (frame: Buffer) => peer.receive(frame.toString('utf8')));
      ws.on('close', (code) => peer.closed(`the browser closed the connection (${code})`));
      hub.connections += 1;
      peers.push(peer);
      sockets.push(ws);
      for (const wake of waiting.splice(0)) wake();
    });
  });
  return hub;
}

let env: ExtensionEnv;
let hub: TaskHub;
let panel: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  hub = await startTaskHub();
  env = await openExtensionEnv();
});

afterAll(async () => {
  await env.close();
  await hub.close();
});

/** Sends one host task's event to the browser, as the hub does for every paired browser. */
async function emit(taskId: string, task: string, body: { event: AgentEvent } | { result: HostTaskOutcome }, device = LABEL) {
  const peer = await hub.peer();
  const data: TaskEventData = { taskId, device, task, ...body };
  peer.emit(TASK_EVENT, data);
}

/** A short run of a task: the model's words, a navigation, and its end. */
async function steps(taskId: string, task: string, words: string, device = LABEL): Promise<void> {
  const events: AgentEvent[] = [
    { type: 'task-start', taskId, task, mode: 'act', model: 'host model' },
    { type: 'step-start', step: 1 },
    { type: 'text-delta', step: 1, delta: words },
    { type: 'tool-call', step: 1, id: 'c1', name: 'navigate', input: { url: `${env.gym.url}/shop` } },
    { type: 'tool-result', step: 1, id: 'c1', name: 'navigate', ok: true, summary: `Navigated to ${env.gym.url}/shop`, ms: 120, data: {} },
  ];
  for (const event of events) await emit(taskId, task, { event }, device);
}

const lastHostCall = (method: string) => hub.calls.filter((c) => c.method === method).at(-1);
const picker = () => panel.getByLabel('Model', { exact: true });
const hostOption = () => picker().locator('option[value="host"]');

async function shoot(name: string): Promise<string[]> {
  const paths: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await panel.emulateMedia({ colorScheme: scheme });
    const path = `${SHOTS}/host-task-${name}-${scheme}.png`;
    await panel.screenshot({ path });
    paths.push(path);
  }
  await panel.emulateMedia({ colorScheme: 'light' });
  return paths;
}

describe('Host as the side panel’s model', () => {
  it('once paired and connected, the panel offers "Host (wayfinder serve)"', async () => {
    const options = await env.openOptions();
    const section = options.getByRole('region', { name: 'Connect to the host' });
    await section.getByLabel('Port').fill(String(hub.port));
    await section.getByLabel('Pairing code').fill(CODE);
    await section.getByLabel('This browser’s name').fill(LABEL);
    await section.getByRole('button', { name: 'Pair', exact: true }).click();
    await expect.poll(() => section.getByRole('status', { name: 'Host connection' }).innerText()).toContain('connected');
    await options.close();
    panel = await env.openPanel();
    await panel.setViewportSize({ width: 420, height: 760 });
    await expect.poll(() => panel.getByRole('region', { name: 'Host connection' }).innerText()).toContain(`Host: connected (${LABEL})`);
    await expect.poll(() => hostOption().innerText()).toBe('Host (wayfinder serve)');
    expect(await hostOption().isDisabled()).toBe(false);
  });

  it('a task sent with Host reaches the host; its events are the panel’s timeline; Stop asks the host to stop', async () => {
    await picker().selectOption('host');
    await runInPanel(panel, 'Find the price of the trail tent');
    expect(lastHostCall('host.task')?.params).toEqual({ task: 'Find the price of the trail tent', mode: 'act' });
    const turn = lastTurn(panel);
    await expect.poll(() => turn.innerText()).toContain(`On the host · from ${LABEL}`);
    await steps('ht-1', 'Find the price of the trail tent', 'Opening the shop to look for the tent.');
    await expect.poll(() => turn.innerText()).toContain('Opening the shop to look for the tent.');
    expect(await turn.getAttribute('data-status')).toBe('running');
    await panel.getByRole('button', { name: 'Stop (Esc)' }).click();
    await expect.poll(() => lastHostCall('host.stop')?.params).toEqual({ taskId: 'ht-1' });
    await emit('ht-1', 'Find the price of the trail tent', {
      result: { success: false, status: 'stopped', summary: 'Stopped by the user.', steps: 1, error: null },
    });
    expect(await (await finishedTurn(panel)).getAttribute('data-status')).toBe('stopped');
    expect(await turn.innerText()).toContain('Stopped.');
  });

  it('a host task that ends shows its answer, like a task of the browser’s own', async () => {
    // Each host task is a conversation of its own (the host keeps them one task each).
    await panel.getByRole('button', { name: 'New chat' }).click();
    await runInPanel(panel, 'What does the trail tent cost?');
    expect(lastHostCall('host.task')?.params).toEqual({ task: 'What does the trail tent cost?', mode: 'act' });
    await steps('ht-2', 'What does the trail tent cost?', 'Looking at the product page.');
    await emit('ht-2', 'What does the trail tent cost?', {
      event: {
        type: 'confirmation-needed',
        tool: 'click',
        input: { ref: 'e5' },
        question: 'Add the Trail Tent 2P to the cart?',
        kind: 'payment',
        site: '127.0.0.1',
        choices: 'once',
      },
    });
    await emit('ht-2', 'What does the trail tent cost?', { event: { type: 'confirmation-answered', tool: 'click', answer: 'once' } });
    await emit('ht-2', 'What does the trail tent cost?', {
      event: { type: 'done', success: true, summary: 'The Trail Tent 2P costs 189.00 EUR.', steps: 1 },
    });
    await emit('ht-2', 'What does the trail tent cost?', {
      result: { success: true, status: 'done', summary: 'The Trail Tent 2P costs 189.00 EUR.', steps: 1, error: null },
    });
    const turn = await finishedTurn(panel);
    expect(await turn.getAttribute('data-status')).toBe('done');
    const text = await turn.innerText();
    expect(text).toContain('Looking at the product page.');
    // The host's question was a card in this panel (person.confirm); the timeline says it was asked.
    expect(text).toContain('Add the Trail Tent 2P to the cart?');
    expect(text).toContain('The Trail Tent 2P costs 189.00 EUR.');
    expect(text).toContain(`On the host · from ${LABEL}`);
    console.log('screenshots:', (await shoot('done')).join(', '));
    expect(await accessibilityViolations(panel)).toEqual([]);
  });

  it('a second task while one runs on the host is refused with the host’s words', async () => {
    hub.busy =
      'The host is already running a task from this browser ("Find the price"); stop it or wait for it to end, then send this one again.';
    const box = panel.getByLabel('Task', { exact: true });
    try {
      await box.fill('Another task');
      await box.press('Enter');
      await expect.poll(() => panel.getByRole('alert').innerText()).toContain('The host is already running a task from this browser');
    } finally {
      hub.busy = null;
    }
    await box.fill('');
  });

  it('a task another browser asked appears, marked with that browser', async () => {
    await panel.getByRole('button', { name: 'New chat' }).click();
    await steps('other-1', 'Check the train times', 'Reading the timetable.', 'Work Laptop');
    const turn = lastTurn(panel);
    await expect.poll(() => turn.innerText()).toContain('On the host · from Work Laptop');
    await expect.poll(() => turn.innerText()).toContain('Reading the timetable.');
    await emit(
      'other-1',
      'Check the train times',
      { result: { success: true, status: 'done', summary: 'The next train leaves at 10:12.', steps: 1, error: null } },
      'Work Laptop',
    );
    await expect.poll(() => turn.innerText()).toContain('The next train leaves at 10:12.');
    console.log('screenshots:', (await shoot('other-browser')).join(', '));
  });

  it('History lists the host’s conversations, marked, and opening one shows what the host kept', async () => {
    const now = Date.now();
    const entry: HostTaskEntry = {
      taskId: 'old-1',
      task: 'Book a table for two',
      mode: 'act',
      status: 'done',
      startedAt: now - 60_000,
      finishedAt: now - 30_000,
      device: 'Work Laptop',
      summary: 'Booked a table for two at 19:30.',
    };
    hub.history = [entry];
    hub.conversations.set('old-1', {
      task: entry,
      items: [
        { type: 'task-start', taskId: 'old-1', task: entry.task, mode: 'act', model: 'host model' },
        { type: 'text-delta', step: 1, delta: 'Choosing 19:30, the first free time.' },
        { type: 'done', success: true, summary: 'Booked a table for two at 19:30.', steps: 1 },
      ],
    });
    await panel.getByRole('button', { name: 'History' }).click();
    const list = panel.getByRole('navigation', { name: 'Conversations' });
    const item = list.getByRole('listitem').filter({ hasText: 'Book a table for two' });
    await expect.poll(() => item.innerText()).toContain('on the host · from Work Laptop');
    expect(lastHostCall('host.history')).toBeDefined();
    // The host keeps them: no Delete or Export here.
    expect(await item.getByRole('button', { name: 'Delete Book a table for two' }).count()).toBe(0);
    console.log('screenshots:', (await shoot('history')).join(', '));
    await item.getByRole('button', { name: 'Book a table for two' }).click();
    const turn = lastTurn(panel);
    await expect.poll(() => turn.innerText()).toContain('Choosing 19:30, the first free time.');
    expect(await turn.innerText()).toContain('Booked a table for two at 19:30.');
    expect(lastHostCall('host.conversation')?.params).toEqual({ taskId: 'old-1' });
  });

  it('the connection drops mid-task: the task says so instead of spinning', async () => {
    await panel.getByRole('button', { name: 'New chat' }).click();
    await picker().selectOption('host');
    await runInPanel(panel, 'Compare two tents');
    const before = hub.connections;
    await steps('ht-3', 'Compare two tents', 'Opening both tents.');
    const turn = lastTurn(panel);
    await expect.poll(() => turn.innerText()).toContain('Opening both tents.');
    hub.drop();
    await expect.poll(() => turn.innerText()).toContain('The connection to the host dropped');
    expect(await turn.getAttribute('data-status')).not.toBe('running');
    // And it comes back by itself.
    await hub.peer(before);
  });

  it('not connected: Host is offered disabled, with why', async () => {
    await expect.poll(() => panel.getByRole('region', { name: 'Host connection' }).innerText()).toContain('Host: connected');
    await panel.getByRole('region', { name: 'Host connection' }).getByRole('button', { name: 'Disconnect' }).click();
    await expect.poll(() => hostOption().innerText()).toBe('Host (wayfinder serve) (not connected)');
    expect(await hostOption().isDisabled()).toBe(true);
    // The host's conversations are simply not listed (no error).
    await panel.getByRole('button', { name: 'History' }).click();
    const list = panel.getByRole('navigation', { name: 'Conversations' });
    await expect.poll(() => list.innerText()).not.toContain('Book a table for two');
    expect(await panel.getByRole('alert').count()).toBe(0);
  });
});
