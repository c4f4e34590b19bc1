import { startMockAudio, startOpenAICompatible, wavInfo, type MockAudioServer, type MockModelServer } from '@wayfinder/gym';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { agentRequests, type ExtensionEnv, finishedTurn, openExtensionEnv, openMore, settingsWith } from './env';
import { fakeMicArgs, shoot, spokenWav, writeVoice } from './voice-kit';

// A tab's recorded audio given to the model itself (issue 17): with a model marked as taking
// audio, "Explain" and "Attach to chat" send the clip as an OpenAI-compatible `input_audio`
// part (fenced as an attached file, never as the task); with a text-only model, the clip is
// transcribed first and the panel says so.

const CLIP_WORDS = 'this is the clip playing in the tab';
const ANSWER = 'Someone says this is the clip playing in the tab.';

let env: ExtensionEnv;
let audio: MockAudioServer;
let model: MockModelServer;
let site: Page;

beforeAll(async () => {
  // Playwright mutes Chromium by default; a muted tab gives tab capture only silence.
  env = await openExtensionEnv({ args: fakeMicArgs(spokenWav('quiet-audio', 'hello').path), ignoreDefaultArgs: ['--mute-audio'] });
  audio = await startMockAudio({ transcript: CLIP_WORDS, clip: spokenWav('clip-audio', CLIP_WORDS).bytes });
  model = await startOpenAICompatible(() => ({ text: ANSWER }));
  await writeVoice(env, { stt: { baseURL: audio.url, apiKey: 'sk-voice', model: 'whisper-1' }, tabSeconds: 3 });
  site = await env.context.newPage();
  await site.goto(`${audio.origin}/clip.html`);
  // The clip is playing before anything is recorded.
  await site.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.2, undefined, { timeout: 10_000 });
}, 60_000);

afterAll(async () => {
  await model.close();
  await audio.close();
  await env.close();
});

async function useModel(takesAudio: boolean): Promise<void> {
  await env.setSettings({
    ...settingsWith({ provider: 'openai-compatible' }),
    providers: {
      'openai-compatible': { baseURL: model.url, model: 'mock-gpt', apiKey: 'sk-test', ...(takesAudio ? { audio: true } : {}) },
    },
  });
}

/** Records 3 s of the clip page's audio from the panel's button; returns the card with the recording. */
async function recordClip(p: Page) {
  await site.bringToFront();
  await openMore(p);
  await p.getByRole('button', { name: 'Record tab audio' }).click();
  const card = p.getByRole('region', { name: 'Tab audio' });
  await card.getByText(/s of audio from/).waitFor({ timeout: 20_000 });
  return card;
}

const PART = z.object({
  type: z.string().optional(),
  text: z.string().optional(),
  input_audio: z.object({ data: z.string(), format: z.string() }).optional(),
});
type Part = z.infer<typeof PART>;
const MESSAGES = z.array(z.object({ role: z.string(), content: z.union([z.string(), z.array(PART)]).nullish() }));

/** The content parts of every user message in the model requests made since `from`. */
function userParts(from: number): Part[] {
  return (
    agentRequests(model)
      .slice(from)
      .flatMap((r) => MESSAGES.parse(r.body.messages))
      .filter((m) => m.role === 'user')
      // A message of text alone is sent as a string.
      .flatMap((m) => (typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : (m.content ?? [])))
  );
}

function clipOf(parts: Part[]) {
  const part = parts.find((c) => c.type === 'input_audio');
  expect(part?.input_audio?.format).toBe('wav');
  return wavInfo(Buffer.from(part?.input_audio?.data ?? '', 'base64'));
}

describe('tab audio to an audio-capable model', () => {
  it('explains the clip itself: the model gets an input_audio part with the recorded WAV, fenced as an attached file', async () => {
    await useModel(true);
    const p = await env.openPanel();
    await p.setViewportSize({ width: 420, height: 720 });
    const from = agentRequests(model).length;
    const heard = audio.requests.length;
    const card = await recordClip(p);
    await card.getByRole('button', { name: 'Explain' }).click();
    await expect.poll(() => p.getByLabel('Task', { exact: true }).inputValue()).toMatch(/^Explain this audio from “.+”/);
    await p
      .getByRole('list', { name: 'Attached files' })
      .getByText(/Tab audio — .+\.wav/)
      .waitFor();
    await shoot(p, 'voice-audio-attached');
    await p.getByLabel('Task', { exact: true }).press('Enter');
    const turn = await finishedTurn(p);
    expect(await turn.innerText()).toContain(ANSWER);
    const parts = userParts(from);
    const info = clipOf(parts);
    expect(info.sampleRate).toBe(16_000);
    expect(info.seconds).toBeGreaterThan(2.5);
    expect(info.seconds).toBeLessThan(3.6);
    expect(info.rms).toBeGreaterThan(0.01);
    // The clip's description is fenced as an attached file (data), not part of the task.
    const text = parts.map((c) => c.text ?? '').join('\n');
    expect(text).toMatch(/attached file: Tab audio — .+\.wav/);
    expect(text).toContain('sound clip recorded from the tab');
    // Nothing was transcribed: the audio went to the model only.
    expect(audio.requests.length).toBe(heard);
    await p.close();
  }, 90_000);

  it('attaches the clip to the next task: that task’s request carries the audio part', async () => {
    await useModel(true);
    const p = await env.openPanel();
    await p.setViewportSize({ width: 420, height: 720 });
    const from = agentRequests(model).length;
    const card = await recordClip(p);
    await card.getByRole('button', { name: 'Attach to chat' }).click();
    await p
      .getByRole('list', { name: 'Attached files' })
      .getByText(/Tab audio — .+\.wav/)
      .waitFor();
    expect(agentRequests(model).length).toBe(from);
    await p.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Ask' }).click();
    const box = p.getByLabel('Task', { exact: true });
    await box.fill('What is said in the attached clip?');
    await box.press('Enter');
    await finishedTurn(p);
    const parts = userParts(from);
    expect(parts.some((c) => c.text?.includes('What is said in the attached clip?'))).toBe(true);
    expect(clipOf(parts).seconds).toBeGreaterThan(2.5);
    await p.close();
  }, 90_000);
});

describe('tab audio to a text-only model', () => {
  it('explains from the transcript and says the model does not take audio', async () => {
    await useModel(false);
    const p = await env.openPanel();
    await p.setViewportSize({ width: 420, height: 720 });
    const from = agentRequests(model).length;
    const heard = audio.requests.length;
    const card = await recordClip(p);
    await card.getByRole('button', { name: 'Explain' }).click();
    await p
      .getByRole('region', { name: 'Voice' })
      .getByText('Your model does not take audio; explained from the transcript.')
      .waitFor({ timeout: 15_000 });
    await expect.poll(() => p.getByLabel('Task', { exact: true }).inputValue()).toContain(CLIP_WORDS);
    expect(audio.requests.length).toBe(heard + 1);
    await shoot(p, 'voice-audio-transcript-note');
    await p.getByLabel('Task', { exact: true }).press('Enter');
    await finishedTurn(p);
    const parts = userParts(from);
    expect(parts.some((c) => c.type === 'input_audio')).toBe(false);
    expect(parts.some((c) => c.text?.includes(CLIP_WORDS))).toBe(true);
    await p.close();
  }, 90_000);
});
