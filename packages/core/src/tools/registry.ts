import { z } from 'zod';
import { PLAYBOOK_NAMES, PLAYBOOKS, playbookByName } from '../playbooks/playbooks';
import { defineTool, type Tool } from './define';
import { isToolEffects } from '../policy/effects';
import { inputTools } from './input';
import { memoryTools } from './memory';
import { navigationTools } from './navigation';
import { browseTool, metaTools, pageTools } from './page';
import { pageCodeTool } from './page-code';
import { researchTools } from './research';
import { skillTools } from './skills';
import { tabTools } from './tabs';
import { ours, said } from '../browser/said';

// One registry of every tool. A task starts with the core set; playbooks unlock more.

const getPlaybook = defineTool({
  name: 'get_playbook',
  core: true,
  description: `Load tips and more tools: ${PLAYBOOKS.map((p) => `${p.name} (${p.when}; adds ${p.tools.join(', ')})`).join('; ')}.`,
  input: z.object({ name: z.enum(PLAYBOOK_NAMES).describe('Playbook') }),
  effects: () => [{ kind: 'unlock' }],
  run: async (_ctx, { name }, response) => {
    const playbook = playbookByName(name);
    if (!playbook) {
      response.fail(said`There is no playbook ${ours(JSON.stringify(name))}.`);
      return;
    }
    // Our own playbook text.
    response.add(ours(playbook.body));
    response.add(said`Now also available: ${ours(playbook.tools.join(', '))}.`);
    response.control({ kind: 'unlock', playbook: playbook.name, tools: playbook.tools });
    await Promise.resolve();
  },
});

export const ALL_TOOLS: Tool[] = [
  ...navigationTools,
  ...tabTools,
  ...pageTools,
  browseTool,
  ...inputTools,
  ...metaTools,
  getPlaybook,
  // Offered by what they need (tools/offer.ts): memory, skills, research, a site rule enabling page code.
  ...memoryTools,
  ...skillTools,
  ...researchTools,
  pageCodeTool,
];

/** The set every task starts with (each such tool says so: `core: true`): enough to browse, read, fill simple forms and finish. */
export const CORE_TOOL_NAMES: readonly string[] = ALL_TOOLS.filter((tool) => tool.core).map((tool) => tool.name);

export class ToolRegistry {
  private readonly byName = new Map<string, Tool>();

  constructor(tools: Tool[] = ALL_TOOLS) {
    for (const tool of tools) {
      // A tool the policy cannot judge is no tool: it must say what its calls do.
      if (!isToolEffects(tool.effects))
        throw new Error(
          `The tool ${tool.name} does not declare its effects (reads, none, or what a call does), so it cannot be registered.`,
        );
      if (this.byName.has(tool.name)) throw new Error(`Two tools are named ${tool.name}.`);
      this.byName.set(tool.name, tool);
    }
  }

  get(name: string): Tool | undefined {
    return this.byName.get(name);
  }

  pick(names: readonly string[]): Tool[] {
    return names.flatMap((name) => {
      const tool = this.byName.get(name);
      return tool ? [tool] : [];
    });
  }

  get names(): string[] {
    return [...this.byName.keys()];
  }

  get all(): Tool[] {
    return [...this.byName.values()];
  }
}
