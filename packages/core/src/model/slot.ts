import type { LanguageModelV3 } from '@ai-sdk/provider';

// A model in a role: the language model, how to talk to it, and what it can take.

export type ToolMode = 'native' | 'text';

export interface ModelSlot {
  model: LanguageModelV3;
  /** A name for messages and timelines ("ollama llama3.1"). */
  label: string;
  /** Context window in tokens. */
  contextWindow: number;
  /** `native` tool calling, or the text protocol for models without it. */
  toolMode: ToolMode;
  /** Whether screenshots can be shown to it. */
  vision: boolean;
  maxOutputTokens?: number;
}

/** A model per role; roles left out fall back to the actor. */
export interface ModelRoles {
  actor: ModelSlot;
  planner?: ModelSlot;
  summariser?: ModelSlot;
  vision?: ModelSlot;
}

export function roleOf(roles: ModelRoles, role: keyof ModelRoles): ModelSlot {
  return roles[role] ?? roles.actor;
}
