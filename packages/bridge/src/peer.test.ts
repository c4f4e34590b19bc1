import { BrowserError } from '@wayfinder/core';
import { describe, expect, it } from 'vitest';
import { BridgeError } from './errors';
import { Peer, type PeerOptions } from './peer';

// Two peers joined in memory (frames delivered asynchronously, as a socket would): ids,
// deadlines, cancels, errors crossing as themselves, and a dropped connection failing
// what is in flight.

function pair(left: PeerOptions = {}, right: PeerOptions = {}): { a: Peer; b: Peer; drop: () => void; badFrames: string[] } {
  const badFrames: string[] = [];
  let a: Peer | null = null;
  let b: Peer | null = null;
  const deliver = (to: () => Peer | null) => (text: string) => setTimeout(() => to()?.receive(text), 0);
  a = new Peer({ send: deliver(() => b), close: () => undefined }, { pingMs: 0, ...left });
  b = new Peer({ send: deliver(() => a), close: () => undefined }, { pingMs: 0, onBadFrame: (t) => badFrames.push(t), ...right });
  const first = a;
  const second = b;
  return { a: first, b: second, drop: () => (first.closed('test drop'), second.closed('test drop')), badFrames };
}

describe('Peer', () => {
  it('answers calls both ways, by id, concurrently', async () => {
    const { a, b } = pair(
      { handle: (call) => Promise.resolve(`a got ${call.method}`) },
      {
        handle: async (call) => {
          const n = typeof call.params === 'object' && call.params !== null && 'n' in call.params ? Number(call.params.n) : 0;
          await new Promise((r) => setTimeout(r, 30 - n * 10));
          return n * 2;
        },
      },
    );
    const results = await Promise.all([a.call('double', { n: 1 }), a.call('double', { n: 2 }), b.call('hello', null)]);
    expect(results).toEqual([2, 4, 'a got hello']);
  });

  it('brings a BrowserError back as one, and an unknown method as a BridgeError', async () => {
    const { a } = pair({}, { handle: () => Promise.reject(new BrowserError('stale-ref', 'e4 is gone; take a snapshot.', true)) });
    const error = await a.call('tab.act', {}).catch((e: unknown) => e);
    expect(BrowserError.isInstance(error) && error.code).toBe('stale-ref');
    expect(String(error)).toContain('e4 is gone');
    const { a: lonely } = pair();
    const unknown = await lonely.call('nothing', {}).catch((e: unknown) => e);
    expect(BridgeError.isInstance(unknown) && unknown.code).toBe('unknown-method');
  });

  it('gives up at the deadline and tells the far end, which stops its work', async () => {
    let aborted = false;
    const { a } = pair(
      {},
      {
        handle: (call) =>
          new Promise((_, reject) => call.signal.addEventListener('abort', () => ((aborted = true), reject(new Error('stopped'))))),
      },
    );
    const error = await a.call('slow', {}, { deadlineMs: 50 }).catch((e: unknown) => e);
    expect(BridgeError.isInstance(error) && error.code).toBe('timeout');
    await new Promise((r) => setTimeout(r, 20));
    expect(aborted).toBe(true);
  });

  it('cancels through an AbortSignal', async () => {
    let cancelled = false;
    const { a } = pair(
      {},
      {
        handle: (call) => new Promise((resolve) => call.signal.addEventListener('abort', () => ((cancelled = true), resolve(null)))),
      },
    );
    const controller = new AbortController();
    const pending = a.call('wait', {}, { signal: controller.signal }).catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 10);
    const error = await pending;
    expect(BridgeError.isInstance(error) && error.code).toBe('cancelled');
    await new Promise((r) => setTimeout(r, 10));
    expect(cancelled).toBe(true);
  });

  it('fails calls in flight when the connection drops, saying it may have happened; later calls fail at once', async () => {
    const { a, drop } = pair({}, { handle: () => new Promise(() => undefined) });
    const pending = a.call('tab.act', {}).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 10));
    drop();
    const error = await pending;
    expect(BridgeError.isInstance(error) && error.code).toBe('disconnected');
    expect(String(error)).toContain('may or may not have happened');
    expect(a.inFlight).toBe(0);
    const after = await a.call('tab.snapshot', {}).catch((e: unknown) => e);
    expect(String(after)).toContain('not connected');
  });

  it('fails a call at once on a socket that is closing (it would lose the frame without a word)', async () => {
    const socket = { send: () => undefined, close: () => undefined, readyState: 2 };
    const peer = new Peer(socket, { pingMs: 0 });
    const error = await peer.call('tab.waitFor', {}, { deadlineMs: 60_000 }).catch((e: unknown) => e);
    expect(BridgeError.isInstance(error) && error.code).toBe('disconnected');
    expect(peer.open).toBe(false);
  });

  it('drops frames that are not of the protocol', () => {
    const { b, badFrames } = pair();
    b.receive('not json');
    b.receive(JSON.stringify({ type: 'call', id: 1 }));
    expect(badFrames).toHaveLength(2);
  });
});
