import type { HostHints, ProviderEndpoint } from './explain';
import type { LanguageModel, ProviderOptions } from './spec';

// A model in a role: the language model, how to talk to it, and what it can take.

export type ToolMode = 'native' | 'text';

export interface ModelSlot {
  model: LanguageModel;
  /** A name for messages and timelines ("ollama llama3.1"). */
  label: string;
  /** Context window in tokens. */
  contextWindow: number;
  /** `native` tool calling, or the text protocol for models without it. */
  toolMode: ToolMode;
  /** Whether screenshots can be shown to it. */
  vision: boolean;
  /** Whether audio clips (WAV) can be given to it (an OpenAI-compatible server's audio model). */
  audio?: boolean;
  maxOutputTokens?: number;
  /** Offer every tool from the start, not the core set (for weightless models, which pay nothing for schemas). */
  allTools?: boolean;
  /** Sent with every call (Ollama's num_ctx, for one). */
  providerOptions?: ProviderOptions;
  /** The server behind the model, and the host's hints: failures are explained with them (model/explain.ts). */
  endpoint?: ProviderEndpoint;
  host?: HostHints;
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
