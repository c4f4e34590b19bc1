import type { ModelRoles, TaskState } from '@wayfinder/core';
import { taskView, type TaskView } from '../../lib/messages';
import { rolesFor } from '../../lib/models';
import { loadSettings } from '../../lib/settings';
import { isSkillReplay } from '../../lib/skill-messages';
import { taskSafety } from './policy';
import { launch, type RunServices } from './run';

// Tasks that go on from their stored state: after a worker restart (Chrome stopped the
// worker mid-task; the resume alarm or any event starts it again), and when the person
// asks to continue a task that ended. Each goes on from the state written after its last
// step, or is marked interrupted with the reason; none is dropped silently.

/** Tasks the last worker left running: go on with them (or say why not). */
export async function resumeUnfinished(services: RunServices): Promise<void> {
  const db = await services.db();
  for (const record of await db.unfinishedTasks()) {
    if (services.live.has(record.id)) continue;
    const settings = await loadSettings();
    let models: ModelRoles;
    try {
      if (isSkillReplay(record.model))
        throw new Error('a skill replay does not go on by itself; run the skill again from the Skills page.');
      models = rolesFor(settings);
    } catch (error) {
      await services.outcomes.interrupted(record, error instanceof Error ? error.message : String(error));
      continue;
    }
    await db.setPending(record.id, null);
    launch(
      {
        taskId: record.id,
        conversationId: record.conversationId,
        settings,
        models,
        task: record.state.task,
        mode: record.state.mode,
        history: '',
        includePage: true,
        resume: record.state,
        ...(await taskSafety(services.redaction)),
      },
      services,
    );
  }
}

/**
 * Goes on with a task that ended (failed, stopped, interrupted) from its saved state, in
 * its conversation; the model is told the person asked to continue. A plan cannot.
 */
export async function continueTask(taskId: string, services: RunServices): Promise<TaskView> {
  const db = await services.db();
  const record = await db.task(taskId);
  if (!record) throw new Error('That task no longer exists.');
  const { state } = record;
  if (services.live.has(taskId) || state.status === 'running' || state.status === 'waiting') throw new Error('That task is still running.');
  if (state.mode === 'plan') throw new Error('A plan cannot go on from where it stopped; use Retry to run it again.');
  if (!state.messages.length) throw new Error('That task had not started; use Retry to run it again.');
  if (services.live.size) throw new Error('Another task is running; stop it or wait for it to finish first.');
  const settings = await loadSettings();
  const models = rolesFor(settings);
  const resumed: TaskState = { ...state, status: 'running', updatedAt: Date.now() };
  await db.putTask({ ...record, pending: null, state: resumed, model: models.actor.label });
  const view = taskView(resumed, {
    conversationId: record.conversationId,
    model: models.actor.label,
    pending: null,
    events: await db.events(taskId),
  });
  services.hub.broadcast({ type: 'task', taskId, conversationId: record.conversationId, status: 'running', update: { ...view } });
  launch(
    {
      taskId,
      conversationId: record.conversationId,
      // The steps it took count; it gets a full allowance more.
      settings: { ...settings, agent: { ...settings.agent, maxSteps: state.step + settings.agent.maxSteps } },
      models,
      task: state.task,
      mode: state.mode,
      history: '',
      includePage: true,
      resume: state,
      continuing: true,
      ...(await taskSafety(services.redaction)),
    },
    services,
  );
  return view;
}
