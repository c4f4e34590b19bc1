import { describe, expect, it } from 'vitest';
import { hubTargets, latency, overhead, ratio } from './targets';

describe('the hub bench figures', () => {
  it('reads p50 and p95 off the measured calls', () => {
    const ms = Array.from({ length: 200 }, (_, i) => i + 1);
    expect(latency(ms)).toEqual({ calls: 200, p50: 100, p95: 190, max: 200 });
  });

  it('gives the bridge overhead from medians, and no ratio against nothing', () => {
    expect(overhead([12, 10, 11], [4, 5, 6])).toEqual({ bridgedMs: 11, directMs: 5, addedMs: 6, factor: 2.2 });
    expect(ratio(10, 0)).toBeNaN();
  });

  it('marks each target met or missed, and keeps rows appended by others', () => {
    const targets = hubTargets({ roundTripP50Ms: 1.2, mcpTokenRatio: 0.61 }, [
      { name: 'reconnect (s)', value: 3, goal: '<= 5', met: true },
    ]);
    expect(targets.map((t) => [t.name, t.met])).toEqual([
      ['bridge round trip p50 (ms)', true],
      ['MCP tokens vs Playwright MCP (ratio)', false],
      ['reconnect (s)', true],
    ]);
    // A figure that could not be measured never counts as met.
    expect(hubTargets({ roundTripP50Ms: NaN, mcpTokenRatio: NaN }).every((t) => !t.met)).toBe(true);
  });
});
