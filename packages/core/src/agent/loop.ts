import type { Prompt, PromptMessage, ToolResultOutput } from '../model/spec';
import { BrowserError } from '../browser/errors';
import type { Browser, Tab } from '../browser/port';
import { prunePrompt } from '../context/prune';
import { needsSummary, summarise } from '../context/summarise';
import { estimatePrompt, estimateText } from '../context/tokens';
import { callSignature, LoopDetector, loopMessage } from '../context/loops';
import { ModelError } from '../model/errors';
import { roleOf, type ModelRoles } from '../model/slot';
import { callModel, toolSchema } from '../model/step';
import { PLAYBOOKS } from '../playbooks/playbooks';
import { describeInvalidInput, type Tool, type ToolContext } from '../tools/define';
import { ResponseBuilder, type RenderOptions, type ToolResult } from '../tools/response';
import type { ToolRegistry } from '../tools/registry';
import type { AgentEvent } from './events';
import type { ConfirmAnswer, ConfirmRequest, Policy } from '../policy/types';
import type { SecretVault } from '../policy/secrets';
import { summariseUntrusted } from '../context/untrusted';
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
  confirm(request: ConfirmRequest & { tool: string; input: unknown }): Promise<ConfirmAnswer>;
  /** Stored secrets, filled in when typing. */
  secrets: SecretVault | null;
}

export interface LoopRun {
  state: TaskState;
  /** Tools offered at the start (more may be unlocked by playbooks). */
  toolNames: string[];
  /** A reply in plain text answers the task (ask mode) instead of earning a nudge. */
  textAnswers: boolean;
  maxSteps: number;
  /** Which tab the task works in (switch_tab and open_tab change it). */
  tabId: string | null;
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
    return { type: 'content', value: [{ type: 'text', text: result.text }, ...result.images.map((img) => ({ type: 'file' as const, data: { type: 'data' as const, data: img.data }, mediaType: img.mediaType }))] };
  }
  return result.isError ? { type: 'error-text', value: result.text } : { type: 'text', value: result.text };
}

/** The gist of a result for timelines: its first line (and the next, when the first introduces it). */
function firstLine(text: string): string {
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  const line = lines[0]?.endsWith(':') && lines[1] ? `${lines[0]} ${lines[1]}` : (lines[0] ?? '');
  return line.length > 160 ? `${line.slice(0, 159)}…` : line;
}

export class ActLoop {
  private readonly loops = new LoopDetector();
  /** The task's tab, kept between calls (dropped when it closes or the task switches). */
  private current: Tab | null = null;
  private loopWarnings = 0;
  private nudges = 0;

  constructor(private readonly host: LoopHost, private readonly run: LoopRun) {}

  private tools(): Tool[] {
    return this.host.registry.pick([...new Set([...this.run.toolNames, ...this.run.state.unlockedTools])]);
  }

  private context(): ToolContext {
    return {
      browser: this.host.browser,
      tab: () => this.tab(),
      useTab: (id) => {
        this.run.tabId = id;
        this.current = null;
      },
      signal: this.host.signal,
      askUser: async (question) => {
        this.host.emit({ type: 'question', question });
        this.run.state.status = 'waiting';
        await this.host.save(this.run.state);
        const answer = await this.host.askUser(question);
        this.run.state.status = 'running';
        return answer;
      },
      playbooks: new Map(PLAYBOOKS.map((p) => [p.name, { title: p.title, tools: p.tools }])),
      fillSecrets: (text) => this.host.secrets?.fill(text) ?? text,
      summarisePage: (url, text) => summariseUntrusted(roleOf(this.host.models, 'summariser'), url, text, this.host.signal),
    };
  }

  private async tab(): Promise<Tab> {
    if (this.current) return this.current;
    if (this.run.tabId) {
      try {
        this.current = await this.host.browser.switchTab(this.run.tabId);
        return this.current;
      } catch (error) {
        if (!BrowserError.isInstance(error) || error.code !== 'tab-closed') throw error;
        this.run.tabId = null;
      }
    }
    this.current = await this.host.browser.activeTab();
    this.run.tabId = this.current.id;
    return this.current;
  }

  /** Validates, checks policy, runs; every failure becomes an error result the model can read. */
  private async execute(name: string, input: unknown): Promise<ToolResult> {
    const response = new ResponseBuilder();
    const offered = this.tools();
    const tool = offered.find((t) => t.name === name) ?? null;
    if (!tool) {
      const known = this.host.registry.get(name);
      const hint = known ? `${name} is not available yet; load the playbook that provides it with get_playbook.` : `There is no tool named "${name}".`;
      return response.fail(`${hint} Available tools: ${offered.map((t) => t.name).join(', ')}.`).render(this.host.render);
    }
    if (typeof input === 'string') return response.fail(`The arguments for ${name} are not valid JSON: ${input.slice(0, 200)}`).render(this.host.render);
    const parsed = tool.input.safeParse(input ?? {});
    if (!parsed.success) return response.fail(describeInvalidInput(tool, parsed.error)).render(this.host.render);
    const call = { tool: name, input: parsed.data, risk: tool.risk };
    const verdict = await this.host.policy.check(call, {
      tabUrl: async () => (await (await this.tab()).info()).url,
      element: async (ref) => {
        try {
          return await (await this.tab()).describe(ref);
        } catch {
          return null;
        }
      },
    });
    if (verdict.decision === 'deny') return response.fail(`Not allowed: ${verdict.reason}`).render(this.host.render);
    if (verdict.decision === 'confirm') {
      const request: ConfirmRequest = { question: verdict.question, kind: verdict.kind, site: verdict.site, choices: verdict.choices };
      this.host.emit({ type: 'confirmation-needed', tool: name, input: parsed.data, ...request });
      const answer = await this.host.confirm({ ...request, tool: name, input: parsed.data });
      this.host.emit({ type: 'confirmation-answered', tool: name, answer });
      await this.host.policy.answered?.(call, request, answer);
      if (answer === 'deny' || answer === 'never') {
        return response.fail(`The user declined: ${verdict.question} Do not try this again or another way round it; find another way, or call done and say what you could not do.`).render(this.host.render);
      }
    }
    try {
      await tool.run(this.context(), parsed.data, response);
      this.host.policy.ran?.(call, !response.isError);
    } catch (error) {
      this.host.policy.ran?.(call, false);
      if (BrowserError.isInstance(error)) {
        if (error.code === 'tab-closed') this.current = null;
        response.fail(error.message);
      }
      else if (ModelError.isInstance(error) || (error instanceof Error && error.name === 'AbortError')) throw error;
      else response.fail(`${name} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`);
    }
    return response.render(this.host.render);
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
        this.host.emit({ type: 'notice', step, message: `History summarised to fit the context window (${before} → ${estimatePrompt(state.messages)} tokens).` });
      }
    }
    return state.messages;
  }

  async go(): Promise<LoopOutcome> {
    const state = this.run.state;
    const actor = this.host.models.actor;
    while (state.step < this.run.maxSteps) {
      if (this.host.signal.aborted) return { success: false, summary: 'Stopped by the user.', error: { code: 'stopped', message: 'Stopped by the user.' } };
      state.step++;
      const step = state.step;
      this.host.emit({ type: 'step-start', step });
      const prompt = await this.prepare(step);
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
      this.host.emit({ type: 'usage', step, inputTokens, outputTokens: result.usage.outputTokens, totalInput: state.usage.inputTokens, totalOutput: state.usage.outputTokens, estimated: !result.usage.reported });

      const assistant: PromptMessage = { role: 'assistant', content: [] };
      if (result.text) assistant.content.push({ type: 'text', text: result.text });
      for (const call of result.calls) assistant.content.push({ type: 'tool-call', toolCallId: call.id, toolName: call.name, input: call.input });
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
        this.host.emit({ type: 'tool-call', step, id: call.id, name: call.name, input: call.input });
        const started = Date.now();
        const toolResult = await this.execute(call.name, call.input);
        let text = toolResult.text;
        const verdict = this.loops.record(callSignature(call.name, call.input), text);
        if (verdict) {
          this.loopWarnings++;
          if (this.loopWarnings > MAX_LOOP_WARNINGS) {
            const message = `The task was stopped: it kept repeating itself (${verdict.calls.join(' → ')}) after ${MAX_LOOP_WARNINGS} warnings.`;
            results.content.push({ type: 'tool-result', toolCallId: call.id, toolName: call.name, output: textOf(toolResult, this.host.models.actor.vision) });
            await this.host.save(state);
            return { success: false, summary: message, error: { code: 'loop', message } };
          }
          text = `${text}\n\n${loopMessage(verdict)}`;
          this.host.emit({ type: 'notice', step, message: loopMessage(verdict) });
        }
        results.content.push({ type: 'tool-result', toolCallId: call.id, toolName: call.name, output: textOf({ ...toolResult, text }, this.host.models.actor.vision) });
        this.host.emit({ type: 'tool-result', step, id: call.id, name: call.name, ok: !toolResult.isError, summary: firstLine(toolResult.text), ms: Date.now() - started, data: toolResult.data });
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

  /** A reply without tool calls: an unreadable call gets the format; prose gets a nudge, then ends the task. */
  private async noCalls(text: string, parseError: string | null, step: number): Promise<LoopOutcome | null> {
    const state = this.run.state;
    if (parseError) {
      state.messages.push({ role: 'user', content: [{ type: 'text', text: parseError }] });
      this.host.emit({ type: 'notice', step, message: 'The model wrote a tool call that could not be read; it was shown the expected format.' });
      return null;
    }
    if (text && this.run.textAnswers) return { success: true, summary: text, error: null };
    if (this.nudges >= MAX_NUDGES) {
      return { success: text.length > 0, summary: text || 'The model stopped without an answer.', error: text ? null : { code: 'no-answer', message: 'The model stopped without an answer.' } };
    }
    this.nudges++;
    state.messages.push({ role: 'user', content: [{ type: 'text', text: 'Continue with a tool call. If the task is finished, call done with a summary and success; if you need something from the user, call ask_user.' }] });
    await Promise.resolve();
    return null;
  }
}
