import { z } from 'zod';
import type { Fact } from '../memory/types';
import { ModelError } from '../model/errors';
import { roleOf } from '../model/slot';
import type { Prompt } from '../model/spec';
import { callModel } from '../model/step';
import { defineTool } from '../tools/define';
import type { OfferContext } from '../tools/offer';
import type { RenderOptions } from '../tools/response';
import { TabSession } from '../tools/session';
import type { RunOptions } from './options';
import type { PlanStep } from './events';
import { ActLoop, type LoopHost, type LoopOutcome, type LoopRun } from './loop';
import { attachedMedia, opening } from './opening';
import { ACT_SYSTEM, executorTask, PLANNER_SYSTEM } from './prompts';
import type { TaskRecord } from './record';
import type { TaskState } from './state';

// Plan mode: a planner proposes steps, the host approves or edits them, and an executor loop
// carries out each step in one tab session, with earlier steps' results in view.

const PLAN_INPUT = z.object({
  steps: z.array(z.string().min(1)).min(1).max(8).describe('The steps, in plain language, in order'),
  message: z.string().describe('One sentence to the user about the plan'),
});

const proposePlan = defineTool({
  name: 'propose_plan',
  description: 'Propose the plan: the steps in order, and a short message to the user.',
  input: PLAN_INPUT,
  effects: 'none',
  run: () => Promise.resolve(),
});

export async function runPlan(
  options: RunOptions,
  host: LoopHost,
  state: TaskState,
  {
    maxSteps,
    render,
    offer,
    facts,
    record,
  }: { maxSteps: number; render: RenderOptions; offer: Omit<OfferContext, 'unlocked'>; facts: Fact[]; record: TaskRecord },
): Promise<LoopOutcome> {
  const planner = roleOf(options.models, 'planner');
  const start = await opening(options.browser, options.task, 'plan', render, {
    history: options.history,
    attachments: options.attachments,
    facts,
  });
  const prompt: Prompt = [
    { role: 'system', content: PLANNER_SYSTEM },
    { role: 'user', content: [{ type: 'text', text: start }, ...attachedMedia(options.attachments, options.models.actor)] },
  ];
  state.step++;
  host.emit({ type: 'step-start', step: state.step });
  const reply = await callModel(planner, prompt, [proposePlan], {
    signal: host.signal,
    onTextDelta: (delta) => host.emit({ type: 'text-delta', step: state.step, delta }),
  });
  state.usage.inputTokens += reply.usage.inputTokens;
  state.usage.outputTokens += reply.usage.outputTokens;
  host.emit({
    type: 'usage',
    step: state.step,
    inputTokens: reply.usage.inputTokens,
    outputTokens: reply.usage.outputTokens,
    totalInput: state.usage.inputTokens,
    totalOutput: state.usage.outputTokens,
    estimated: !reply.usage.reported,
  });
  const call = reply.calls.find((c) => c.name === 'propose_plan');
  const parsed = call ? PLAN_INPUT.safeParse(call.input) : null;
  let steps = parsed?.success
    ? parsed.data.steps
    : reply.text
        .split('\n')
        .map((l) => l.replace(/^\s*(\d+[.)]|[-*])\s*/, '').trim())
        .filter((l) => l.length > 3);
  const message = parsed?.success ? parsed.data.message : '';
  if (!steps.length) throw new ModelError('bad-request', 'The planner did not propose any steps.', false);
  host.emit({ type: 'plan-proposed', steps, message });
  const decision = options.approvePlan ? await options.approvePlan(steps, message) : { approved: true };
  if (!decision.approved)
    return { success: false, summary: 'The plan was not approved.', error: { code: 'stopped', message: 'The plan was not approved.' } };
  steps = decision.steps?.filter((s) => s.trim()) ?? steps;
  const plan: PlanStep[] = steps.map((text) => ({ text, status: 'pending' }));
  state.plan = plan;
  await host.save(state);

  const results: string[] = [];
  // One tab session for the whole plan: each step goes on in the tab the last one ended in.
  const tabs = new TabSession(options.browser);
  for (let index = 0; index < steps.length; index++) {
    const planStep = plan[index];
    if (!planStep) break;
    planStep.status = 'running';
    host.emit({ type: 'plan-step', index, step: { ...planStep }, plan: plan.map((s) => ({ ...s })) });
    const stepState: TaskState = {
      ...state,
      messages: [
        { role: 'system', content: ACT_SYSTEM },
        {
          role: 'user',
          content: [
            {
              type: 'text',
              text: await opening(options.browser, executorTask(options.task, steps, index, results), 'act', render, {
                secrets: host.secrets,
                attachments: options.attachments,
                facts,
                skills: host.skills,
              }),
            },
          ],
        },
      ],
    };
    const run: LoopRun = {
      state: stepState,
      offer,
      maxSteps,
      tabs,
      textAnswers: false,
    };
    const loop = new ActLoop(
      {
        ...host,
        save: async () => {
          state.step = stepState.step;
          state.usage = stepState.usage;
          state.unlockedTools = stepState.unlockedTools;
          await host.save(state);
        },
      },
      run,
    );
    const mark = record.mark;
    const ran = await loop.go();
    // A step the model calls done after the person declined what it needed is not done.
    const checked = record.reconcile(ran.success, ran.summary, mark);
    const outcome = { ...ran, success: checked.success, summary: checked.summary };
    state.step = stepState.step;
    state.usage = stepState.usage;
    planStep.status = outcome.success ? 'done' : 'failed';
    planStep.result = outcome.summary;
    if (!outcome.success) for (const rest of plan.slice(index + 1)) rest.status = 'skipped';
    host.emit({ type: 'plan-step', index, step: { ...planStep }, plan: plan.map((s) => ({ ...s })) });
    results.push(outcome.summary);
    await host.save(state);
    if (!outcome.success) {
      return { success: false, summary: `Step ${index + 1} (${planStep.text}) did not succeed: ${outcome.summary}`, error: outcome.error };
    }
  }
  return { success: true, summary: results.at(-1) ?? 'Done.', error: null };
}
