import { startMockAudio, wavInfo, type MockAudioServer } from '@wayfinder/gym';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from './a11y';
import { type ExtensionEnv, finishedTurn, openExtensionEnv, openMore, settingsWith } from './env';
import { fakeMicArgs, fakeTts, holdToTalk, shoot, spokenSoFar, spokenWav, writeVoice } from './voice-kit';

// Voice (issue 17) through the front door: Chromium's fake microphone plays a WAV that
// espeak-ng spoke; the person holds the panel's microphone button; the mock transcription
// server (real OpenAI wire format) receives the audio and says what it heard; the
// transcript runs as a task in the gym and the gym's own state says whether it worked.
// Spoken replies go through a chrome.tts replaced in the worker, or the mock speech endpoint.

const COMMAND = 'select "Kiwi" from "Favourite fruit"';
const spoken = spokenWav('command', 'select kiwi from favourite fruit');
let env: ExtensionEnv;
let audio: MockAudioServer;
const opened: Page[] = [];

function sttSettings(server: MockAudioServer, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { stt: { provider: 'openai-compatible', baseURL: server.url, apiKey: 'sk-voice', model: 'whisper-1' }, ...extra };
}

async function useAudio(options: Parameters<typeof startMockAudio>[0], voice: Record<string, unknown> = {}): Promise<MockAudioServer> {
  await audio.close();
  audio = await startMockAudio(options);
  await writeVoice(env, sttSettings(audio, voice));
  return audio;
}

async function open(path: string): Promise<Page> {
  const page = await env.openSite(path);
  opened.push(page);
  return page;
}

async function panel(): Promise<Page> {
  const page = await env.openPanel();
  opened.push(page);
  await page.setViewportSize({ width: 420, height: 720 });
  return page;
}

beforeAll(async () => {
  env = await openExtensionEnv({ args: [...fakeMicArgs(spoken.path), '--use-fake-ui-for-media-stream'] });
  audio = await startMockAudio({});
  await env.setSettings(settingsWith({ provider: 'command' }));
}, 60_000);

afterAll(async () => {
  await audio.close();
  await env.close();
});

afterEach(async () => {
  await env.stopAll();
  for (const page of opened.splice(0)) await page.close().catch(() => undefined);
  env.gym.reset();
});

describe('push-to-talk', () => {
  it('sends what the microphone heard to the transcription service and runs the transcript as a task in the gym; the reply is spoken', async () => {
    await useAudio({ transcript: COMMAND, requireKey: 'sk-voice' }, { runOnRelease: true, replies: { enabled: true, provider: 'chrome' } });
    await fakeTts(env);
    const site = await open('/feed');
    const p = await panel();
    await site.bringToFront();

    await holdToTalk(p, 2500, async () => {
      // The level meter moves with the voice in the WAV.
      await p.waitForFunction(() => Number(document.querySelector('meter.level')?.getAttribute('value') ?? 0) > 0.02);
      await shoot(p, 'voice-listening');
    });

    // What reached the service: a WAV of about the time held, with speech in it, and the model named.
    await expect.poll(() => audio.requests.length, { timeout: 10_000 }).toBe(1);
    const sent = audio.requests[0];
    expect(sent?.path).toBe('/v1/audio/transcriptions');
    expect(sent?.headers.authorization).toBe('Bearer sk-voice');
    expect(sent?.fields.model).toBe('whisper-1');
    expect(sent?.file?.type).toBe('audio/wav');
    const info = wavInfo(sent?.file?.bytes ?? Buffer.alloc(0));
    expect(info).toMatchObject({ sampleRate: 16_000, channels: 1, bitsPerSample: 16 });
    expect(info.seconds).toBeGreaterThan(1.5);
    expect(info.seconds).toBeLessThan(6);
    expect(info.rms).toBeGreaterThan(0.01);

    // The transcript ran as the task, and the gym says it was done.
    const turn = await finishedTurn(p);
    expect(await turn.getAttribute('aria-label')).toBe(`Task: ${COMMAND}`);
    await env.stateUntil((s) => s.feed.fruit === 'Kiwi');

    // The reply was spoken with the browser's voice; Stop ends it.
    await expect.poll(() => spokenSoFar(env), { timeout: 10_000 }).toHaveLength(1);
    const [said] = await spokenSoFar(env);
    expect(said).toMatch(/kiwi/i);
    const speaking = p.getByRole('region', { name: 'Voice' }).getByText('Speaking the reply…');
    await speaking.waitFor();
    await shoot(p, 'voice-speaking');
    expect(await accessibilityViolations(p)).toEqual([]);
    await p.getByRole('region', { name: 'Voice' }).getByRole('button', { name: 'Stop' }).click();
    await speaking.waitFor({ state: 'detached' });
  }, 60_000);

  it('leaves the transcript in the task box to edit when it should wait, and shows that it is transcribing', async () => {
    await useAudio({ transcript: COMMAND, delayMs: 1500 }, { runOnRelease: false });
    await open('/feed');
    const p = await panel();
    await holdToTalk(p, 1200);
    await p.getByRole('status').filter({ hasText: 'Transcribing…' }).waitFor();
    await shoot(p, 'voice-transcribing');
    const box = p.getByLabel('Task', { exact: true });
    await expect.poll(() => box.inputValue(), { timeout: 10_000 }).toBe(COMMAND);
    // Nothing ran: the person edits first.
    expect(await p.getByRole('article').count()).toBe(0);
    await box.fill(`${COMMAND} please`);
    expect(await box.inputValue()).toBe(`${COMMAND} please`);
  }, 60_000);

  it('says clearly when the transcription service fails, and keeps what was in the task box', async () => {
    await useAudio({ failWith: 500 }, { runOnRelease: true });
    const p = await panel();
    await p.getByLabel('Task', { exact: true }).fill('my draft');
    await holdToTalk(p, 800);
    const alert = p.getByRole('region', { name: 'Voice' }).getByRole('alert');
    await expect.poll(() => alert.innerText(), { timeout: 10_000 }).toContain('The transcription service answered HTTP 500');
    expect(await p.getByLabel('Task', { exact: true }).inputValue()).toBe('my draft');

    await writeVoice(env, { stt: { provider: 'openai-compatible', baseURL: 'http://127.0.0.1:9/v1', model: 'whisper-1' } });
    await holdToTalk(p, 800);
    await expect
      .poll(() => alert.innerText())
      .toMatch(/Could not reach the transcription service at http:\/\/127\.0\.0\.1:9\/v1\/audio\/transcriptions/);
  }, 60_000);

  it('attaches a spoken note to the skill step being recorded', async () => {
    await useAudio({ transcript: 'use the full legal name' });
    const site = await open('/signup');
    const p = await panel();
    await site.bringToFront();
    await openMore(p);
    await p.getByRole('button', { name: 'Skills', exact: true }).click();
    await p.getByRole('button', { name: 'Record a skill' }).click();
    const bar = p.getByRole('region', { name: 'Recording a skill' });
    await bar.getByText('Recording — 1 step').waitFor();
    await site.getByLabel('Full name', { exact: true }).click();
    await site.keyboard.type('Ada Lovelace');
    await bar.getByText('Recording — 2 steps').waitFor();

    await holdToTalk(p, 800);
    await p.getByText('Spoken note added to step 2: “use the full legal name”').waitFor();
    await site.getByLabel('Email address', { exact: true }).click();
    await site.keyboard.type('ada@example.org');
    await bar.getByText(/Recording — 3 steps, 1 note/).waitFor();

    const skillOpened = env.context.waitForEvent('page', (page) => page.url().includes('/skills.html#'));
    await bar.getByRole('button', { name: 'Stop and save' }).click();
    const skillsPage = await skillOpened;
    opened.push(skillsPage);
    const id = decodeURIComponent(new URL(skillsPage.url()).hash.slice(1));
    const skill = await skillsPage.evaluate(async (skillId) => {
      const reply: unknown = await chrome.runtime.sendMessage({ type: 'skill.get', id: skillId });
      return reply;
    }, id);
    const steps = (skill as { skill: { steps: { note?: string; target?: unknown }[] } }).skill.steps; // eslint-disable-line @typescript-eslint/consistent-type-assertions -- the reply of skill.get
    const noted = steps.findIndex((s) => s.note === 'use the full legal name');
    expect(noted).toBe(1);
    expect(JSON.stringify(steps[noted])).toContain('Full name');
    expect(steps.filter((s) => s.note)).toHaveLength(1);
  }, 60_000);
});

describe('options and spoken replies', () => {
  it('tests the transcription and speech services, like models', async () => {
    await useAudio({ transcript: 'hello', requireKey: 'sk-voice' });
    const options = await env.openOptions();
    opened.push(options);
    const stt = options.getByRole('region', { name: 'Speech to text' });
    await stt.getByRole('button', { name: 'Test' }).click();
    await stt.getByText('The service answered (it heard “hello”).').waitFor();
    expect(wavInfo(audio.requests.at(-1)?.file?.bytes ?? Buffer.alloc(0)).sampleRate).toBe(16_000);
    await stt.getByLabel('API key (if it needs one)').fill('wrong');
    await stt.getByRole('button', { name: 'Test' }).click();
    await stt.getByText(/answered HTTP 401: Incorrect API key provided\. Check the API key above\./).waitFor();

    const replies = options.getByRole('region', { name: 'Spoken replies' });
    await replies.getByLabel('Voice', { exact: true }).selectOption('openai-compatible');
    await replies.getByLabel('Address').fill(audio.url);
    await replies.getByLabel('API key').fill('sk-voice');
    await replies.getByRole('button', { name: 'Test' }).click();
    await replies.getByText(/The service answered with \d+ KB of audio/).waitFor();
    const speech = audio.requests.find((r) => r.path === '/v1/audio/speech');
    expect(speech?.fields.input).toBe('Wayfinder will speak replies like this.');
    await options.getByRole('heading', { name: 'Voice' }).scrollIntoViewIfNeeded();
    await shoot(options, 'voice-options');
  }, 60_000);

  it('speaks a spoken task’s reply through the speech service', async () => {
    await useAudio({ transcript: COMMAND, speechSeconds: 30 }, { runOnRelease: true });
    await writeVoice(env, {
      ...sttSettings(audio),
      runOnRelease: true,
      replies: { enabled: true, provider: 'openai-compatible', baseURL: audio.url, model: 'tts-1', voice: 'alloy' },
    });
    const site = await open('/feed');
    const p = await panel();
    await site.bringToFront();
    await holdToTalk(p, 1200);
    await finishedTurn(p);
    await expect.poll(() => audio.requests.filter((r) => r.path === '/v1/audio/speech').length, { timeout: 10_000 }).toBe(1);
    const speech = audio.requests.find((r) => r.path === '/v1/audio/speech');
    expect(speech?.fields).toMatchObject({ model: 'tts-1', voice: 'alloy' });
    expect(String(speech?.fields.input)).toMatch(/kiwi/i);
    // Pressing to speak again stops the reply at once, and listens.
    const speaking = p.getByRole('region', { name: 'Voice' }).getByText('Speaking the reply…');
    await speaking.waitFor();
    await p.getByRole('button', { name: 'Push to talk' }).click();
    await speaking.waitFor({ state: 'detached' });
    await p.getByRole('status').filter({ hasText: 'Listening' }).waitFor();
    await p.getByRole('button', { name: 'Cancel listening' }).click();
  }, 60_000);
});
