// The hub bench's figures and targets, kept apart from the measuring so they can be tested
// and so other measurements (the lead's reconnect time with the real extension) can add a
// row to the same targets list.
import { median, percentile, round } from '../lib/stats';

/** One row of the `targets` array the bench JSON files share. */
export interface Target {
  name: string;
  value: number;
  goal: string;
  met: boolean;
}

/** A target whose value must stay at or under `limit`. */
export function atMost(name: string, value: number, limit: number): Target {
  return { name, value, goal: `<= ${limit}`, met: Number.isFinite(value) && value <= limit };
}

export const GOALS = { roundTripP50Ms: 5, mcpTokenRatio: 0.5, reconnectMs: 2_000 };

export interface Latency {
  calls: number;
  p50: number;
  p95: number;
  max: number;
}

/** p50/p95/max of a list of durations, in ms. */
export function latency(ms: number[]): Latency {
  return { calls: ms.length, p50: round(percentile(ms, 50), 3), p95: round(percentile(ms, 95), 3), max: round(Math.max(...ms), 3) };
}

/** `ours / theirs`, or NaN when there is nothing to compare with. */
export function ratio(ours: number, theirs: number): number {
  return theirs > 0 ? round(ours / theirs, 3) : NaN;
}

/** How much slower the bridge is than going direct: the added ms and the factor, from medians. */
export function overhead(bridged: number[], direct: number[]): { bridgedMs: number; directMs: number; addedMs: number; factor: number } {
  const bridgedMs = median(bridged);
  const directMs = median(direct);
  return {
    bridgedMs: round(bridgedMs),
    directMs: round(directMs),
    addedMs: round(bridgedMs - directMs),
    factor: ratio(bridgedMs, directMs),
  };
}

/** The hub's targets from its measurements; `extra` rows (e.g. reconnect time) are appended as they are. */
export function hubTargets(figures: { roundTripP50Ms: number; mcpTokenRatio: number }, extra: Target[] = []): Target[] {
  return [
    atMost('bridge round trip p50 (ms)', figures.roundTripP50Ms, GOALS.roundTripP50Ms),
    atMost('MCP tokens vs Playwright MCP (ratio)', figures.mcpTokenRatio, GOALS.mcpTokenRatio),
    ...extra,
  ];
}
