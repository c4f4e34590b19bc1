import { describe, expect, it } from 'vitest';
import { downsample, encodeWav, fromBase64, level, toBase64, wavSeconds } from './wav';

describe('wav', () => {
  it('encodes 16 kHz mono 16-bit PCM with a correct header', () => {
    const samples = new Float32Array(16_000).map((_, i) => Math.sin(i / 10) * 0.5);
    const bytes = encodeWav(samples);
    const view = new DataView(bytes.buffer);
    expect(String.fromCharCode(...bytes.subarray(0, 4))).toBe('RIFF');
    expect(String.fromCharCode(...bytes.subarray(8, 12))).toBe('WAVE');
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(32_000);
    expect(wavSeconds(bytes)).toBe(1);
    expect(view.getInt16(44 + 2 * 16, true)).toBeCloseTo(Math.sin(1.6) * 0.5 * 0x7fff, -1);
  });

  it('brings 48 kHz down to 16 kHz, keeping the length in time', () => {
    const out = downsample(new Float32Array(48_000).fill(0.25), 48_000);
    expect(out.length).toBe(16_000);
    expect(out[100]).toBeCloseTo(0.25);
  });

  it('clips samples beyond ±1 rather than wrapping', () => {
    const bytes = encodeWav(new Float32Array([2, -2]));
    const view = new DataView(bytes.buffer);
    expect(view.getInt16(44, true)).toBe(0x7fff);
    expect(view.getInt16(46, true)).toBe(-0x8000);
  });

  it('measures loudness and round-trips base64', () => {
    expect(level(new Float32Array([0.5, -0.5]))).toBeCloseTo(0.5);
    expect(level(new Float32Array(0))).toBe(0);
    const bytes = new Uint8Array([0, 1, 254, 255, 128]);
    expect([...fromBase64(toBase64(bytes))]).toEqual([...bytes]);
  });
});
