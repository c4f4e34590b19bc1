import {
  callModel,
  createModelSlot,
  explainModelError,
  ModelError,
  ollamaApiBase,
  parseModelSpec,
  PromptApiLanguageModel,
  requestFailure,
  type ModelRoles,
  type ModelSlot,
  type ModelSpec,
  type ProviderSettings,
  troubleText,
  type HostHints,
} from '@wayfinder/core';
import { CHROME_UNAVAILABLE, checkBuiltInModel, promptApi } from './built-in-model';
import {
  EXTENSION_SETUP_HINT,
  modelName,
  PROVIDER_LABELS,
  readsImages,
  takesAudio,
  type ModelChoice,
  type ProviderId,
  type Role,
  type Settings,
} from './settings';
import { CodedError } from '@wayfinder/core/errors';

// From settings to the models the agent uses: one slot per role, built with core's
// providers (the same code the CLI runs), plus Chrome's built-in model, which only
// exists in the browser.

/** Gemini Nano's prompt quota is small; the loop summarises history to fit it. */
const BUILT_IN_WINDOW = 6144;

/** Where the person reads advice: on the options page itself ("above"), or elsewhere (the panel). */
export type AdvicePlace = 'options' | 'panel';

/** The extension's side of provider advice (core's model/explain.ts). */
function hostHints(place: AdvicePlace): HostHints {
  return {
    // Ollama checks the Origin header, and an extension's requests carry chrome-extension://<id>.
    requestOrigin: 'chrome-extension://*',
    settingsPlace: place === 'options' ? 'above' : "in Wayfinder's options",
    setupHint: EXTENSION_SETUP_HINT,
  };
}

function providerSettings(settings: Settings, place: AdvicePlace): ProviderSettings {
  const p = settings.providers;
  const out: ProviderSettings = { host: hostHints(place) };
  if (p.openai.apiKey) out.openaiApiKey = p.openai.apiKey;
  if (p.anthropic.apiKey) out.anthropicApiKey = p.anthropic.apiKey;
  if (p.google.apiKey) out.googleApiKey = p.google.apiKey;
  if (p.mistral.apiKey) out.mistralApiKey = p.mistral.apiKey;
  if (p['openai-compatible'].apiKey) out.compatibleApiKey = p['openai-compatible'].apiKey;
  if (p.ollama.baseURL) out.ollamaBaseURL = p.ollama.baseURL;
  return out;
}

export class ModelSetupError extends CodedError<'model-setup'> {
  static override readonly marker = Symbol.for('wayfinder.extension.model-setup');
  override readonly name = 'ModelSetupError';

  constructor(message: string, options?: { cause?: unknown }) {
    super('model-setup', message, false, options);
  }
}

/** `place`: where a setup problem will be read, so its advice points to the right spot. */
export function slotFor(settings: Settings, choice: ModelChoice, place: AdvicePlace = 'panel'): ModelSlot {
  const there = place === 'options' ? 'above' : "in Wayfinder's options";
  if (choice.provider === 'chrome') {
    const api = promptApi();
    if (!api) throw new ModelSetupError(CHROME_UNAVAILABLE);
    // Tools through our text protocol (the Prompt API has no tool calling we can drive step by step).
    return {
      model: new PromptApiLanguageModel(api),
      label: PROVIDER_LABELS.chrome,
      contextWindow: BUILT_IN_WINDOW,
      toolMode: 'text',
      vision: false,
    };
  }
  const model = modelName(settings, choice);
  if (choice.provider !== 'command' && !model)
    throw new ModelSetupError(`${PROVIDER_LABELS[choice.provider]} has no model set. Enter the model's name ${there}.`);
  let spec: ModelSpec;
  if (choice.provider === 'openai-compatible') {
    const baseURL = settings.providers['openai-compatible'].baseURL.trim();
    if (!/^https?:\/\//.test(baseURL))
      throw new ModelSetupError(`The OpenAI-compatible server needs an address (like http://localhost:1234/v1). Enter it ${there}.`);
    spec = parseModelSpec(`openai-compatible:${baseURL}#${model}`);
  } else spec = parseModelSpec(choice.provider === 'command' ? 'command' : `${choice.provider}:${model}`);
  try {
    const vision = readsImages(settings, choice);
    const audio = takesAudio(settings, choice);
    return createModelSlot(spec, { ...providerSettings(settings, place), ...(vision ? { vision } : {}), ...(audio ? { audio } : {}) });
  } catch (error) {
    throw new ModelSetupError(
      error instanceof Error
        ? error.message.replace(/set [A-Z_]+ \(or choose another model with --model\)/, `enter the key ${there}`)
        : String(error),
    );
  }
}

/** The roles for a task; `actorOverride` is the side panel's model picker. */
export function rolesFor(settings: Settings, actorOverride?: ModelChoice): ModelRoles {
  const actor = slotFor(settings, actorOverride ?? settings.roles.actor);
  const roles: ModelRoles = { actor };
  for (const role of ['planner', 'summariser', 'vision'] as const satisfies readonly Role[]) {
    const choice = settings.roles[role];
    if (choice) roles[role] = slotFor(settings, choice);
  }
  return roles;
}

/** `connected`: the provider answered (or, for the built-in ones, is ready); `message` says how, or what to fix. */
export interface ConnectionResult {
  connected: boolean;
  message: string;
  /** Why it failed, as core's ModelErrorCode says (`auth`: the key was rejected). */
  code?: string;
}

/** Says whether a provider answers, and how fast; failures say what to fix. */
export async function testConnection(settings: Settings, provider: ProviderId, place: AdvicePlace = 'panel'): Promise<ConnectionResult> {
  if (provider === 'command') return { connected: true, message: 'The command interpreter is built in: nothing to connect to.' };
  if (provider === 'chrome') {
    const status = await checkBuiltInModel();
    return { connected: status.ready, message: status.message };
  }
  let slot: ModelSlot;
  try {
    slot = slotFor(settings, { provider, model: '' }, place);
  } catch (error) {
    return { connected: false, message: error instanceof Error ? error.message : String(error) };
  }
  const started = Date.now();
  const signal = AbortSignal.timeout(20_000);
  try {
    const reply = await callModel(
      slot,
      [
        { role: 'system', content: 'Reply with the single word OK.' },
        { role: 'user', content: [{ type: 'text', text: 'Are you there?' }] },
      ],
      [],
      { signal, retries: 0 },
    );
    const ms = Date.now() - started;
    return { connected: true, message: `${slot.label} answered in ${ms} ms${reply.text ? `: "${reply.text.trim().slice(0, 60)}"` : ''}.` };
  } catch (error) {
    if (ModelError.isInstance(error)) return { connected: false, message: error.message };
    return { connected: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** A request that costs no tokens and needs the server (and a right key) to answer: its list of models. */
function probeRequest(
  settings: Settings,
  provider: Exclude<ProviderId, 'command' | 'chrome'>,
): { url: string; headers: Record<string, string> } {
  const { baseURL, apiKey } = settings.providers[provider];
  const bearer: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {};
  switch (provider) {
    case 'ollama':
      return { url: `${ollamaApiBase(baseURL || undefined)}/tags`, headers: {} };
    case 'openai-compatible':
      return { url: `${baseURL.trim().replace(/\/+$/, '')}/models`, headers: bearer };
    case 'openai':
      return { url: 'https://api.openai.com/v1/models', headers: bearer };
    case 'mistral':
      return { url: 'https://api.mistral.ai/v1/models', headers: bearer };
    case 'anthropic':
      return {
        url: 'https://api.anthropic.com/v1/models',
        headers: { 'x-api-key': apiKey, 'anthropic-version': '2023-06-01', 'anthropic-dangerous-direct-browser-access': 'true' },
      };
    case 'google':
      return { url: 'https://generativelanguage.googleapis.com/v1beta/models', headers: { 'x-goog-api-key': apiKey } };
  }
}

/**
 * Whether the acting model's server answers, cheaply enough to ask every minute (the status
 * line): a GET of its model list, no tokens spent. Any answer but a refusal counts as reachable.
 */
export async function checkReachable(settings: Settings, provider: ProviderId): Promise<ConnectionResult> {
  if (provider === 'command' || provider === 'chrome') return testConnection(settings, provider);
  let slot: ModelSlot;
  try {
    slot = slotFor(settings, { provider, model: '' });
  } catch (error) {
    return { connected: false, message: error instanceof Error ? error.message : String(error) };
  }
  const { url, headers } = probeRequest(settings, provider);
  const endpoint = slot.endpoint ?? { provider, model: modelName(settings, { provider, model: '' }), baseURL: '' };
  const explain = (failure: ModelError) => ({
    connected: false,
    message: troubleText(explainModelError(failure, endpoint, hostHints('panel'))),
    code: failure.code,
  });
  const started = Date.now();
  let response: Response;
  try {
    response = await fetch(url, { headers, signal: AbortSignal.timeout(8_000) });
  } catch (error) {
    return explain(requestFailure({ error }, slot.label));
  }
  if (response.status === 401 || response.status === 403)
    return explain(requestFailure({ status: response.status, body: await response.text().catch(() => ''), url }, slot.label));
  return { connected: true, message: `${slot.label} is reachable (answered in ${Date.now() - started} ms).` };
}
