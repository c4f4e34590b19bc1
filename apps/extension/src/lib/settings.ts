import { z } from 'zod';

// Settings live in chrome.storage.local (keys never leave this machine except to the
// provider they belong to). Versioned: each older version has a migration to the next,
// and a test walks them all.

export const PROVIDER_IDS = ['command', 'openai-compatible', 'ollama', 'openai', 'anthropic', 'google', 'mistral', 'chrome'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export const ROLES = ['actor', 'planner', 'summariser', 'vision'] as const;
export type Role = (typeof ROLES)[number];

const providerConfig = z.object({
  baseURL: z.string().default(''),
  apiKey: z.string().default(''),
  model: z.string().default(''),
  /** The model reads pictures (an OpenAI-compatible server's vision model: LLaVA, Qwen-VL …); the hosted providers' always do. */
  vision: z.boolean().optional(),
  /** The model takes audio clips (an OpenAI-compatible server's audio model: Qwen2-Audio, Voxtral, gpt-4o-audio …). */
  audio: z.boolean().optional(),
});
export type ProviderConfig = z.infer<typeof providerConfig>;

const choice = z.object({ provider: z.enum(PROVIDER_IDS), model: z.string().default('') });
export type ModelChoice = z.infer<typeof choice>;

/** The last connection test of a provider: whether it passed, what it said, and the model it was run with. */
const testResult = z.object({ ok: z.boolean(), message: z.string(), model: z.string().default(''), at: z.number().default(0) });
export type TestResult = z.infer<typeof testResult>;

/** Site rules for remembering pages: `always` even when capture is off or the site is sensitive; `never` never. */
export const CAPTURE_RULES = ['always', 'never'] as const;
export type CaptureRule = (typeof CAPTURE_RULES)[number];

/** Which embedder gives memory's vectors: the zero-download hashing one, or all-MiniLM-L6-v2 (downloaded once). */
export const EMBEDDERS = ['hash', 'minilm'] as const;
export type EmbedderChoice = (typeof EMBEDDERS)[number];

export const MEMORY_SETTINGS = z.object({
  /** "Remember pages I visit": every site not excluded (sensitive sites and `never` rules stay out). Off until the person turns it on. */
  capturePages: z.boolean().default(false),
  /** Per-site rules by registrable site ("example.com"). */
  sites: z.record(z.string(), z.enum(CAPTURE_RULES)).default({}),
  /** Pages and files kept at most; the oldest go first. */
  maxDocuments: z.number().int().min(10).max(100_000).default(5000),
  embedder: z.enum(EMBEDDERS).default('hash'),
  /** Where the MiniLM model's files are downloaded from, once (Hugging Face's layout; tests point it at a local server). */
  modelHost: z.string().default('https://huggingface.co/'),
});
export type MemorySettings = z.infer<typeof MEMORY_SETTINGS>;

/** Jobs Chrome's built-in AI may do when it is available (issue 16); each falls back to the configured models when not. */
export const BUILT_IN_JOBS = ['explain', 'rewrite', 'write', 'summarise', 'pages'] as const;
export type BuiltInJob = (typeof BUILT_IN_JOBS)[number];
export const BUILT_IN_SETTINGS = z.object({
  explain: z.boolean().default(true),
  rewrite: z.boolean().default(true),
  write: z.boolean().default(true),
  summarise: z.boolean().default(true),
  /** The sandboxed summaries of pages `browse` reads (untrusted text). */
  pages: z.boolean().default(true),
});
export type BuiltInSettings = z.infer<typeof BUILT_IN_SETTINGS>;

export const SETTINGS = z.object({
  version: z.literal(1),
  providers: z.object({
    'openai-compatible': providerConfig.default({ baseURL: 'http://localhost:1234/v1', apiKey: '', model: '' }),
    ollama: providerConfig.default({ baseURL: 'http://127.0.0.1:11434', apiKey: '', model: 'llama3.1' }),
    openai: providerConfig.default({ baseURL: '', apiKey: '', model: 'gpt-4o-mini' }),
    anthropic: providerConfig.default({ baseURL: '', apiKey: '', model: 'claude-sonnet-4-5' }),
    google: providerConfig.default({ baseURL: '', apiKey: '', model: 'gemini-2.5-flash' }),
    mistral: providerConfig.default({ baseURL: '', apiKey: '', model: 'mistral-large-latest' }),
  }),
  /** The model each role uses; roles left empty use the actor's. */
  roles: z.object({
    actor: choice.default({ provider: 'command', model: '' }),
    planner: choice.nullable().default(null),
    summariser: choice.nullable().default(null),
    vision: choice.nullable().default(null),
  }),
  agent: z.object({
    maxSteps: z.number().int().min(1).max(60).default(30),
    /** `cdp`: trusted input through the debugger; `dom`: script-made events. */
    inputMode: z.enum(['cdp', 'dom']).default('cdp'),
    /** A confirmation card nobody answers within this long is withdrawn and declined (a person who walked away). */
    answerWithinSec: z.number().int().min(1).max(3600).default(300),
    /** A small picture of the page after each action, in the timeline. */
    screenshots: z.boolean().default(true),
  }),
  firstRunDone: z.boolean().default(false),
  /**
   * Each provider's last connection test; only providers whose test passed are offered for a
   * role. Editing a provider clears its result (withProviderEdit). Added within version 1:
   * settings stored before it read as "no provider tested".
   */
  tests: z.partialRecord(z.enum(PROVIDER_IDS), testResult).default({}),
  /** Memory (issue 12). Added within version 1: settings stored before it read as the defaults (nothing captured). */
  memory: MEMORY_SETTINGS.prefault({}),
  /** Chrome's built-in AI per job (issue 16). Added within version 1: older settings read as every job allowed. */
  builtIn: BUILT_IN_SETTINGS.prefault({}),
  /** The helpers on every page (issue 16: selection overlay, /write, area capture). Added within version 1: on unless turned off. */
  pageHelpers: z.object({ enabled: z.boolean().default(true) }).prefault({}),
});
export type Settings = z.infer<typeof SETTINGS>;

export const SETTINGS_VERSION = 1;

export function defaultSettings(): Settings {
  return SETTINGS.parse({ version: 1, providers: {}, roles: {}, agent: {}, tests: {}, memory: {} });
}

/** Migrations from each older version to the next; settings.test.ts walks them all. */
export const MIGRATIONS: Record<number, (old: Record<string, unknown>) => Record<string, unknown>> = {
  // 0: settings saved before versioning (none were released); start again from the defaults.
  0: () => ({ version: 1, providers: {}, roles: {}, agent: {} }),
};

/** Reads stored settings of any version into the current shape; unusable data gives the defaults. */
export function upgradeSettings(stored: unknown): Settings {
  let data: Record<string, unknown> = typeof stored === 'object' && stored !== null ? Object.fromEntries(Object.entries(stored)) : {};
  let version = typeof data.version === 'number' ? data.version : 0;
  while (version < SETTINGS_VERSION) {
    const migrate = MIGRATIONS[version];
    if (!migrate) return defaultSettings();
    data = migrate(data);
    version++;
  }
  const parsed = SETTINGS.safeParse(data);
  return parsed.success ? parsed.data : defaultSettings();
}

const KEY = 'settings';

/** Whether a model takes audio clips: an OpenAI-compatible server's model marked so in the settings. */
/** Whether the person marked this local model as reading images (Options › the provider › Reads images). */
export function readsImages(settings: Settings, choice: ModelChoice): boolean {
  return (choice.provider === 'openai-compatible' || choice.provider === 'ollama') && settings.providers[choice.provider].vision === true;
}

export function takesAudio(settings: Settings, choice: ModelChoice): boolean {
  return choice.provider === 'openai-compatible' && settings.providers['openai-compatible'].audio === true;
}

export async function loadSettings(): Promise<Settings> {
  const stored: Record<string, unknown> = await chrome.storage.local.get(KEY);
  return upgradeSettings(stored[KEY]);
}

export async function saveSettings(settings: Settings): Promise<void> {
  await chrome.storage.local.set({ [KEY]: SETTINGS.parse(settings) });
}

export const PROVIDER_LABELS: Record<ProviderId, string> = {
  command: 'Command interpreter (no model)',
  'openai-compatible': 'OpenAI-compatible server',
  ollama: 'Ollama',
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google',
  mistral: 'Mistral',
  chrome: "Chrome's built-in model",
};

/** The model a choice names: its own, else the provider's configured one. */
export function modelName(settings: Settings, choice: ModelChoice): string {
  if (choice.provider === 'command' || choice.provider === 'chrome') return choice.provider;
  return choice.model || settings.providers[choice.provider].model;
}

/** How a choice of model reads in the panel and the status line ("Ollama · llama3.1"). */
export function describeChoice(settings: Settings, choice: ModelChoice): string {
  if (choice.provider === 'command' || choice.provider === 'chrome') return PROVIDER_LABELS[choice.provider];
  return `${PROVIDER_LABELS[choice.provider]} · ${modelName(settings, choice) || '(no model set)'}`;
}

export type ConfigurableProvider = Exclude<ProviderId, 'command' | 'chrome'>;

/** A provider's address, key or model changed: its last test no longer says anything about it. */
export function withProviderEdit(settings: Settings, provider: ConfigurableProvider, patch: Partial<ProviderConfig>): Settings {
  // What the model can take (images, audio) changes nothing the connection test checked.
  const retest = Object.keys(patch).some((key) => key !== 'vision' && key !== 'audio');
  const tests = retest ? Object.fromEntries(Object.entries(settings.tests).filter(([id]) => id !== provider)) : settings.tests;
  return { ...settings, providers: { ...settings.providers, [provider]: { ...settings.providers[provider], ...patch } }, tests };
}

/** Records a provider's connection test, with the model it was run with. */
export function withTestResult(
  settings: Settings,
  provider: ProviderId,
  result: { ok: boolean; message: string },
  at = Date.now(),
): Settings {
  const model = provider === 'command' || provider === 'chrome' ? '' : settings.providers[provider].model;
  return { ...settings, tests: { ...settings.tests, [provider]: { ok: result.ok, message: result.message, model, at } } };
}

/** A model a role or a task can use, or why it cannot be used yet. */
export interface ModelOption {
  choice: ModelChoice;
  /** "Ollama · llama3.1" */
  label: string;
  /** Null when it can be picked; else why not ("not tested yet", "its test failed: …"). */
  unavailable: string | null;
}

/** The value a <select> uses for a choice ("ollama:llama3.1"; "command:"). */
export function choiceKey(choice: ModelChoice): string {
  return `${choice.provider}:${choice.provider === 'command' || choice.provider === 'chrome' ? '' : choice.model}`;
}

/** Every model a role could use: those whose connection test passed can be picked, the others say why not. */
export function modelOptions(settings: Settings): ModelOption[] {
  return PROVIDER_IDS.map((provider): ModelOption => {
    if (provider === 'command') return { choice: { provider, model: '' }, label: PROVIDER_LABELS.command, unavailable: null };
    const test = settings.tests[provider];
    if (provider === 'chrome') {
      const unavailable = !test ? 'not checked yet' : test.ok ? null : `not available: ${test.message}`;
      return { choice: { provider, model: '' }, label: PROVIDER_LABELS.chrome, unavailable };
    }
    const { model, apiKey } = settings.providers[provider];
    const choice = { provider, model };
    const label = describeChoice(settings, choice);
    const needsKey = provider !== 'ollama' && provider !== 'openai-compatible';
    let unavailable: string | null = null;
    if (!model) unavailable = 'no model set';
    else if (needsKey && !apiKey) unavailable = 'no API key';
    else if (!test || test.model !== model) unavailable = 'not tested yet';
    else if (!test.ok) unavailable = `its test failed: ${test.message}`;
    return { choice, label, unavailable };
  });
}

/**
 * What the command interpreter says in the extension when a task needs a model; the panel
 * shows a button to Options beside an answer that says it.
 */
export const EXTENSION_SETUP_HINT =
  "For tasks like this, set up a model: open Wayfinder's Options (the ⋯ More button at the top of the panel, then Options).";
