import { BrowserError } from '../browser/errors';
import { MEMORY_TOOL_NAMES } from '../tools/memory';
import { isSkillTool } from '../tools/skills';
import { isResearchTool } from '../tools/research';
import { PAGE_CODE_TOOL } from '../tools/page-code';
import { pageData } from '../browser/page-text';
import type { PageRequest, RequestGuard, RequestVerdict } from '../browser/port';
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
  /** Questions go to the person one at a time (a page's request can arrive while a call waits). */
  private asking: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: ToolRunnerOptions) {}

  /** Asks the person, after any question already being asked. */
  private ask(request: ConfirmRequest, tool: string, input: unknown): Promise<ConfirmAnswer> {
    const { confirm, onEvent } = this.options;
    const next = this.asking.then(async () => {
      onEvent?.({ type: 'confirmation-needed', tool, input, ...request });
      const answer = confirm ? await confirm({ ...request, tool, input }) : 'deny';
      onEvent?.({ type: 'confirmation-answered', tool, answer });
      return answer;
    });
    this.asking = next.catch(() => undefined);
    return next;
  }

  /** The request guard for the task's tabs: the policy decides, the person answers when it asks. */
  request(request: PageRequest): Promise<RequestVerdict> {
    return judgeRequest(this.options.policy, (question, input) => this.ask(question, 'page', input), request);
  }

  get registry(): ToolRegistry {
    return this.options.registry;
  }

  /** What a caller that names no tool set offers: everything but page code, which only a caller that checks the page's site rule offers (the agent loop). */
  private get defaultOffered(): string[] {
    return this.registry.names.filter((name) => name !== PAGE_CODE_TOOL);
  }

  /**
   * Runs one call. `offered` is what the caller offers (a loop's current tool set); a call
   * to a tool outside it is refused, with a hint when a playbook would unlock it.
   */
  async run(call: ToolCallRequest, context: ToolContext, offered: readonly string[] = this.defaultOffered): Promise<ToolResult> {
    const { registry, policy, render } = this.options;
    const response = new ResponseBuilder();
    const fail = (message: string, forPerson?: string, refused?: 'policy' | 'person') => {
      response.fail(message);
      if (forPerson) response.forPerson(forPerson);
      // A refusal is the policy's or the person's answer, not a failure to retry another way (a skill's repair reads it).
      if (refused) response.data.refused = refused;
      return response.render(render);
    };
    // Without memory there is nothing for the memory tools to reach: they are not offered.
    // Nor, without a skills library, the skill tools.
    // Nor, where the host gives no search or history, the research tools.
    const usable = offered.filter(
      (name) =>
        (context.memory || !isMemoryTool(name)) && (context.skills || !isSkillTool(name)) && (context.research || !isResearchTool(name)),
    );
    const tool = usable.includes(call.name) ? registry.get(call.name) : undefined;
    if (!tool) {
      const hint = isSkillTool(call.name)
        ? `${call.name} is not available: the person has no recorded skills here.`
        : isResearchTool(call.name)
          ? `${call.name} is not available here: no search page is set up (or, for get_history, the person has not opted in).`
          : isMemoryTool(call.name)
            ? `${call.name} is not available: memory is off here, or there is nothing in it yet.`
            : call.name === PAGE_CODE_TOOL
              ? `${call.name} is not available: running code in pages is off for this site, and only the person can turn it on in the site's rule.`
              : registry.get(call.name)
                ? `${call.name} is not available yet; load the playbook that provides it with get_playbook.`
                : `There is no tool named "${call.name}".`;
      return fail(
        `${hint} Available tools: ${registry
          .pick(usable)
          .map((t) => t.name)
          .join(', ')}.`,
      );
    }
    if (typeof call.input === 'string') return fail(`The arguments for ${call.name} are not valid JSON: ${call.input.slice(0, 200)}`);
    const parsed = tool.input.safeParse(call.input ?? {});
    if (!parsed.success) return fail(describeInvalidInput(tool, parsed.error));
    const proposed: ProposedCall = { tool: tool.name, input: parsed.data, risk: tool.risk, effects: effectsOf(tool.effects, parsed.data) };

    const verdict = await policy.check(proposed, policyContext(context));
    if (verdict.decision === 'deny')
      return fail(`Not allowed: ${verdict.reason}`, `Not allowed: ${firstSentence(verdict.reason)}`, 'policy');
    if (verdict.decision === 'confirm') {
      const request = questionOf(verdict);
      const answer = await this.ask(request, tool.name, parsed.data);
      await policy.answered?.(proposed, request, answer);
      if (declined(answer)) {
        return fail(
          // The question quotes the page (a control's name, an address): it reaches the model as page data.
          `The user declined: ${pageData(verdict.question, 400)} Do not try this again or another way round it; find another way, or call done and say what you could not do.`,
          'You declined, so this was not done.',
          'person',
        );
      }
    }

    try {
      // The handler reaches this runner and no other: calls a tool makes (a skill's steps) take this same gated path.
      await tool.run({ ...context, runner: this }, parsed.data, response);
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

/** The question a policy's `confirm` decision puts to the person. */
function questionOf({ question, kind, site, choices }: ConfirmRequest): ConfirmRequest {
  return { question, kind, site, choices };
}

/** A policy's reason without the advice to the model that may follow it ("… Do not try to reach it another way."). */
function firstSentence(text: string): string {
  const end = /[.!?](\s|$)/.exec(text);
  return end ? text.slice(0, end.index + 1) : text;
}

/** Whether the person said no (for now, or for good). */
function declined(answer: ConfirmAnswer): boolean {
  return answer === 'deny' || answer === 'never';
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
    focused: async () => {
      try {
        return await (await context.tab()).describeFocused();
      } catch {
        return null;
      }
    },
  };
}

/**
 * Judges a request the browser is about to make in a task's tabs (a page load, a redirect,
 * a frame, what a page fetches): the policy decides, and `ask` puts its questions to the
 * person. Hosts use it through `requestGuard` before a task starts (the start page).
 */
export async function judgeRequest(
  policy: Policy,
  ask: (question: ConfirmRequest, input: { url: string; method: string }) => Promise<ConfirmAnswer>,
  request: PageRequest,
): Promise<RequestVerdict> {
  const verdict = (await policy.request?.(request)) ?? { decision: 'allow' };
  if (verdict.decision === 'allow') return { allow: true };
  if (verdict.decision === 'deny') return { allow: false, reason: verdict.reason };
  const question = questionOf(verdict);
  const input = { url: request.url, method: request.method };
  const answer = await ask(question, input);
  const proposed: ProposedCall = { tool: 'page', input, risk: 'act', effects: [{ kind: 'open', url: request.url, target: 'this-tab' }] };
  await policy.answered?.(proposed, question, answer);
  return declined(answer) ? { allow: false, reason: `the person declined: ${verdict.question}` } : { allow: true };
}

/** A request guard from a policy and a way to ask the person (for a host, before its task starts). */
export function requestGuard(
  policy: Policy,
  confirm: (request: ConfirmRequest & { tool: string; input: unknown }) => Promise<ConfirmAnswer>,
): RequestGuard {
  return (request) => judgeRequest(policy, (question, input) => confirm({ ...question, tool: 'page', input }), request);
}

function isMemoryTool(name: string): boolean {
  return MEMORY_TOOL_NAMES.some((m) => m === name);
}
