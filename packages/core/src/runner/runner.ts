import { BrowserError } from '../browser/errors';
import { ModelError } from '../model/errors';
import type { ConfirmAnswer, ConfirmRequest, Policy, PolicyContext, ProposedCall } from '../policy/types';
import { describeInvalidInput, type ToolContext } from '../tools/define';
import { effectsOf } from '../tools/effects';
import type { ToolRegistry } from '../tools/registry';
import { ResponseBuilder, type RenderOptions, type ToolResult } from '../tools/response';

// The one path from a tool call to its result, for every caller (the agent loop, the CLI's
// snapshot, and next MCP, the bridge and skill replay): look the tool up, validate its
// input, ask the policy about the effects it declares, ask the person when the policy
// says so, run it, render the result (capped, redacted, page text fenced), and turn every
// failure into a result the caller (a model, a person) can act on. Nothing else calls a
// tool's handler.

/** What the runner tells its caller about confirmations (the loop passes them on as events). */
export type ConfirmationEvent =
  | ({ type: 'confirmation-needed'; tool: string; input: unknown } & ConfirmRequest)
  | { type: 'confirmation-answered'; tool: string; answer: ConfirmAnswer };

export interface ToolRunnerOptions {
  registry: ToolRegistry;
  policy: Policy;
  render: RenderOptions;
  /** Puts a held call to the person; without it, held calls are declined. */
  confirm?: (request: ConfirmRequest & { tool: string; input: unknown }) => Promise<ConfirmAnswer>;
  onEvent?: (event: ConfirmationEvent) => void;
}

export interface ToolCallRequest {
  name: string;
  /** The arguments as the caller sent them; a string when they were not JSON. */
  input: unknown;
}

export class ToolRunner {
  constructor(private readonly options: ToolRunnerOptions) {}

  get registry(): ToolRegistry {
    return this.options.registry;
  }

  /**
   * Runs one call. `offered` is what the caller offers (a loop's current tool set); a call
   * to a tool outside it is refused, with a hint when a playbook would unlock it.
   */
  async run(call: ToolCallRequest, context: ToolContext, offered: readonly string[] = this.registry.names): Promise<ToolResult> {
    const { registry, policy, render } = this.options;
    const response = new ResponseBuilder();
    const fail = (message: string) => response.fail(message).render(render);
    const tool = offered.includes(call.name) ? registry.get(call.name) : undefined;
    if (!tool) {
      const hint = registry.get(call.name)
        ? `${call.name} is not available yet; load the playbook that provides it with get_playbook.`
        : `There is no tool named "${call.name}".`;
      return fail(
        `${hint} Available tools: ${registry
          .pick(offered)
          .map((t) => t.name)
          .join(', ')}.`,
      );
    }
    if (typeof call.input === 'string') return fail(`The arguments for ${call.name} are not valid JSON: ${call.input.slice(0, 200)}`);
    const parsed = tool.input.safeParse(call.input ?? {});
    if (!parsed.success) return fail(describeInvalidInput(tool, parsed.error));
    const proposed: ProposedCall = { tool: tool.name, input: parsed.data, risk: tool.risk, effects: effectsOf(tool.effects, parsed.data) };

    const verdict = await policy.check(proposed, policyContext(context));
    if (verdict.decision === 'deny') return fail(`Not allowed: ${verdict.reason}`);
    if (verdict.decision === 'confirm') {
      const request: ConfirmRequest = { question: verdict.question, kind: verdict.kind, site: verdict.site, choices: verdict.choices };
      this.options.onEvent?.({ type: 'confirmation-needed', tool: tool.name, input: parsed.data, ...request });
      const answer = this.options.confirm ? await this.options.confirm({ ...request, tool: tool.name, input: parsed.data }) : 'deny';
      this.options.onEvent?.({ type: 'confirmation-answered', tool: tool.name, answer });
      await policy.answered?.(proposed, request, answer);
      if (answer === 'deny' || answer === 'never') {
        return fail(
          `The user declined: ${verdict.question} Do not try this again or another way round it; find another way, or call done and say what you could not do.`,
        );
      }
    }

    try {
      await tool.run(context, parsed.data, response);
      policy.ran?.(proposed, !response.isError);
    } catch (error) {
      policy.ran?.(proposed, false);
      // A stopped task or a failing model ends the task: not this call's business.
      if (ModelError.isInstance(error) || (error instanceof Error && error.name === 'AbortError')) throw error;
      if (BrowserError.isInstance(error)) {
        if (error.code === 'tab-closed') context.forgetTab();
        response.fail(error.message);
      } else {
        response.fail(`${tool.name} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return response.render(render);
  }
}

/** What the policy may ask about the page a call acts on. */
function policyContext(context: ToolContext): PolicyContext {
  return {
    tabUrl: async () => (await (await context.tab()).info()).url,
    element: async (ref) => {
      try {
        return await (await context.tab()).describe(ref);
      } catch {
        return null;
      }
    },
  };
}
