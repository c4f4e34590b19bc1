import { readFileSync } from 'node:fs';
import { createModelSlot, ModelConfigError, parseModelSpec, SCRIPT, ScriptedModel, type ModelRoles, type ModelSlot, type ProviderSettings, type ToolMode } from '@wayfinder/core';

// Which models the CLI uses: --model, else WAYFINDER_MODEL, else the command interpreter.
// Keys and addresses come from the environment, under the names each provider documents.
// `script:<file>` runs a scripted model (tests, demos, reproducing a run).

export type Env = Record<string, string | undefined>;

function ollamaAddress(env: Env): string | undefined {
  const host = env.OLLAMA_HOST?.trim();
  if (!host) return undefined;
  // Ollama's own variable is often just host:port.
  return /^https?:\/\//.test(host) ? host : `http://${host}`;
}

function settingsFrom(env: Env): ProviderSettings {
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
  set('ollamaBaseURL', ollamaAddress(env));
  const window = env.WAYFINDER_CONTEXT_WINDOW;
  if (window) {
    const n = Number(window);
    if (!Number.isInteger(n) || n < 1000) throw new ModelConfigError(`WAYFINDER_CONTEXT_WINDOW must be a number of tokens (1000 or more), not "${window}".`);
    settings.contextWindow = n;
  }
  const mode = env.WAYFINDER_TOOL_MODE;
  if (mode) {
    if (mode !== 'native' && mode !== 'text') throw new ModelConfigError(`WAYFINDER_TOOL_MODE must be native or text, not "${mode}".`);
    settings.toolMode = mode;
  }
  return settings;
}

function scriptSlot(file: string): ModelSlot {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ModelConfigError(`Cannot read the script ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ModelConfigError(`The script ${file} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = SCRIPT.safeParse(json);
  if (!parsed.success) {
    throw new ModelConfigError(`The script ${file} does not fit the format ({"steps": [{"calls": [{"tool": …, "args": {…}}]} or {"text": …}]}): ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const toolMode: ToolMode = parsed.data.toolMode ?? 'native';
  return { model: new ScriptedModel(parsed.data, `script ${file}`), label: `script ${file}`, contextWindow: parsed.data.contextWindow ?? 100_000, toolMode, vision: false };
}

export function modelSlot(spec: string, env: Env): ModelSlot {
  if (spec.startsWith('script:')) return scriptSlot(spec.slice('script:'.length));
  return createModelSlot(parseModelSpec(spec), settingsFrom(env));
}

export function resolveModels(spec: string | undefined, env: Env): ModelRoles {
  const actor = modelSlot(spec ?? env.WAYFINDER_MODEL ?? 'command', env);
  const roles: ModelRoles = { actor };
  const role = (name: string | undefined) => (name ? modelSlot(name, env) : undefined);
  const planner = role(env.WAYFINDER_PLANNER_MODEL);
  const summariser = role(env.WAYFINDER_SUMMARISER_MODEL);
  const vision = role(env.WAYFINDER_VISION_MODEL);
  if (planner) roles.planner = planner;
  if (summariser) roles.summariser = summariser;
  if (vision) roles.vision = vision;
  return roles;
}
