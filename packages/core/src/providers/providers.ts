import type { CallOptions, LanguageModel } from '../model/spec';
import type { FetchFunction } from '@ai-sdk/provider-utils';
import { CommandInterpreter } from '../interpreter/model';
import { ModelConfigError } from '../model/errors';
import type { HostHints } from '../model/explain';
import type { ModelSlot, ToolMode } from '../model/slot';

// Model specs ("ollama:llama3.1", "openai-compatible:http://localhost:1234/v1#qwen2.5")
// and the AI SDK providers behind them. Keys and addresses come from the host (the
// environment for the CLI, settings in the extension); nothing here reads them itself.
// A provider's package is loaded when its model is first called (LazyModel): the AI SDK
// is most of the code a command would otherwise load to start (`memory search`, `facts`),
// and a task that never calls a model (the offline interpreter) needs none of it.

export const PROVIDERS = ['command', 'ollama', 'openai', 'openai-compatible', 'anthropic', 'google', 'mistral'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

export interface ModelSpec {
  provider: ProviderName;
  model: string;
  /** openai-compatible (required) and ollama (optional): where the server is. */
  baseURL?: string;
}

const SPEC_HELP =
  'Use command, ollama:<model>, openai:<model>, openai-compatible:<baseURL>#<model>, anthropic:<model>, google:<model> or mistral:<model>.';

function isProvider(name: string): name is ProviderName {
  return PROVIDERS.some((p) => p === name);
}

export function parseModelSpec(spec: string): ModelSpec {
  const text = spec.trim();
  if (text === 'command' || text === 'command:') return { provider: 'command', model: 'interpreter' };
  const colon = text.indexOf(':');
  if (colon < 0) throw new ModelConfigError(`"${spec}" is not a model spec. ${SPEC_HELP}`);
  const provider = text.slice(0, colon);
  const rest = text.slice(colon + 1).trim();
  if (!isProvider(provider)) throw new ModelConfigError(`Unknown model provider "${provider}". ${SPEC_HELP}`);
  if (provider === 'openai-compatible') {
    const hash = rest.lastIndexOf('#');
    const baseURL = hash < 0 ? '' : rest.slice(0, hash).trim();
    const model = hash < 0 ? '' : rest.slice(hash + 1).trim();
    if (!/^https?:\/\/\S+$/.test(baseURL) || !model) {
      throw new ModelConfigError(
        `"${spec}" needs a server address and a model: openai-compatible:http://localhost:1234/v1#qwen2.5-7b-instruct`,
      );
    }
    return { provider, model, baseURL: baseURL.replace(/\/+$/, '') };
  }
  if (!rest) throw new ModelConfigError(`"${spec}" names no model. ${SPEC_HELP}`);
  return { provider, model: rest };
}

export interface ProviderSettings {
  openaiApiKey?: string;
  openaiBaseURL?: string;
  anthropicApiKey?: string;
  googleApiKey?: string;
  mistralApiKey?: string;
  /** For openai-compatible servers that want one (Groq, OpenRouter); local ones do not. */
  compatibleApiKey?: string;
  /** Ollama's address (default http://127.0.0.1:11434). */
  ollamaBaseURL?: string;
  /** Context window, when the default for the provider is wrong for the model. */
  contextWindow?: number;
  /** Force the text protocol (for models without tool calling) or native calls. */
  toolMode?: ToolMode;
  vision?: boolean;
  /** The model takes audio clips (sent as audio file parts: OpenAI-compatible `input_audio`). */
  audio?: boolean;
  fetch?: FetchFunction;
  /** The host's hints for its advice: where its settings are, the origin its requests come from, how to set up a model. */
  host?: HostHints;
}

// Conservative defaults; the context window decides when history is summarised.
const DEFAULT_WINDOW: Record<ProviderName, number> = {
  command: 1_000_000,
  ollama: 16_384,
  openai: 128_000,
  'openai-compatible': 32_768,
  anthropic: 200_000,
  google: 1_000_000,
  mistral: 128_000,
};

const KEY_HELP: Partial<Record<ProviderName, string>> = {
  openai: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  google: 'GOOGLE_GENERATIVE_AI_API_KEY',
  mistral: 'MISTRAL_API_KEY',
};

function needKey(spec: ModelSpec, key: string | undefined): string {
  if (key) return key;
  throw new ModelConfigError(
    `${spec.provider}:${spec.model} needs an API key: set ${KEY_HELP[spec.provider] ?? 'the key'} (or choose another model with --model).`,
  );
}

/** The Ollama API base: the server address plus /api. */
export function ollamaApiBase(address: string | undefined): string {
  const base = (address ?? 'http://127.0.0.1:11434').replace(/\/+$/, '');
  return base.endsWith('/api') ? base : `${base}/api`;
}

function languageModel(spec: ModelSpec, settings: ProviderSettings): LanguageModel {
  if (spec.provider === 'command') return new CommandInterpreter(settings.host?.setupHint);
  // A missing key is a setup error now, before the task starts, not at its first step.
  const field = API_KEY_SETTING[spec.provider];
  const apiKey = field ? needKey(spec, settings[field]) : '';
  return new LazyModel(spec, () => providerModel(spec, settings, apiKey));
}

const API_KEY_SETTING: Partial<Record<ProviderName, 'openaiApiKey' | 'anthropicApiKey' | 'googleApiKey' | 'mistralApiKey'>> = {
  openai: 'openaiApiKey',
  anthropic: 'anthropicApiKey',
  google: 'googleApiKey',
  mistral: 'mistralApiKey',
};

/** The provider's own model, its package loaded on first use. */
async function providerModel(spec: ModelSpec, settings: ProviderSettings, apiKey: string): Promise<LanguageModel> {
  const fetch = settings.fetch ? { fetch: settings.fetch } : {};
  switch (spec.provider) {
    case 'command':
      return new CommandInterpreter(settings.host?.setupHint);
    case 'ollama': {
      const { createOllama } = await import('ollama-ai-provider-v2');
      return createOllama({ baseURL: ollamaApiBase(spec.baseURL ?? settings.ollamaBaseURL), ...fetch }).chat(spec.model);
    }
    case 'openai': {
      const { createOpenAI } = await import('@ai-sdk/openai');
      return createOpenAI({ apiKey, ...(settings.openaiBaseURL ? { baseURL: settings.openaiBaseURL } : {}), ...fetch })(spec.model);
    }
    case 'openai-compatible': {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: spec.baseURL ?? '',
        includeUsage: true,
        ...(settings.compatibleApiKey ? { apiKey: settings.compatibleApiKey } : {}),
        ...fetch,
      }).chatModel(spec.model);
    }
    case 'anthropic': {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      return createAnthropic({ apiKey, ...fetch })(spec.model);
    }
    case 'google': {
      const { createGoogleGenerativeAI } = await import('@ai-sdk/google');
      return createGoogleGenerativeAI({ apiKey, ...fetch })(spec.model);
    }
    case 'mistral': {
      const { createMistral } = await import('@ai-sdk/mistral');
      return createMistral({ apiKey, ...fetch })(spec.model);
    }
  }
}

/** A provider's model that loads the provider's package the first time it is called. */
class LazyModel implements LanguageModel {
  readonly specificationVersion = 'v4';
  readonly provider: string;
  readonly modelId: string;
  private loaded: Promise<LanguageModel> | null = null;

  constructor(
    spec: ModelSpec,
    private readonly load: () => Promise<LanguageModel>,
  ) {
    this.provider = spec.provider;
    this.modelId = spec.model;
  }

  private model(): Promise<LanguageModel> {
    // A failed load (a package missing from a broken install) is tried again on the next call.
    this.loaded ??= this.load().catch((error: unknown) => {
      this.loaded = null;
      throw error;
    });
    return this.loaded;
  }

  get supportedUrls(): PromiseLike<Record<string, RegExp[]>> {
    return this.model().then((m) => m.supportedUrls);
  }

  async doGenerate(options: CallOptions) {
    return (await this.model()).doGenerate(options);
  }

  async doStream(options: CallOptions) {
    return (await this.model()).doStream(options);
  }
}

function ollamaAddress(host: string | undefined): string | undefined {
  const trimmed = host?.trim();
  if (!trimmed) return undefined;
  // Ollama's own OLLAMA_HOST is often just host:port.
  return /^https?:\/\//.test(trimmed) ? trimmed : `http://${trimmed}`;
}

/**
 * Provider settings from environment variables, under the names each provider documents
 * (for Node hosts: the CLI, the bench). Passed in, so core itself reads no environment.
 */
export function settingsFromEnv(env: Record<string, string | undefined>): ProviderSettings {
  const settings: ProviderSettings = {};
  const set = <K extends keyof ProviderSettings>(key: K, value: ProviderSettings[K] | undefined) => {
    if (value !== undefined && value !== '') settings[key] = value;
  };
  set('openaiApiKey', env.OPENAI_API_KEY);
  set('openaiBaseURL', env.OPENAI_BASE_URL);
  set('anthropicApiKey', env.ANTHROPIC_API_KEY);
  set('googleApiKey', env.GOOGLE_GENERATIVE_AI_API_KEY ?? env.GEMINI_API_KEY);
  set('mistralApiKey', env.MISTRAL_API_KEY);
  set('compatibleApiKey', env.WAYFINDER_API_KEY ?? env.OPENAI_COMPATIBLE_API_KEY);
  set('ollamaBaseURL', ollamaAddress(env.OLLAMA_HOST));
  const window = env.WAYFINDER_CONTEXT_WINDOW;
  if (window) {
    const n = Number(window);
    if (!Number.isInteger(n) || n < 1000)
      throw new ModelConfigError(`WAYFINDER_CONTEXT_WINDOW must be a number of tokens (1000 or more), not "${window}".`);
    settings.contextWindow = n;
  }
  const mode = env.WAYFINDER_TOOL_MODE;
  if (mode) {
    if (mode !== 'native' && mode !== 'text') throw new ModelConfigError(`WAYFINDER_TOOL_MODE must be native or text, not "${mode}".`);
    settings.toolMode = mode;
  }
  return settings;
}

export function describeSpec(spec: ModelSpec): string {
  if (spec.provider === 'command') return 'command interpreter';
  return spec.baseURL ? `${spec.provider} ${spec.model} at ${spec.baseURL}` : `${spec.provider} ${spec.model}`;
}

/** The address a spec's requests go to, as a person would recognise it ('' for a cloud provider's own). */
function endpointAddress(spec: ModelSpec, settings: ProviderSettings): string {
  if (spec.provider === 'ollama') return (spec.baseURL ?? settings.ollamaBaseURL ?? 'http://127.0.0.1:11434').replace(/\/+$/, '');
  if (spec.provider === 'openai') return settings.openaiBaseURL ?? '';
  return spec.baseURL ?? '';
}

export function createModelSlot(spec: ModelSpec, settings: ProviderSettings = {}): ModelSlot {
  const contextWindow = settings.contextWindow ?? DEFAULT_WINDOW[spec.provider];
  const slot: ModelSlot = {
    model: languageModel(spec, settings),
    label: describeSpec(spec),
    contextWindow,
    toolMode: settings.toolMode ?? 'native',
    vision: settings.vision ?? ['openai', 'anthropic', 'google'].includes(spec.provider),
    endpoint: { provider: spec.provider, model: spec.model, baseURL: endpointAddress(spec, settings) },
  };
  if (settings.host) slot.host = settings.host;
  if (settings.audio) slot.audio = true;
  if (spec.provider === 'command') slot.allTools = true;
  // Ollama cuts prompts to its own small default window unless told the size.
  if (spec.provider === 'ollama') slot.providerOptions = { ollama: { options: { num_ctx: contextWindow } } };
  return slot;
}
