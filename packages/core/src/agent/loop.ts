import type { Prompt, PromptMessage, ToolResultOutput } from '../model/spec';
import type { Browser } from '../browser/port';
import { prunePrompt } from '../context/prune';
import { needsSummary, summarise } from '../context/summarise';
import { estimatePrompt, estimateText } from '../context/tokens';
import { callSignature, LoopDetector, loopMessage, toolOfCall } from '../context/loops';
import { roleOf, type ModelRoles } from '../model/slot';
import { callModel, toolSchema } from '../model/step';
import type { ConfirmAnswer, ConfirmRequest, Policy } from '../policy/types';
import type { SecretVault } from '../policy/secrets';
import { ToolRunner } from '../runner/runner';
import type { Tool, ToolContext } from '../tools/define';
import type { RenderOptions, ToolResult } from '../tools/response';
import { makeToolContext, type TabSession } from '../tools/session';
import { withRequestGuard } from '../browser/guard';
import { offeredTools, type OfferContext } from '../tools/offer';
import type { ToolRegistry } from '../tools/registry';
import { summariseUntrusted } from '../context/untrusted';
import type { MemoryAccess } from '../memory/types';
import type { SiteSkills } from '../skills/library';
import type { ResearchPort } from '../tools/research';
import type { AgentEvent } from './events';
import type { TaskState } from './state';

// The act loop: one model call per step, tools run here so that policy, confirmations,
// persistence and loop checks sit between steps. It ends when the model calls done, the
// step cap is reached, a loop goes on after warnings, the model fails, or the host stops it.

export const DEFAULT_MAX_STEPS = 30;
export const HARD_MAX_STEPS = 60;
const KEEP_ROUNDS = 3;
const MAX_NUDGES = 2;
const MAX_LOOP_WARNINGS = 2;

export interface LoopHost {
  browser: Browser;
  models: ModelRoles;
  registry: ToolRegistry;
  policy: Policy;
  signal: AbortSignal;
  render: RenderOptions;
  emit(event: AgentEvent): void;
  save(state: TaskState): Promise<void>;
  askUser(question: string): Promise<string>;
  /** Puts a question to the person; `signal` aborts when the question is withdrawn (the loop ended first): take it off screen. */
  confirm(request: ConfirmRequest & { tool: string; input: unknown }, signal: AbortSignal): Promise<ConfirmAnswer>;
  /** A question nobody answers within this long is declined (default: it waits). */
  answerWithinMs?: number;
  /** Stored secrets, filled in when typing. */
  secrets: SecretVault | null;
  /** Awaited before each step (a paused task waits here). */
  betweenSteps?: () => Promise<void>;
  /** The person's memory, for the memory tools. */
  memory?: MemoryAccess;
  /** The person's skills, for the skill tools; the model is told about a site's skills when the tab reaches it. */
  skills?: SiteSkills;
  /** Searching and history, for the research tools. */
  research?: ResearchPort;
  /** A host's own sandboxed page summariser (RunOptions.summarisePage); the summariser model otherwise. */
  summarisePage?: (url: string, text: string, signal: AbortSignal) => Promise<string>;
}

export interface LoopRun {
  state: TaskState;
  /** What decides the tools offered (tools/offer.ts); playbooks unlock more, a site rule may add page code. */
  offer: Omit<OfferContext, 'unlocked'>;
  /** A reply in plain text answers the task (ask mode) instead of earning a nudge. */
  textAnswers: boolean;
  maxSteps: number;
  /** The tab the task works in (switch_tab and open_tab change it; a plan's steps share it). */
  tabs: TabSession;
}

export interface LoopOutcome {
  success: boolean;
  summary: string;
  error: { code: string; message: string } | null;
}

function textOf(result: ToolResult, vision: boolean): ToolResultOutput {
  if (result.images.length && !vision) {
    const note = `${result.text}\n(The image is not shown: this model does not take images. Use snapshot or find to read the page.)`;
    return result.isError ? { type: 'error-text', value: note } : { type: 'text', value: note };
  }
  if (result.images.length) {
    return {
      type: 'content',
      value: [
        { type: 'text', text: result.text },
        ...result.images.map((img) => ({
          type: 'file' as const,
          data: { type: 'data' as const, data: img.data },
          mediaType: img.mediaType,
        })),
      ],
    };
  }
  return result.isError ? { type: 'error-text', value: result.text } : { type: 'text', value: result.text };
}

/** The gist of a result for timelines: its first line (and the next, when the first introduces it). */
function firstLine(text: string): string {
  // A fence's own lines (<page-content …>, </page-content>) say nothing to a person: the text inside does.
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/^<\/?page-content\b[^>]*>$/.test(l));
  const line = lines[0]?.endsWith(':') && lines[1] ? `${lines[0]} ${lines[1]}` : (lines[0] ?? '');
  // Room for page text quoted as page data (<page-text>…</page-text>) in a sentence that also says what happened after.
  return line.length > 240 ? `${line.slice(0, 239)}…` : line;
}

export class ActLoop {
  private readonly loops = new LoopDetector();
  private readonly runner: ToolRunner;
  private readonly context: ToolContext;
  private loopWarnings = 0;
  private nudges = 0;
  /** Whether the current page's site rule enables page code, as of the step's start. */
  private pageCodeHere = false;

  constructor(
    private readonly host: LoopHost,
    private readonly run: LoopRun,
  ) {
    this.runner = new ToolRunner({
      registry: host.registry,
      policy: host.policy,
      render: host.render,
      confirm: (request, signal) => host.confirm(request, signal),
      onEvent: (event) => host.emit(event),
      ...(host.answerWithinMs ? { answerWithinMs: host.answerWithinMs } : {}),
    });
    this.context = this.makeContext();
  }

  private tools(): Tool[] {
    const { offer, state } = this.run;
    const has = new Set(offer.has);
    if (this.pageCodeHere) has.add('page-code');
    return this.host.registry.pick(offeredTools(this.host.registry, { ...offer, has, unlocked: state.unlockedTools }));
  }

  /** Page code is offered only while the task's page is on a site whose rule enables it (each run is still confirmed). */
  private async checkSiteRule(): Promise<void> {
    const policy = this.host.policy;
    if (!policy.pageCode) return;
    const url = await this.context
      .tab()
      .then((tab) => tab.info())
      .then((info) => info.url)
      .catch(() => '');
    this.pageCodeHere = policy.pageCode(url);
  }

  private makeContext(): ToolContext {
    return makeToolContext({
      browser: this.host.browser,
      tabs: this.run.tabs,
      signal: this.host.signal,
      askUser: async (question) => {
        this.host.emit({ type: 'question', question });
        this.run.state.status = 'waiting';
        await this.host.save(this.run.state);
        const answer = await this.host.askUser(question);
        this.run.state.status = 'running';
        return answer;
      },
      fillSecrets: (text) => this.host.secrets?.fill(text) ?? text,
      memory: this.host.memory ?? null,
      skills: this.host.skills?.library ?? null,
      research: this.host.research ?? null,
      summarisePage: (url, text) =>
        this.host.summarisePage
          ? this.host.summarisePage(url, text, this.host.signal)
          : summariseUntrusted(roleOf(this.host.models, 'summariser'), url, text, this.host.signal),
    });
  }

  /** What the offered tools cost in every prompt (schemas natively, descriptions in text mode). */
  private toolTokens(): number {
    return estimateText(JSON.stringify(this.tools().map((t) => [t.name, t.description, toolSchema(t)])));
  }

  private async prepare(step: number): Promise<Prompt> {
    const state = this.run.state;
    state.messages = prunePrompt(state.messages, { keepRounds: KEEP_ROUNDS });
    const actor = this.host.models.actor;
    if (needsSummary(state.messages, actor.contextWindow, this.toolTokens())) {
      const summariser = roleOf(this.host.models, 'summariser');
      const before = estimatePrompt(state.messages);
      const shortened = await summarise(summariser, state.messages, KEEP_ROUNDS, this.host.signal);
      if (shortened) {
        state.messages = shortened.prompt;
        this.host.emit({
          type: 'notice',
          step,
          message: `History summarised to fit the context window (${before} → ${estimatePrompt(state.messages)} tokens).`,
        });
      }
    }
    return state.messages;
  }

  /**
   * Runs the loop with every request of the task's tabs put to the policy (redirects,
   * frames, what pages load by themselves), not only what tool calls ask for.
   */
  async go(): Promise<LoopOutcome> {
    const browser = this.host.browser;
    const start = await (await this.context.tab().catch(() => null))?.info().catch(() => null);
    if (start) this.host.policy.begin?.(start.url);
    // Stop takes down a question at once (withdrawn, not declined), not when the step ends.
    const stop = () => this.runner.gate.close();
    this.host.signal.addEventListener('abort', stop, { once: true });
    try {
      return await withRequestGuard(browser, this.runner.gate.guard, () => this.steps());
    } finally {
      this.host.signal.removeEventListener('abort', stop);
      // Questions still open are withdrawn, and a request held for one fails: the loop has ended.
      this.runner.gate.close();
    }
  }

  private async steps(): Promise<LoopOutcome> {
    const state = this.run.state;
    const actor = this.host.models.actor;
    while (state.step < this.run.maxSteps) {
      await this.host.betweenSteps?.();
      if (this.host.signal.aborted)
        return { success: false, summary: 'Stopped by the user.', error: { code: 'stopped', message: 'Stopped by the user.' } };
      // A page that stopped responding ends the task here, not after every step has waited out its deadline.
      const stalled = await this.host.browser.stalled?.();
      if (stalled) return { success: false, summary: stalled, error: { code: 'timeout', message: stalled } };
      state.step++;
      const step = state.step;
      this.host.emit({ type: 'step-start', step });
      const prompt = await this.prepare(step);
      await this.checkSiteRule();
      const tools = this.tools();
      const result = await callModel(actor, prompt, tools, {
        signal: this.host.signal,
        onTextDelta: (delta) => this.host.emit({ type: 'text-delta', step, delta }),
        onRetry: (message) => this.host.emit({ type: 'notice', step, message }),
      });
      const schemaTokens = actor.toolMode === 'native' ? this.toolTokens() : 0;
      const inputTokens = result.usage.reported ? result.usage.inputTokens : result.usage.inputTokens + schemaTokens;
      state.usage.inputTokens += inputTokens;
      state.usage.outputTokens += result.usage.outputTokens;
      this.host.emit({
        type: 'usage',
        step,
        inputTokens,
        outputTokens: result.usage.outputTokens,
        totalInput: state.usage.inputTokens,
        totalOutput: state.usage.outputTokens,
        estimated: !result.usage.reported,
      });

      const assistant: PromptMessage = { role: 'assistant', content: [] };
      if (result.text) assistant.content.push({ type: 'text', text: result.text });
      for (const call of result.calls)
        assistant.content.push({ type: 'tool-call', toolCallId: call.id, toolName: call.name, input: call.input });
      // Providers refuse empty assistant messages.
      if (!assistant.content.length) assistant.content.push({ type: 'text', text: '(no reply)' });
      state.messages.push(assistant);

      if (!result.calls.length) {
        const outcome = await this.noCalls(result.text, result.parseError, step);
        await this.host.save(state);
        if (outcome) return outcome;
        continue;
      }

      const results: PromptMessage = { role: 'tool', content: [] };
      state.messages.push(results);
      let finished: LoopOutcome | null = null;
      for (const call of result.calls) {
        const started = Date.now();
        // The call is told once the policy has looked at it (what it learned, a password typed, is hidden in the record).
        const toolResult = await this.runner.run(
          { name: call.name, input: call.input },
          this.context,
          this.tools().map((t) => t.name),
          { announce: () => this.host.emit({ type: 'tool-call', step, id: call.id, name: call.name, input: call.input }) },
        );
        let text = toolResult.text;
        const verdict = this.loops.record(callSignature(call.name, call.input), text);
        if (verdict) {
          this.loopWarnings++;
          if (this.loopWarnings > MAX_LOOP_WARNINGS) {
            // Read by the person only (the task ends): the tools, not their arguments (refs mean nothing to a person).
            const message = `The task was stopped: it kept repeating itself (${verdict.calls.map(toolOfCall).join(' → ')}) after ${MAX_LOOP_WARNINGS} warnings.`;
            results.content.push({
              type: 'tool-result',
              toolCallId: call.id,
              toolName: call.name,
              output: textOf(toolResult, this.host.models.actor.vision),
            });
            await this.host.save(state);
            return { success: false, summary: message, error: { code: 'loop', message } };
          }
          text = `${text}\n\n${loopMessage(verdict)}`;
          this.host.emit({
            type: 'notice',
            step,
            message: loopMessage(verdict),
            display: 'The agent was repeating the same steps without getting anywhere; it was told to try something different.',
          });
        }
        const skillsHere = await this.skillsNote();
        if (skillsHere) text = `${text}\n\n${skillsHere}`;
        results.content.push({
          type: 'tool-result',
          toolCallId: call.id,
          toolName: call.name,
          output: textOf({ ...toolResult, text }, this.host.models.actor.vision),
        });
        this.host.emit({
          type: 'tool-result',
          step,
          id: call.id,
          name: call.name,
          ok: !toolResult.isError,
          summary: firstLine(toolResult.text),
          ms: Date.now() - started,
          data: toolResult.data,
          ...(toolResult.display === null ? {} : { display: toolResult.display }),
        });
        const control = toolResult.control;
        if (control?.kind === 'unlock') state.unlockedTools = [...new Set([...state.unlockedTools, ...control.tools])];
        if (control?.kind === 'done') {
          finished = { success: control.success, summary: control.summary, error: null };
          break;
        }
      }
      if (result.parseError) state.messages.push({ role: 'user', content: [{ type: 'text', text: result.parseError }] });
      await this.host.save(state);
      if (finished) return finished;
    }
    const message = `Reached the step limit (${this.run.maxSteps}) before finishing. Try a more specific task, or allow more steps.`;
    return { success: false, summary: message, error: { code: 'step-limit', message } };
  }

  /** The skills of the site the tab has just reached, when it has some (null on the same site, or without skills). */
  private async skillsNote(): Promise<string | null> {
    const skills = this.host.skills;
    if (!skills) return null;
    const url = await this.context
      .tab()
      .then((tab) => tab.info())
      .then((info) => info.url)
      .catch(() => '');
    return url ? skills.note(url) : null;
  }

  /** A reply without tool calls: an unreadable call gets the format; prose gets a nudge, then ends the task. */
  private async noCalls(text: string, parseError: string | null, step: number): Promise<LoopOutcome | null> {
    const state = this.run.state;
    if (parseError) {
      state.messages.push({ role: 'user', content: [{ type: 'text', text: parseError }] });
      this.host.emit({
        type: 'notice',
        step,
        message: 'The model wrote a tool call that could not be read; it was shown the expected format.',
      });
      return null;
    }
    if (text && this.run.textAnswers) return { success: true, summary: text, error: null };
    if (this.nudges >= MAX_NUDGES) {
      return {
        success: text.length > 0,
        summary: text || 'The model stopped without an answer.',
        error: text ? null : { code: 'no-answer', message: 'The model stopped without an answer.' },
      };
    }
    this.nudges++;
    state.messages.push({
      role: 'user',
      content: [
        {
          type: 'text',
          text: 'Continue with a tool call. If the task is finished, call done with a summary and success; if you need something from the user, call ask_user.',
        },
      ],
    });
    await Promise.resolve();
    return null;
  }
}
