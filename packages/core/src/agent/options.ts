import type { Browser } from '../browser/port';
import type { MemoryAccess } from '../memory/types';
import type { ModelRoles } from '../model/slot';
import type { Redaction } from '../policy/redaction';
import type { SecretVault } from '../policy/secrets';
import type { ConfirmAnswer, ConfirmRequest, Policy } from '../policy/types';
import type { SkillLibrary } from '../skills/library';
import type { ResearchPort } from '../research/types';
import type { RenderOptions } from '../tools/response';
import type { AgentEvent, TaskMode } from './events';
import type { Attachment } from './opening';
import type { Store, TaskState } from './state';

// What a host gives runTask (agent.ts) for one task, and what it decides about a plan.

export interface PlanDecision {
  approved: boolean;
  /** The steps as approved (possibly edited or reordered). */
  steps?: string[];
}

export interface RunOptions {
  task: string;
  mode?: TaskMode;
  browser: Browser;
  models: ModelRoles;
  maxSteps?: number;
  store?: Store;
  policy?: Policy;
  signal?: AbortSignal;
  /** Which tools to offer from the start: the core set, or all of them (default: as the actor's slot says). */
  tools?: 'core' | 'all';
  render?: RenderOptions;
  onEvent?: (event: AgentEvent) => void;
  askUser?: (question: string) => Promise<string>;
  approvePlan?: (steps: string[], message: string) => Promise<PlanDecision>;
  /**
   * Answers a policy's confirmation (default: deny). `signal` aborts when the question is
   * withdrawn (the task ended or stopped first): the host takes it off screen, and the answer
   * no longer matters (what it held has failed).
   */
  confirm?: (request: ConfirmRequest & { tool: string; input: unknown }, signal: AbortSignal) => Promise<ConfirmAnswer>;
  /** A confirmation nobody answers within this long is withdrawn and declined (default: it waits while the task runs). */
  answerWithinMs?: number;
  /** Stored secrets: named to the model as placeholders, filled in at typing time, redacted everywhere. */
  secrets?: SecretVault;
  /**
   * The host's one redaction (policy/redaction.ts), the same its policy notes typed passwords
   * in and its sinks write through: what the model reads and the task's saved state pass it.
   * Default: one made from `secrets`.
   */
  redaction?: Redaction;
  /** A task id to use; a new one is made otherwise. */
  taskId?: string;
  /** Earlier turns of the conversation, as plain text, shown before the task. */
  history?: string;
  /** The person's memory (vault, facts, past tasks): offered through the memory tools when not empty; facts go into the prompt; the task leaves a record. */
  memory?: MemoryAccess;
  /** Files the person attached to the task: their text goes to the model fenced, as data like page text. */
  attachments?: Attachment[];
  /** The person's recorded skills: list_skills and run_skill are offered when there are some, and a site's skills are named to the model there. */
  skills?: SkillLibrary;
  /** Searching and (opted in) history: search_web, search_youtube and get_history are offered for the methods it has. */
  research?: ResearchPort;
  /** Ask mode: attach the page's content (default true). */
  includePage?: boolean;
  /**
   * Continue a task from its saved state (the worker running it was stopped). Act and ask
   * tasks go on from their last step; a plan cannot, and ends as interrupted.
   */
  resume?: TaskState;
  /**
   * With `resume`: the person asked to go on with a task that ended (failed, stopped or
   * interrupted), not a restarted worker. The model is told so, and looks before acting.
   */
  continuing?: boolean;
  /** Awaited before each step: a host that pauses a task holds it here (an abort must release it). */
  betweenSteps?: () => Promise<void>;
  /**
   * Writes the sandboxed summary of a page read in the background (browse) instead of the
   * summariser model: a host's tool-less local summariser (the extension's Chrome Summarizer).
   * It gets only the page's address and text, never the person's task.
   */
  summarisePage?: (url: string, text: string, signal: AbortSignal) => Promise<string>;
}
