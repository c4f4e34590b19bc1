import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { artifactPath, EXTENSION_DIR, type ExtensionEnv } from './env';

// Voice tests' helpers: speech-like WAVs made here (no speech engine on the machine), the Chromium flags of a fake microphone
// that plays one, and the id Chromium gives the unpacked extension (for the flag that lets
// tab capture run without a toolbar click, which headless Chromium has no way to make).

const scratch = mkdtempSync(join(tmpdir(), 'wayfinder-voice-'));

const RATE = 22_050;

/**
 * A speech-like WAV for `text` (22.05 kHz mono, 16-bit): one voiced syllable per vowel group
 * of the text, at a speaking pitch with two vowel formants, rising and falling like speech,
 * with short gaps between words. The mock transcription server does not listen; what the
 * tests check is what a microphone or a tab really carries: sound of about the text's length.
 */
export function spokenWav(name: string, text: string): { path: string; bytes: Buffer } {
  const path = join(scratch, `${name}.wav`);
  const bytes = speechLikeWav(text);
  writeFileSync(path, bytes);
  return { path, bytes: readFileSync(path) };
}

function speechLikeWav(text: string): Buffer {
  const words = text.split(/\s+/).filter(Boolean);
  const samples: number[] = [];
  const pause = (seconds: number) => {
    for (let i = 0; i < seconds * RATE; i++) samples.push(0);
  };
  pause(0.15);
  words.forEach((word, w) => {
    const syllables = Math.max(1, (word.match(/[aeiouy]+/gi) ?? []).length);
    for (let s = 0; s < syllables; s++) {
      const length = Math.round(0.18 * RATE);
      // A falling pitch and two formants that change per syllable, as vowels do.
      const pitch = 130 - 15 * (s / syllables) + 10 * (w % 3);
      const vowels: [number, number][] = [
        [700, 1200],
        [300, 2300],
        [500, 900],
        [400, 1900],
      ];
      const [f1, f2] = vowels[(w + s) % vowels.length] ?? [500, 1500];
      for (let i = 0; i < length; i++) {
        const t = i / RATE;
        const envelope = Math.sin((Math.PI * i) / length) ** 2;
        let value = 0;
        for (let h = 1; h * pitch < 4000; h++) {
          const f = h * pitch;
          const gain = 1 / (1 + ((f - f1) / 150) ** 2) + 0.6 / (1 + ((f - f2) / 200) ** 2);
          value += (gain * Math.sin(2 * Math.PI * f * t)) / h;
        }
        samples.push(0.45 * envelope * value);
      }
      pause(0.03);
    }
    pause(0.12);
  });
  const peak = Math.max(...samples.map(Math.abs), 1e-9);
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((v, i) => data.writeInt16LE(Math.round((v / peak) * 0.6 * 32_767), i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Chromium's id for an unpacked extension: the first 128 bits of SHA-256 of its absolute path, as letters a–p. */
export function unpackedExtensionId(dir = EXTENSION_DIR): string {
  const hex = createHash('sha256').update(realpathSync(dir)).digest('hex').slice(0, 32);
  return hex.replace(/[0-9a-f]/g, (c) => String.fromCharCode(97 + parseInt(c, 16)));
}

/**
 * A microphone that hears `wav` (looped); audio may autoplay; tab capture allowed for the
 * extension. (Not --use-fake-ui-for-media-stream: with it, tab capture's stream is refused
 * with "Requested device not found". The panel's tests add that flag; the others ask as a person's browser does.)
 */
export function fakeMicArgs(wav: string | null): string[] {
  return [
    ...(wav ? ['--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${wav}`] : []),
    '--autoplay-policy=no-user-gesture-required',
    `--allowlisted-extension-id=${unpackedExtensionId()}`,
  ];
}

export async function writeVoice(env: ExtensionEnv, voice: Record<string, unknown>): Promise<void> {
  const page = await env.context.newPage();
  await page.goto(`chrome-extension://${env.extensionId}/welcome.html`);
  await page.evaluate(async (value) => chrome.storage.local.set({ voice: value }), voice);
  await page.close();
}

export async function shoot(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: artifactPath(`${name}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: null });
}

/** Replaces chrome.tts.speak in the worker with one that keeps what it was asked to say (and never finishes). */
export async function fakeTts(env: ExtensionEnv): Promise<void> {
  const worker = await env.currentWorker();
  await worker.evaluate(() => {
    const spoken: string[] = [];
    Reflect.set(globalThis, '__spoken', spoken);
    const fake = (text: string) => {
      spoken.push(text);
      return Promise.resolve();
    };
    Object.defineProperty(chrome.tts, 'speak', { value: fake, configurable: true, writable: true });
  });
}

export async function spokenSoFar(env: ExtensionEnv): Promise<string[]> {
  const worker = await env.currentWorker();
  return worker.evaluate(() => {
    const spoken: unknown = Reflect.get(globalThis, '__spoken');
    return Array.isArray(spoken) ? spoken.map(String) : [];
  });
}

/** Holds the panel's microphone button down for `ms`, as a person holding it while speaking. */
export async function holdToTalk(panel: Page, ms: number, during?: () => Promise<void>): Promise<void> {
  const button = panel.getByRole('button', { name: 'Push to talk' });
  const box = await button.boundingBox();
  if (!box) throw new Error('The push-to-talk button is not on screen.');
  await panel.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await panel.mouse.down();
  await panel.getByRole('status').filter({ hasText: 'Listening' }).waitFor();
  const started = Date.now();
  if (during) await during();
  const left = ms - (Date.now() - started);
  if (left > 0) await panel.waitForTimeout(left);
  await panel.mouse.up();
}

/** Blocks the microphone for the extension in a (closed) profile, as a person choosing Block in Chrome's settings does. */
export function blockMicInProfile(userDataDir: string, extensionId: string): void {
  const path = join(userDataDir, 'Default', 'Preferences');
  const prefs: unknown = JSON.parse(readFileSync(path, 'utf8'));
  const blocked = { [`chrome-extension://${extensionId}/,*`]: { last_modified: '13370000000000000', setting: 2 } };
  const base = typeof prefs === 'object' && prefs !== null ? prefs : {};
  const profile: unknown = Reflect.get(base, 'profile');
  const settings: unknown = typeof profile === 'object' && profile !== null ? Reflect.get(profile, 'content_settings') : undefined;
  const exceptions: unknown = typeof settings === 'object' && settings !== null ? Reflect.get(settings, 'exceptions') : undefined;
  const next = {
    ...base,
    profile: {
      ...(typeof profile === 'object' ? profile : {}),
      content_settings: {
        ...(typeof settings === 'object' ? settings : {}),
        exceptions: { ...(typeof exceptions === 'object' ? exceptions : {}), media_stream_mic: blocked },
      },
    },
  };
  writeFileSync(path, JSON.stringify(next));
}
