import {
  callModel,
  createModelSlot,
  ModelError,
  parseModelSpec,
  PromptApiLanguageModel,
  type ModelRoles,
  type ModelSlot,
  type ModelSpec,
  type ProviderSettings,
} from '@wayfinder/core';
import { CHROME_UNAVAILABLE, checkBuiltInModel, promptApi } from './built-in-model';
import { modelName, PROVIDER_LABELS, type ModelChoice, type ProviderId, type Role, type Settings } from './settings';

// From settings to the models the agent uses: one slot per role, built with core's
// providers (the same code the CLI runs), plus Chrome's built-in model, which only
// exists in the browser.

/** Gemini Nano's prompt quota is small; the loop summarises history to fit it. */
const BUILT_IN_WINDOW = 6144;

function providerSettings(settings: Settings): ProviderSettings {
  const p = settings.providers;
  const out: ProviderSettings = {};
  if (p.openai.apiKey) out.openaiApiKey = p.openai.apiKey;
  if (p.anthropic.apiKey) out.anthropicApiKey = p.anthropic.apiKey;
  if (p.google.apiKey) out.googleApiKey = p.google.apiKey;
  if (p.mistral.apiKey) out.mistralApiKey = p.mistral.apiKey;
  if (p['openai-compatible'].apiKey) out.compatibleApiKey = p['openai-compatible'].apiKey;
  if (p.ollama.baseURL) out.ollamaBaseURL = p.ollama.baseURL;
  return out;
}

export class ModelSetupError extends Error {
  override readonly name = 'ModelSetupError';
}

export function slotFor(settings: Settings, choice: ModelChoice): ModelSlot {
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
    throw new ModelSetupError(`${PROVIDER_LABELS[choice.provider]} has no model set. Choose one in Wayfinder's options.`);
  let spec: ModelSpec;
  if (choice.provider === 'openai-compatible') {
    const baseURL = settings.providers['openai-compatible'].baseURL.trim();
    if (!/^https?:\/\//.test(baseURL))
      throw new ModelSetupError(
        "The OpenAI-compatible server needs an address (like http://localhost:1234/v1). Set it in Wayfinder's options.",
      );
    spec = parseModelSpec(`openai-compatible:${baseURL}#${model}`);
  } else spec = parseModelSpec(choice.provider === 'command' ? 'command' : `${choice.provider}:${model}`);
  try {
    return createModelSlot(spec, providerSettings(settings));
  } catch (error) {
    throw new ModelSetupError(
      error instanceof Error
        ? error.message.replace(/set [A-Z_]+ \(or choose another model with --model\)/, "add the key in Wayfinder's options")
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
}

/** Says whether a provider answers, and how fast; failures say what to fix. */
export async function testConnection(settings: Settings, provider: ProviderId): Promise<ConnectionResult> {
  if (provider === 'command') return { connected: true, message: 'The command interpreter is built in: nothing to connect to.' };
  if (provider === 'chrome') {
    const status = await checkBuiltInModel();
    return { connected: status.ready, message: status.message };
  }
  let slot: ModelSlot;
  try {
    slot = slotFor(settings, { provider, model: '' });
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
