import { readFileSync } from 'node:fs';
import {
  createModelSlot,
  ModelConfigError,
  parseModelSpec,
  scriptedSlot,
  settingsFromEnv,
  type ModelRoles,
  type ModelSlot,
} from '@wayfinder/core';
import type { Env } from './io';

// Which models the CLI uses: --model, else WAYFINDER_MODEL, else the command interpreter.
// Keys and addresses come from the environment, under the names each provider documents.
// `script:<file>` runs a scripted model (tests, demos, reproducing a run).

function scriptSlot(file: string): ModelSlot {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ModelConfigError(`Cannot read the script ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return scriptedSlot(text, file);
}

export function modelSlot(spec: string, env: Env): ModelSlot {
  if (spec.startsWith('script:')) return scriptSlot(spec.slice('script:'.length));
  return createModelSlot(parseModelSpec(spec), settingsFromEnv(env));
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
