import { startMockAudio, wavInfo, type MockAudioServer } from '@wayfinder/gym';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from './a11y';
import { type ExtensionEnv, openExtensionEnv, openMore } from './env';
import { blockMicInProfile, fakeMicArgs, shoot, spokenWav, writeVoice } from './voice-kit';

// Voice (issue 17) in a browser without the fake permission prompt — which, when on, makes
// tab capture's stream fail ("Requested device not found"): a tab's audio recorded in the
// offscreen document, the microphone asked for from a page of its own, and a browser with
// no microphone at all.

let env: ExtensionEnv;
let audio: MockAudioServer | null = null;

beforeAll(async () => {
  // Playwright mutes Chromium by default; a muted tab gives tab capture only silence.
  env = await openExtensionEnv({ args: fakeMicArgs(spokenWav('quiet', 'hello').path), ignoreDefaultArgs: ['--mute-audio'] });
}, 60_000);

afterAll(async () => {
  await audio?.close();
  await env.close();
});

describe('tab audio', () => {
  it('records the tab’s audio in the offscreen document, keeps the tab audible, and sends the clip to the transcription service', async () => {
    const clip = spokenWav('clip', 'this is the clip playing in the tab');
    audio = await startMockAudio({ transcript: 'this is the clip playing in the tab', clip: clip.bytes });
    await writeVoice(env, { stt: { baseURL: audio.url, apiKey: 'sk-voice', model: 'whisper-1' }, tabSeconds: 3 });
    const site = await env.context.newPage();
    await site.goto(`${audio.origin}/clip.html`);
    const worker = await env.currentWorker();
    const tabId = await worker.evaluate(async (url) => (await chrome.tabs.query({ url }))[0]?.id ?? -1, `${audio.origin}/clip.html`);
    // The tab is heard (chrome.tabs' `audible`), its clip plays on, and the capture is live.
    const playedTo = () => site.evaluate(() => document.querySelector('audio')?.currentTime ?? 0);
    const captured = () =>
      worker.evaluate(async (id) => (await chrome.tabCapture.getCapturedTabs()).find((t) => t.tabId === id)?.status ?? 'none', tabId);
    await expect.poll(playedTo, { timeout: 10_000 }).toBeGreaterThan(0.2);
    const audible = () => worker.evaluate(async (id) => (await chrome.tabs.get(id)).audible === true, tabId);
    await expect.poll(audible, { timeout: 10_000 }).toBe(true);

    const p = await env.openPanel();
    await p.setViewportSize({ width: 420, height: 720 });
    await site.bringToFront();
    await openMore(p);
    await p.getByRole('button', { name: 'Record tab audio' }).click();
    const card = p.getByRole('region', { name: 'Tab audio' });
    await card.getByText(/Recording the tab’s audio… \d s left/).waitFor();
    await shoot(p, 'voice-tab-countdown');
    // While it is captured, the tab's clip plays on (the offscreen document plays the captured sound back).
    await expect.poll(captured, { timeout: 10_000 }).toBe('active');
    expect(await audible()).toBe(true);
    const before = await playedTo();
    await expect.poll(async () => (await playedTo()) !== before, { timeout: 10_000 }).toBe(true);
    expect(await site.evaluate(() => document.querySelector('audio')?.paused)).toBe(false);
    await card.getByText(/s of audio from/).waitFor({ timeout: 15_000 });
    await expect.poll(captured, { timeout: 10_000 }).toBe('stopped');
    await shoot(p, 'voice-tab-recorded');
    expect(await accessibilityViolations(p)).toEqual([]);

    await card.getByRole('button', { name: 'Transcribe' }).click();
    await expect
      .poll(() => p.getByLabel('Task', { exact: true }).inputValue(), { timeout: 10_000 })
      .toBe('this is the clip playing in the tab');
    const sent = audio.requests.find((r) => r.path === '/v1/audio/transcriptions');
    const info = wavInfo(sent?.file?.bytes ?? Buffer.alloc(0));
    expect(info.sampleRate).toBe(16_000);
    expect(info.seconds).toBeGreaterThan(2.5);
    expect(info.seconds).toBeLessThan(3.6);
    expect(info.rms).toBeGreaterThan(0.01);
  }, 60_000);
});

describe('microphone permission', () => {
  it('opens the microphone page in a tab to ask, since the side panel cannot show the prompt', async () => {
    audio ??= await startMockAudio({ transcript: 'unused' });
    await writeVoice(env, { stt: { baseURL: audio.url, model: 'whisper-1' } });
    const before = audio.requests.length;
    const p = await env.openPanel();
    await p.setViewportSize({ width: 420, height: 720 });
    const micPage = env.context.waitForEvent('page', (page) => page.url().endsWith('/mic.html'));
    await p.getByRole('button', { name: 'Push to talk' }).click();
    const alert = p.getByRole('region', { name: 'Voice' }).getByRole('alert');
    await expect.poll(() => alert.innerText(), { timeout: 20_000 }).toContain('Wayfinder needs your permission to use the microphone');
    const mic = await micPage;
    await mic.getByRole('button', { name: 'Allow the microphone' }).waitFor();
    expect(await accessibilityViolations(mic)).toEqual([]);
    await shoot(mic, 'voice-mic-page');
    await shoot(p, 'voice-ask-permission');
    expect(audio.requests.length).toBe(before);
    await mic.close();
    await p.close();
  }, 60_000);
});

describe('microphone blocked', () => {
  it('says how to allow the microphone when Chrome blocks it, in the panel and on the microphone page', async () => {
    // A profile where the person blocked the microphone for Wayfinder (Chrome's own content setting).
    const blocked = await openExtensionEnv({ args: fakeMicArgs(spokenWav('blocked', 'hello').path) });
    try {
      await blocked.context.close();
      blockMicInProfile(dirname(blocked.downloadDir), blocked.extensionId);
      await blocked.restart();
      const server = await startMockAudio({ transcript: 'unused' });
      await writeVoice(blocked, { stt: { baseURL: server.url, model: 'whisper-1' } });
      const p = await blocked.openPanel();
      await p.setViewportSize({ width: 420, height: 720 });
      await p.getByRole('button', { name: 'Push to talk' }).click();
      const alert = p.getByRole('region', { name: 'Voice' }).getByRole('alert');
      await expect.poll(() => alert.innerText(), { timeout: 10_000 }).toContain('Chrome blocks the microphone for Wayfinder');
      expect(await alert.innerText()).toContain('chrome://settings/content/microphone');
      await shoot(p, 'voice-denied');
      const mic = await blocked.context.newPage();
      await mic.goto(`chrome-extension://${blocked.extensionId}/mic.html`);
      await mic.getByRole('alert').filter({ hasText: 'Chrome blocks the microphone' }).waitFor();
      expect(await accessibilityViolations(mic)).toEqual([]);
      await shoot(mic, 'voice-mic-page-denied');
      expect(server.requests).toHaveLength(0);
      await server.close();
    } finally {
      await blocked.close();
    }
  }, 60_000);
});

describe('no microphone', () => {
  it('says no microphone was found', async () => {
    const bare = await openExtensionEnv({ args: fakeMicArgs(null) });
    try {
      const server = await startMockAudio({ transcript: 'unused' });
      const page = await bare.context.newPage();
      await page.goto(`chrome-extension://${bare.extensionId}/welcome.html`);
      await page.evaluate(async (url) => chrome.storage.local.set({ voice: { stt: { baseURL: url, model: 'whisper-1' } } }), server.url);
      const p = await bare.openPanel();
      await p.getByRole('button', { name: 'Push to talk' }).click();
      const alert = p.getByRole('region', { name: 'Voice' }).getByRole('alert');
      await expect.poll(() => alert.innerText(), { timeout: 10_000 }).toContain('No microphone was found');
      expect(server.requests).toHaveLength(0);
      await server.close();
    } finally {
      await bare.close();
    }
  }, 60_000);
});
