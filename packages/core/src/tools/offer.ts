import { changesNothing } from '../policy/effects';
import type { Capability, Tool, ToolContext } from './define';
import type { ToolRegistry } from './registry';

// Which tools a caller offers, decided in one place for every caller (the agent's first
// step and each step after, the runner's check of a call, MCP's tool list): from what each
// tool needs (define.ts: Capability) and what the host gives now — never from lists of names.

export interface OfferContext {
  /** What the host gives now (`present(context)`, less what a caller holds back, plus page code where the site enables it). */
  has: ReadonlySet<Capability>;
  /** Ask mode offers only tools that change nothing. */
  mode: 'act' | 'ask';
  /** The core set and tools offered by capability (a model's default), or every tool (models that take them all, MCP). */
  set: 'core' | 'all';
  /** Tools a playbook unlocked during the task. */
  unlocked?: readonly string[];
}

/** Whether the host gives everything the tool needs. */
export function usable(tool: Tool, has: ReadonlySet<Capability>): boolean {
  return tool.needs.every((need) => has.has(need));
}

/** The tools offered, in the registry's order. */
export function offeredTools(registry: ToolRegistry, context: OfferContext): string[] {
  const unlocked = new Set(context.unlocked ?? []);
  return registry.all
    .filter((tool) => {
      if (!usable(tool, context.has)) return false;
      if (context.mode === 'ask') return changesNothing(tool.effects);
      // A tool that needs more than a tab is there because the host gave what it needs: offered with it.
      const byCapability = tool.needs.some((need) => need !== 'tab');
      return context.set === 'all' || tool.core || byCapability || unlocked.has(tool.name);
    })
    .map((tool) => tool.name);
}

/**
 * What a tool context gives, as far as it can tell without asking its stores: memory (and
 * so, for all it knows, something in it), skills, research methods. Never page code: only a
 * caller that checks the page's site rule gives that.
 */
export function present(context: Pick<ToolContext, 'memory' | 'skills' | 'research'>): Set<Capability> {
  const has = new Set<Capability>(['tab']);
  if (context.memory) has.add('memory').add('memory-content');
  if (context.skills) has.add('skills');
  if (context.research?.searchWeb) has.add('search-web');
  if (context.research?.searchVideos) has.add('search-videos');
  if (context.research?.history) has.add('history');
  return has;
}

/**
 * What a task starts with: `present`, less memory search when memory is empty and the skill
 * tools when there are no skills (their schemas cost every step), and no skills in ask mode.
 */
export async function startingCapabilities(
  context: Pick<ToolContext, 'memory' | 'skills' | 'research'>,
  mode: 'act' | 'ask' | 'plan',
): Promise<Set<Capability>> {
  const has = present(context);
  if (context.memory && (await context.memory.isEmpty().catch(() => true))) has.delete('memory-content');
  if (mode === 'ask' || !context.skills || !(await context.skills.list().catch(() => [])).length) has.delete('skills');
  return has;
}

/** Why a tool the host does not give is missing, for the model (the first need not met). */
export function whyNotOffered(tool: Tool, has: ReadonlySet<Capability>): string {
  const missing = tool.needs.find((need) => !has.has(need));
  switch (missing) {
    case 'memory':
    case 'memory-content':
      return `${tool.name} is not available: memory is off here, or there is nothing in it yet.`;
    case 'skills':
      return `${tool.name} is not available: the person has no recorded skills here.`;
    case 'search-web':
    case 'search-videos':
      return `${tool.name} is not available here: no search page is set up.`;
    case 'history':
      return `${tool.name} is not available here: the person has not opted in to sharing their history.`;
    case 'page-code':
      return `${tool.name} is not available: running code in pages is off for this site, and only the person can turn it on in the site's rule.`;
    case 'tab':
      return `${tool.name} is not available: there is no tab to work in.`;
    case undefined:
      return `${tool.name} is not available yet; load the playbook that provides it with get_playbook.`;
  }
}
