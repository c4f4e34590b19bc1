import { describe, expect, it } from 'vitest';
import { DebuggerTransport, type DebuggerApi } from './debugger-transport';
import { Connection } from '../connection';

type EventListener = (source: { tabId?: number; sessionId?: string }, method: string, params?: object) => void;
type DetachListener = (source: { tabId?: number }, reason: string) => void;

/** A stand-in for chrome.debugger: records commands, lets the test answer and fire events. */
function fakeDebugger(options: { refuseAttach?: string } = {}) {
  const eventListeners = new Set<EventListener>();
  const detachListeners = new Set<DetachListener>();
  const calls: {
    target: { tabId: number; sessionId?: string };
    method: string;
    params?: object;
    settle: (ok: boolean, value: object | Error) => void;
  }[] = [];
  const api: DebuggerApi = {
    attach: () => (options.refuseAttach ? Promise.reject(new Error(options.refuseAttach)) : Promise.resolve()),
    detach: () => Promise.resolve(),
    sendCommand: (target, method, params) =>
      new Promise((resolve, reject) => {
        calls.push({
          target,
          method,
          ...(params ? { params } : {}),
          settle: (ok, value) => (ok ? resolve(value) : reject(value instanceof Error ? value : new Error('failed'))),
        });
      }),
    onEvent: { addListener: (l) => eventListeners.add(l), removeListener: (l) => eventListeners.delete(l) },
    onDetach: { addListener: (l) => detachListeners.add(l), removeListener: (l) => detachListeners.delete(l) },
  };
  return {
    api,
    calls,
    fire: (source: { tabId?: number; sessionId?: string }, method: string, params: object) =>
      eventListeners.forEach((l) => l(source, method, params)),
    detach: (tabId: number, reason: string) => detachListeners.forEach((l) => l({ tabId }, reason)),
    listeners: () => eventListeners.size + detachListeners.size,
  };
}

describe('DebuggerTransport', () => {
  it('turns commands into sendCommand calls and replies into results, per session', async () => {
    const fake = fakeDebugger();
    const connection = new Connection(await DebuggerTransport.attach(fake.api, 7));
    const page = connection.root.send('Page.navigate', { url: 'https://example.com/' });
    const child = connection.session('S9').send('Runtime.evaluate', { expression: '1 + 1' });
    expect(fake.calls.map((c) => [c.target, c.method])).toEqual([
      [{ tabId: 7 }, 'Page.navigate'],
      [{ tabId: 7, sessionId: 'S9' }, 'Runtime.evaluate'],
    ]);
    fake.calls[1]?.settle(true, { result: { type: 'number', value: 2 } });
    fake.calls[0]?.settle(true, { frameId: 'F1', loaderId: 'L1' });
    expect((await page).frameId).toBe('F1');
    expect((await child).result.value).toBe(2);
  });

  it('passes errors through as readable protocol errors', async () => {
    const fake = fakeDebugger();
    const connection = new Connection(await DebuggerTransport.attach(fake.api, 7));
    const call = connection.root.send('DOM.setFileInputFiles', { files: ['/tmp/x'], backendNodeId: 3 });
    fake.calls[0]?.settle(false, new Error('Not allowed'));
    await expect(call).rejects.toMatchObject({ code: 'protocol', message: 'DOM.setFileInputFiles failed: Not allowed' });
  });

  it('delivers events of its own tab only, with their session', async () => {
    const fake = fakeDebugger();
    const connection = new Connection(await DebuggerTransport.attach(fake.api, 7));
    const seen: string[] = [];
    connection.root.on('Page.loadEventFired', () => seen.push('root'));
    connection.session('S9').on('Page.loadEventFired', () => seen.push('child'));
    fake.fire({ tabId: 8 }, 'Page.loadEventFired', { timestamp: 1 });
    fake.fire({ tabId: 7 }, 'Page.loadEventFired', { timestamp: 2 });
    fake.fire({ tabId: 7, sessionId: 'S9' }, 'Page.loadEventFired', { timestamp: 3 });
    expect(seen).toEqual(['root', 'child']);
  });

  it('a detach (tab closed, user cancelled) rejects what is waiting and says why', async () => {
    const fake = fakeDebugger();
    const connection = new Connection(await DebuggerTransport.attach(fake.api, 7));
    const call = connection.root.send('Runtime.evaluate', { expression: 'while (true) {}' });
    fake.detach(7, 'canceled_by_user');
    await expect(call).rejects.toMatchObject({
      code: 'target-closed',
      message: 'The page or browser closed before Runtime.evaluate finished (the user stopped debugging (the bar at the top of the tab)).',
    });
    expect(fake.listeners()).toBe(0);
    await expect(connection.root.send('Page.reload', {})).rejects.toMatchObject({ code: 'target-closed' });
  });

  it('explains a refused attach', async () => {
    const fake = fakeDebugger({ refuseAttach: 'Cannot access a chrome:// URL' });
    await expect(DebuggerTransport.attach(fake.api, 3)).rejects.toThrow(
      'Could not attach the debugger to tab 3: Cannot access a chrome:// URL. Chrome does not allow it on chrome:// pages, the Web Store, or a tab another debugger (DevTools) is using.',
    );
  });
});
