import type { MemoryAccess } from '../memory/types';
import type { SkillLibrary } from '../skills/library';
import type { ResearchPort } from '../research/types';
import { z } from 'zod';
import type { Browser, Tab } from '../browser/port';
import type { ToolEffects } from '../policy/effects';
import type { RiskClass } from '../policy/types';
import { ResponseBuilder, type ToolResult } from './response';

// A tool is one object: name, description, zod input (flat, every field described), the
// effects it declares (policy/effects.ts: what the policy judges; its risk class, MCP's
// annotations and ask mode derive from them), the capabilities it needs from its host
// (tools/offer.ts decides from them what is offered) and its handler. Handlers write to a
// ResponseBuilder; one renderer turns that into what the model reads. Only the ToolRunner
// (runner/runner.ts) calls a handler.

export type { RiskClass };

/**
 * What a tool needs from the host to be offered (tools/offer.ts): the task's tab, the
 * person's memory (`memory-content`: with something in it to find), their skills, a search
 * page, videos search, opted-in history, or a site rule that enables page code.
 */
export type Capability = 'tab' | 'memory' | 'memory-content' | 'skills' | 'search-web' | 'search-videos' | 'history' | 'page-code';

export interface ToolContext {
  browser: Browser;
  /** The tab the task works in (the active one unless the task switched). */
  tab(): Promise<Tab>;
  /** Makes another tab the task's tab. */
  useTab(id: string): void;
  signal: AbortSignal;
  /** Asks the person (the host decides how); resolves with their answer. */
  askUser(question: string): Promise<string>;
  /** Playbooks the model can load with get_playbook. */
  playbooks: ReadonlyMap<string, { title: string; tools: string[] }>;
  /** Puts stored secrets' values in place of their {{secret:NAME}} placeholders (the policy has already checked where). */
  fillSecrets(text: string): string;
  /** Summarises untrusted page text with a separate model call: no tools, no user data, no task. */
  summarisePage(url: string, text: string): Promise<string>;
  /** The task's tab closed under a call: the next `tab()` finds one again. */
  forgetTab(): void;
  /** The person's memory, when the host keeps one (the memory tools use it). */
  memory: MemoryAccess | null;
  /** The person's recorded skills, when the host keeps them (list_skills and run_skill use them). */
  skills: SkillLibrary | null;
  /** Searching and (opted in) history, when the host offers them (search_web, search_youtube, get_history use it). */
  research?: ResearchPort | null;
  /**
   * The runner this call came through, set by the runner itself: a tool that makes calls of
   * its own (run_skill plays a skill's steps) makes them there, each judged like any call.
   */
  runner: ToolCaller | null;
  /**
   * What an action's result carries of the page after it: what changed, for a model (the
   * default), or nothing (`none`: a skill's replay, where each step finds its own target).
   */
  pageAfter?: 'view' | 'none';
}

/**
 * What runs a call on the gated path: the ToolRunner (runner/runner.ts) is the one there is.
 * Named here, below the runner, so tools and skills can call through it without importing it.
 */
export interface ToolCaller {
  run(call: { name: string; input: unknown }, context: ToolContext): Promise<ToolResult>;
}

export interface Tool {
  name: string;
  description: string;
  input: z.ZodObject<Record<string, z.ZodType>>;
  /** What a call does (its input already validated): the one declaration everything else derives from. */
  effects: ToolEffects<unknown>;
  /** What the host must give for the tool to be offered. */
  needs: readonly Capability[];
  /** In the set every task starts with (the rest: offered to models that take all tools, or unlocked by a playbook). */
  core: boolean;
  run(ctx: ToolContext, input: unknown, response: ResponseBuilder): Promise<void>;
}

export function defineTool<S extends z.ZodObject>(def: {
  name: string;
  description: string;
  input: S;
  effects: ToolEffects<z.infer<S>>;
  needs?: readonly Capability[];
  core?: boolean;
  run: (ctx: ToolContext, input: z.infer<S>, response: ResponseBuilder) => Promise<void>;
}): Tool {
  const declared = def.effects;
  return {
    name: def.name,
    description: def.description,
    input: def.input,
    needs: def.needs ?? [],
    core: def.core ?? false,
    // The runner validates against `input` before calling, so these parses cannot fail for it.
    effects: typeof declared === 'function' ? (input) => declared(def.input.parse(input)) : declared,
    run: (ctx, input, response) => def.run(ctx, def.input.parse(input), response),
  };
}

/** A tool that works on the task's tab: the tab is resolved (and its absence explained) once, here. */
export function defineTabTool<S extends z.ZodObject>(def: {
  name: string;
  description: string;
  input: S;
  effects: ToolEffects<z.infer<S>>;
  needs?: readonly Capability[];
  core?: boolean;
  run: (tab: Tab, input: z.infer<S>, response: ResponseBuilder, ctx: ToolContext) => Promise<void>;
}): Tool {
  return defineTool({
    ...def,
    needs: ['tab', ...(def.needs ?? [])],
    run: async (ctx, input, response) => def.run(await ctx.tab(), input, response, ctx),
  });
}

/** The error a model reads when its arguments do not fit a tool's schema. */
export function describeInvalidInput(tool: Tool, error: z.ZodError): string {
  const problems = error.issues.map((issue) => {
    const where = issue.path.length ? issue.path.join('.') : 'the arguments';
    return `${where}: ${issue.message}`;
  });
  const fields = Object.entries(tool.input.shape);
  const shape = fields.map(([key, field]) => {
    const optional = field instanceof z.ZodOptional || field instanceof z.ZodDefault;
    return `${key}${optional ? '?' : ''}: ${field.description ?? ''}`;
  });
  return `Invalid arguments for ${tool.name}: ${problems.join('; ')}. Expected {${shape.join(', ')}}.`;
}
