import type { PromptApi, PromptApiAvailability } from '@wayfinder/core/ui';

// Chrome's built-in model (Gemini Nano) is reached through the `LanguageModel` global of
// the Prompt API, where this Chrome has it. Core's PromptApiLanguageModel does the talking;
// this file finds the API and gets the model onto the computer.

function isPromptApi(value: unknown): value is PromptApi {
  return (
    typeof value === 'function' &&
    'availability' in value &&
    typeof value.availability === 'function' &&
    'create' in value &&
    typeof value.create === 'function'
  );
}

/** The Prompt API of this context, or null where Chrome does not offer it. */
export function promptApi(): PromptApi | null {
  const candidate: unknown = Reflect.get(globalThis, 'LanguageModel');
  return isPromptApi(candidate) ? candidate : null;
}

export const CHROME_UNAVAILABLE =
  "Chrome's built-in model is not available in this browser. It needs Chrome 138 or later on a computer that can run Gemini Nano (about 22 GB of free disk, 4 GB of GPU memory or 16 GB of RAM), with the Prompt API turned on. Until then, choose another provider or use the command interpreter.";

export const CHROME_NEEDS_DOWNLOAD =
  "Chrome's built-in model has to be downloaded once (about 2 GB, by Chrome itself). Start it with Download in Wayfinder's options.";

const EXPECTED = {
  expectedInputs: [{ type: 'text' as const, languages: ['en'] }],
  expectedOutputs: [{ type: 'text' as const, languages: ['en'] }],
};

export interface BuiltInStatus {
  ready: boolean;
  availability: PromptApiAvailability;
  message: string;
}

/**
 * Where the built-in model stands. With `download` (from a click in a page: Chrome starts
 * the download only on a person's gesture) it fetches the model, reporting progress 0–1.
 */
export async function checkBuiltInModel(
  options: { download?: boolean; onProgress?: (fraction: number) => void } = {},
): Promise<BuiltInStatus> {
  const api = promptApi();
  if (!api) return { ready: false, availability: 'unavailable', message: CHROME_UNAVAILABLE };
  const availability = await api.availability(EXPECTED);
  if (availability === 'unavailable') return { ready: false, availability, message: CHROME_UNAVAILABLE };
  if (availability === 'available') return { ready: true, availability, message: "Chrome's built-in model is ready." };
  if (!options.download)
    return {
      ready: false,
      availability,
      message:
        availability === 'downloading'
          ? 'Chrome is downloading its built-in model; it is ready when the download ends.'
          : CHROME_NEEDS_DOWNLOAD,
    };
  const onProgress = options.onProgress;
  try {
    const session = await api.create({
      ...EXPECTED,
      ...(onProgress ? { monitor: (m) => m.addEventListener('downloadprogress', (e) => onProgress(e.loaded)) } : {}),
    });
    session.destroy();
    return { ready: true, availability: 'available', message: "Chrome's built-in model is downloaded and ready." };
  } catch (error) {
    return {
      ready: false,
      availability,
      message: `Chrome could not download its built-in model: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
