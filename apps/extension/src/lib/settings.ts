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
});
export type ProviderConfig = z.infer<typeof providerConfig>;

const choice = z.object({ provider: z.enum(PROVIDER_IDS), model: z.string().default('') });
export type ModelChoice = z.infer<typeof choice>;

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
    /** A small picture of the page after each action, in the timeline. */
    screenshots: z.boolean().default(true),
  }),
  firstRunDone: z.boolean().default(false),
});
export type Settings = z.infer<typeof SETTINGS>;

export const SETTINGS_VERSION = 1;

export function defaultSettings(): Settings {
  return SETTINGS.parse({ version: 1, providers: {}, roles: {}, agent: {} });
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
