import { describe, expect, it } from 'vitest';
import { Connection } from './connection';
import { CdpError } from './errors';
import type { CdpTransport } from './transport';

/** A transport whose "browser" is the test: it sees what was sent and answers by hand. */
function fakeTransport() {
  const sent: { id: number; method: string; params: unknown; sessionId?: string }[] = [];
  const transport: CdpTransport & { sent: typeof sent; reply(message: object): void; drop(reason: string): void; closed: boolean } = {
    sent,
    closed: false,
    onmessage: null,
    onclose: null,
    send(message) {
      const parsed: unknown = JSON.parse(message);
      if (
        typeof parsed === 'object' &&
        parsed !== null &&
        'id' in parsed &&
        'method' in parsed &&
        typeof parsed.id === 'number' &&
        typeof parsed.method === 'string'
      ) {
        sent.push({
          id: parsed.id,
          method: parsed.method,
          params: 'params' in parsed ? parsed.params : undefined,
          ...('sessionId' in parsed && typeof parsed.sessionId === 'string' ? { sessionId: parsed.sessionId } : {}),
        });
      }
    },
    close() {
      this.closed = true;
    },
    reply(message) {
      this.onmessage?.(JSON.stringify(message));
    },
    drop(reason) {
      this.onclose?.(reason);
    },
  };
  return transport;
}

describe('Connection', () => {
  it('matches replies to calls by id and types the result', async () => {
    const t = fakeTransport();
    const connection = new Connection(t);
    const version = connection.root.send('Browser.getVersion');
    const targets = connection.root.send('Target.getTargets');
    expect(t.sent.map((m) => m.method)).toEqual(['Browser.getVersion', 'Target.getTargets']);
    t.reply({ id: t.sent[1]?.id, result: { targetInfos: [] } });
    t.reply({ id: t.sent[0]?.id, result: { product: 'Chrome/156', protocolVersion: '1.3', revision: '', userAgent: '', jsVersion: '' } });
    expect((await version).product).toBe('Chrome/156');
    expect((await targets).targetInfos).toEqual([]);
  });

  it('routes calls and events by session', async () => {
    const t = fakeTransport();
    const connection = new Connection(t);
    const page = connection.session('S1');
    const seen: string[] = [];
    page.on('Page.frameNavigated', ({ frame }) => seen.push(frame.url));
    connection.root.on('Page.frameNavigated', () => seen.push('wrong session'));
    const call = page.send('Page.navigate', { url: 'http://127.0.0.1/' });
    expect(t.sent[0]).toMatchObject({ method: 'Page.navigate', sessionId: 'S1', params: { url: 'http://127.0.0.1/' } });
    t.reply({ method: 'Page.frameNavigated', sessionId: 'S1', params: { frame: { id: 'F', url: 'http://127.0.0.1/' } } });
    t.reply({ id: t.sent[0]?.id, sessionId: 'S1', result: { frameId: 'F' } });
    expect((await call).frameId).toBe('F');
    expect(seen).toEqual(['http://127.0.0.1/']);
  });

  it('turns protocol errors into readable CdpErrors', async () => {
    const t = fakeTransport();
    const connection = new Connection(t);
    const call = connection.root.send('Target.closeTarget', { targetId: 'nope' });
    t.reply({ id: t.sent[0]?.id, error: { code: -32602, message: 'No target with given id found' } });
    const error: unknown = await call.catch((e: unknown) => e);
    expect(CdpError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'protocol',
      method: 'Target.closeTarget',
      retryable: false,
      message: 'Target.closeTarget failed: No target with given id found',
    });
  });

  it('times out a call that gets no answer', async () => {
    const t = fakeTransport();
    const connection = new Connection(t);
    const error: unknown = await connection.root.sendWithTimeout('Browser.getVersion', undefined, 30).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'timeout',
      retryable: true,
      message: 'Browser.getVersion got no answer within 30 ms; the page may be busy or hung.',
    });
  });

  it('tells its timeout listeners which call of which session went unanswered, until they unsubscribe', async () => {
    const t = fakeTransport();
    const connection = new Connection(t);
    const heard: string[] = [];
    const stop = connection.onTimeout((method, sessionId) => heard.push(`${sessionId}:${method}`));
    await connection
      .session('S1')
      .sendWithTimeout('Runtime.evaluate', { expression: '0' }, 20)
      .catch(() => undefined);
    stop();
    await connection
      .session('S1')
      .sendWithTimeout('Page.enable', undefined, 20)
      .catch(() => undefined);
    expect(heard).toEqual(['S1:Runtime.evaluate']);
  });

  it('rejects every waiting call of a session when its target detaches, and refuses new ones', async () => {
    const t = fakeTransport();
    const connection = new Connection(t);
    const page = connection.session('S1');
    const pending = page.send('Runtime.evaluate', { expression: '1' });
    const other = connection.root.send('Browser.getVersion');
    t.reply({ method: 'Target.detachedFromTarget', params: { sessionId: 'S1' } });
    await expect(pending).rejects.toMatchObject({
      code: 'target-closed',
      message: 'The page or browser closed before Runtime.evaluate finished (the target detached).',
    });
    await expect(page.send('Runtime.evaluate', { expression: '2' })).rejects.toMatchObject({ code: 'target-closed' });
    expect(page.closed).toBe(true);
    // The browser session is unaffected.
    t.reply({
      id: t.sent.find((m) => m.method === 'Browser.getVersion')?.id,
      result: { product: 'x', protocolVersion: '', revision: '', userAgent: '', jsVersion: '' },
    });
    expect((await other).product).toBe('x');
  });

  it('rejects everything when the transport closes', async () => {
    const t = fakeTransport();
    const connection = new Connection(t);
    const waiting = connection.session('S2').waitFor('Page.loadEventFired', () => true, 10_000);
    const call = connection.root.send('Browser.getVersion');
    t.drop('socket closed (code 1006)');
    await expect(call).rejects.toMatchObject({
      code: 'target-closed',
      message: 'The page or browser closed before Browser.getVersion finished (socket closed (code 1006)).',
    });
    await expect(waiting).rejects.toMatchObject({ code: 'target-closed' });
    expect(connection.closed).toBe(true);
  });

  it('waitFor resolves on the first matching event only', async () => {
    const t = fakeTransport();
    const page = new Connection(t).session('S1');
    const load = page.waitFor('Page.lifecycleEvent', (e) => e.name === 'load', 1000);
    t.reply({
      method: 'Page.lifecycleEvent',
      sessionId: 'S1',
      params: { frameId: 'F', loaderId: 'L', name: 'DOMContentLoaded', timestamp: 1 },
    });
    t.reply({ method: 'Page.lifecycleEvent', sessionId: 'S1', params: { frameId: 'F', loaderId: 'L', name: 'load', timestamp: 2 } });
    expect((await load).timestamp).toBe(2);
  });

  it('drops malformed messages without breaking the connection', async () => {
    const t = fakeTransport();
    const connection = new Connection(t);
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      t.onmessage?.('{not json');
      t.onmessage?.('42');
    } finally {
      console.error = original;
    }
    const call = connection.root.send('Browser.getVersion');
    t.reply({ id: t.sent[0]?.id, result: { product: 'ok', protocolVersion: '', revision: '', userAgent: '', jsVersion: '' } });
    expect((await call).product).toBe('ok');
    expect(errors).toHaveLength(1);
  });
});
