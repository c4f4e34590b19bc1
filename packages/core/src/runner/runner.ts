import { BrowserError } from '../browser/errors';
import { pageData } from '../browser/page-text';
import type { PageRequest, RequestVerdict } from '../browser/port';
import { ModelError } from '../model/errors';
import { effectsOf } from '../policy/effects';
import { Gate, proposedCall, tabContext, type AskPerson, type ConfirmationEvent } from '../policy/gate';
import type { Policy } from '../policy/types';
import { describeInvalidInput, type ToolContext } from '../tools/define';
import { offeredTools, present, usable, whyNotOffered } from '../tools/offer';
import type { ToolRegistry } from '../tools/registry';
import { ResponseBuilder, type RenderOptions, type ToolResult } from '../tools/response';
import { ours, said, type Said } from '../browser/said';

// The one path from a tool call to its result, for every caller (the agent loop, the CLI's
// snapshot, MCP, skill replay): look the tool up, validate its input, pass the gate
// (policy/gate.ts: the policy judges the effects the tool declares, the person answers when
// it asks), run it, render the result (capped, redacted, page text fenced), and turn every
// failure into a result the caller (a model, a person) can act on. Nothing else calls a
// tool's handler.

export type { ConfirmationEvent };

export interface ToolRunnerOptions {
  registry: ToolRegistry;
  policy: Policy;
  render: RenderOptions;
  /** Puts a held call to the person; without it, held calls are declined. */
  confirm?: AskPerson;
  onEvent?: (event: ConfirmationEvent) => void;
  /** A question nobody answers within this long is declined (GateOptions.answerWithinMs). */
  answerWithinMs?: number;
}

export interface ToolCallRequest {
  name: string;
  /** The arguments as the caller sent them; a string when they were not JSON. */
  input: unknown;
}

export interface RunHooks {
  /**
   * Called once the call is validated and the policy has looked at it, before any question
   * or effect (or when it fails before that): a caller's record of the call made here is
   * redacted with what the policy learned (a value typed into a password field).
   */
  announce?: () => void;
}

export class ToolRunner {
  readonly gate: Gate;

  constructor(private readonly options: ToolRunnerOptions) {
    this.gate = new Gate({
      policy: options.policy,
      ...(options.confirm ? { ask: options.confirm } : {}),
      ...(options.onEvent ? { onEvent: options.onEvent } : {}),
      ...(options.answerWithinMs ? { answerWithinMs: options.answerWithinMs } : {}),
    });
  }

  /** The request guard for the task's tabs: the gate's. */
  request(request: PageRequest): Promise<RequestVerdict> {
    return this.gate.request(request);
  }

  get registry(): ToolRegistry {
    return this.options.registry;
  }

  /**
   * Runs one call. `offered` is what the caller offers (tools/offer.ts; default: every tool the
   * context gives what it needs, page code never); a call to a tool outside it is refused.
   */
  async run(call: ToolCallRequest, context: ToolContext, offered?: readonly string[], hooks: RunHooks = {}): Promise<ToolResult> {
    const { registry, render } = this.options;
    const response = new ResponseBuilder();
    let announced = false;
    const announce = () => {
      if (!announced) hooks.announce?.();
      announced = true;
    };
    const fail = (message: Said, forPerson?: Said, refused?: 'policy' | 'person') => {
      announce();
      response.fail(message);
      if (forPerson) response.forPerson(forPerson);
      // A refusal is the policy's or the person's answer, not a failure to retry another way (a skill's repair reads it).
      if (refused) response.data.refused = refused;
      return response.render(render);
    };
    // What the context gives; page code only where the caller offers it (it has checked the site's rule).
    const has = present(context);
    if (offered) has.add('page-code');
    const names = (offered ?? offeredTools(registry, { has, mode: 'act', set: 'all' })).filter((name) => {
      const tool = registry.get(name);
      return tool !== undefined && usable(tool, has);
    });
    const tool = names.includes(call.name) ? registry.get(call.name) : undefined;
    if (!tool) {
      const known = registry.get(call.name);
      const hint = !known
        ? `There is no tool named "${call.name}".`
        : !usable(known, has) || known.needs.includes('page-code')
          ? whyNotOffered(known, new Set([...has].filter((need) => need !== 'page-code')))
          : known.needs.some((need) => need !== 'tab')
            ? `${known.name} is not available here now.`
            : `${known.name} is not available yet; load the playbook that provides it with get_playbook.`;
      return fail(said`${ours(hint)} Available tools: ${ours(names.join(', '))}.`);
    }
    if (typeof call.input === 'string')
      return fail(said`The arguments for ${ours(call.name)} are not valid JSON: ${ours(call.input.slice(0, 200))}`);
    const parsed = tool.input.safeParse(call.input ?? {});
    if (!parsed.success) return fail(ours(describeInvalidInput(tool, parsed.error)));
    const proposed = proposedCall(tool.name, parsed.data, effectsOf(tool.effects, parsed.data));

    const verdict = await this.gate.check(
      proposed,
      tabContext(() => context.tab()),
      announce,
    );
    if (!verdict.allowed) {
      // The policy's sentence (an address in it is the page's or the model's, never instructions).
      if (verdict.by === 'policy')
        return fail(said`Not allowed: ${ours(verdict.reason)}`, said`Not allowed: ${ours(firstSentence(verdict.reason))}`, 'policy');
      return fail(
        // The question quotes the page (a control's name, an address): it reaches the model as page data.
        said`The user declined: ${pageData(verdict.reason, 400)} Do not try this again or another way round it; find another way, or call done and say what you could not do.`,
        said`You declined, so this was not done.`,
        'person',
      );
    }
    announce();

    try {
      // The handler reaches this runner and no other: calls a tool makes (a skill's steps) take this same gated path.
      await this.gate.run(
        proposed,
        () => tool.run({ ...context, runner: this }, parsed.data, response),
        () => !response.isError,
      );
    } catch (error) {
      // A stopped task or a failing model ends the task: not this call's business.
      if (ModelError.isInstance(error) || (error instanceof Error && error.name === 'AbortError')) throw error;
      if (BrowserError.isInstance(error)) {
        if (error.code === 'tab-closed') context.forgetTab();
        // The driver's sentence: page text in it is quoted as page data.
        response.fail(ours(error.message));
      } else {
        response.fail(
          said`${ours(tool.name)} failed unexpectedly: ${pageData(error instanceof Error ? error.message : String(error), 600)}`,
        );
      }
    }
    return response.render(render);
  }
}

/** A policy's reason without the advice to the model that may follow it ("… Do not try to reach it another way."). */
function firstSentence(text: string): string {
  const end = /[.!?](\s|$)/.exec(text);
  return end ? text.slice(0, end.index + 1) : text;
}
