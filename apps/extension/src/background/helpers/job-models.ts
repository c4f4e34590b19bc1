import { callModel, type ModelSlot, type Prompt } from '@wayfinder/core';
import { builtInApis, builtInAvailability, type BuiltInApiName, type BuiltInApis } from '../../lib/builtin-ai';
import { slotFor } from '../../lib/models';
import { loadSettings, type Settings } from '../../lib/settings';
import { builtInStream, type Job, type JobInput } from './builtin-jobs';
import { offscreenAvailability, offscreenStream } from './builtin-offscreen';
import { CodedError } from '@wayfinder/core/errors';

// The models behind the page helpers (issue 16): explain, rewrite, write and summarise.
// Each job goes to Chrome's built-in AI when this browser has it ready and the person
// allows it (Options → Chrome's built-in AI), else to the model configured for its role
// (summarise: the summariser; explain with a picture: the vision model), else to the main
// model. The command interpreter writes nothing, so it counts as no model.

export type { Job, JobInput };

/** Where a job went: 'built-in' (Chrome's API) or the configured model's label. */
export interface JobRoute {
  kind: 'built-in' | 'model';
  label: string;
}

export class JobModelError extends CodedError<'job-model'> {
  static override readonly marker = Symbol.for('wayfinder.extension.job-model');
  override readonly name = 'JobModelError';

  constructor(message: string, options?: { cause?: unknown }) {
    super('job-model', message, false, options);
  }
}

export const NO_HELPER_MODEL =
  "No model is set up for the page helpers. Set one up in Wayfinder's options (a provider, then pick it as the main model), or turn on Chrome's built-in AI there.";

const ROLE_OF: Record<Job, 'actor' | 'summariser'> = { explain: 'actor', rewrite: 'actor', write: 'actor', summarise: 'summariser' };

function choiceFor(settings: Settings, job: Job, image: boolean) {
  if (image) return settings.roles.vision ?? settings.roles.actor;
  const role = ROLE_OF[job];
  return (role === 'actor' ? null : settings.roles[role]) ?? settings.roles.actor;
}

/** Why a picture cannot be explained, naming the settings that would change it (Options › Models). */
export function cannotReadPictures(label: string, provider: string): string {
  const local =
    provider === 'openai-compatible' || provider === 'ollama'
      ? `If it is a vision model, tick "Reads images" under ${provider === 'ollama' ? 'Ollama' : 'OpenAI-compatible server'} in Wayfinder's options; otherwise pick`
      : 'Pick';
  return `${label} cannot read pictures. ${local} a model that reads images for "Looking at screenshots" in Wayfinder's options to explain a captured area.`;
}

/** The configured model for a job, or a clear error. */
export function configuredSlot(settings: Settings, job: Job, image: boolean): ModelSlot {
  const choice = choiceFor(settings, job, image);
  if (choice.provider === 'command') throw new JobModelError(NO_HELPER_MODEL);
  const slot = slotFor(settings, choice);
  if (image && !slot.vision) throw new JobModelError(cannotReadPictures(slot.label, choice.provider));
  return slot;
}

function dataUrlParts(url: string): { mediaType: string; data: string } {
  const match = /^data:(image\/[a-z0-9.+-]+);base64,(.+)$/i.exec(url);
  if (!match?.[1] || !match[2]) throw new JobModelError('The picture to explain is not an image data URL.');
  return { mediaType: match[1], data: match[2] };
}

function promptOf(input: JobInput): Prompt {
  const image = input.image ? dataUrlParts(input.image) : null;
  return [
    { role: 'system', content: input.system },
    {
      role: 'user',
      content: [
        { type: 'text', text: input.prompt },
        ...(image ? [{ type: 'file' as const, mediaType: image.mediaType, data: { type: 'data' as const, data: image.data } }] : []),
      ],
    },
  ];
}

/** A configured model's answer, streamed as it is written. */
export async function* streamSlot(slot: ModelSlot, input: JobInput, signal: AbortSignal): AsyncIterable<string> {
  const queue: string[] = [];
  let wake: (() => void) | null = null;
  // Written by the call's callbacks, read by the loop below.
  const call: { finished: boolean; failure: Error | null; streamed: boolean; whole: string } = {
    finished: false,
    failure: null,
    streamed: false,
    whole: '',
  };
  const poke = () => {
    wake?.();
    wake = null;
  };
  void callModel(slot, promptOf(input), [], {
    signal,
    retries: 1,
    onTextDelta: (delta) => {
      call.streamed = true;
      queue.push(delta);
      poke();
    },
  })
    .then((result) => {
      call.whole = result.text;
    })
    .catch((error: unknown) => {
      call.failure = error instanceof Error ? error : new JobModelError(String(error));
    })
    .finally(() => {
      call.finished = true;
      poke();
    });
  for (;;) {
    const next = queue.shift();
    if (next !== undefined) {
      yield next;
      continue;
    }
    if (call.finished) break;
    await new Promise<void>((resolve) => (wake = resolve));
  }
  if (call.failure) throw call.failure;
  if (!call.streamed && call.whole) yield call.whole;
}

export interface StreamJobOptions {
  /** For tests and callers that already have them. */
  settings?: Settings;
  apis?: BuiltInApis;
  /** Told where the job went, before the first words. */
  onRoute?: (route: JobRoute) => void;
}

const API_OF: Record<Job, BuiltInApiName> = { summarise: 'Summarizer', rewrite: 'Rewriter', write: 'Writer', explain: 'LanguageModel' };

type Runner = (signal: AbortSignal) => AsyncIterable<string>;

/**
 * How to run a job on built-in AI, or null when the person does not allow it or it is not
 * ready. The worker's own API where it has one; else the offscreen document's (Chrome gives
 * the Writing Assistance APIs to windows only). `apis` given (tests): those only.
 */
async function builtInRunner(settings: Settings, job: Job, input: JobInput, apis: BuiltInApis | undefined): Promise<Runner | null> {
  if (!settings.builtIn[job]) return null;
  // Pictures need a vision-capable model; the built-in path is text only here.
  if (input.image) return null;
  const api = API_OF[job];
  const local = apis ?? builtInApis();
  if (local[api] || apis) {
    const states = await builtInAvailability(local);
    return states[api] === 'available' ? (signal) => builtInStream(job, input, local, signal) : null;
  }
  const states = await offscreenAvailability();
  return states?.[api] === 'available' ? (signal) => offscreenStream(job, input, signal) : null;
}

/**
 * A helper job's answer, streamed: built-in AI when ready and allowed, else the configured
 * model. A built-in API that fails before its first words (create() refused, a language
 * it does not take) hands the job to the configured model.
 */
export async function* streamJob(job: Job, input: JobInput, signal?: AbortSignal, options: StreamJobOptions = {}): AsyncIterable<string> {
  const stop = signal ?? new AbortController().signal;
  const settings = options.settings ?? (await loadSettings());
  const runner = await builtInRunner(settings, job, input, options.apis);
  if (runner) {
    let started = false;
    try {
      for await (const chunk of runner(stop)) {
        if (!started) {
          started = true;
          options.onRoute?.({ kind: 'built-in', label: "Chrome's built-in AI" });
        }
        yield chunk;
      }
      if (started) return;
    } catch (error) {
      if (started || stop.aborted) throw error;
      // Not started: fall through to the configured model.
    }
  }
  const slot = configuredSlot(settings, job, Boolean(input.image));
  options.onRoute?.({ kind: 'model', label: slot.label });
  yield* streamSlot(slot, input, stop);
}
