import type { Skill, SkillInput } from '@wayfinder/core/ui';
import { CircleAlert, CircleCheck, LoaderCircle, MessageSquareWarning, Play } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ask } from '../../lib/messages';
import { useRunProgress } from './use-run';

// Run a skill: a form built from its inputs (the recorded examples filled in), where to run
// it, then its steps as they go and how it ended. The run is a task like any other: the
// policy, confirmations and secrets rules apply, and its questions wait in the side panel.

function inputType(input: SkillInput): string {
  if (input.type === 'number') return 'number';
  if (input.format === 'email') return 'email';
  if (input.format === 'uri') return 'url';
  return 'text';
}

export function RunForm({ id, skill, onRan }: { id: string; skill: Skill; onRan: () => void }) {
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(skill.inputs.map((input) => [input.name, input.examples[0] ?? ''])),
  );
  const [where, setWhere] = useState<'new' | 'current'>('new');
  const [taskId, setTaskId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const progress = useRunProgress(taskId);
  const running = progress?.status === 'running';
  const start = skill.steps.find((s) => s.type === 'navigate')?.url;

  const run = async () => {
    setProblem(null);
    // The side panel is where a step that needs a yes is asked: open it while the click still counts as the person's.
    chrome.windows
      .getCurrent()
      .then((w) => (w.id === undefined ? undefined : chrome.sidePanel.open({ windowId: w.id })))
      .catch(() => undefined);
    const reply = await ask({ type: 'skill.run', id, inputs: values, where });
    if (reply.ok) setTaskId(reply.taskId);
    else setProblem(reply.error);
  };

  const status = progress?.status;
  useEffect(() => {
    // The list and the view read the new last run (and a repaired skill).
    if (status && status !== 'running') onRan();
  }, [status, onRan]);

  return (
    <section aria-labelledby="run-heading" className="card">
      <h3 id="run-heading">Run this skill</h3>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void run();
        }}
      >
        {skill.inputs.map((input) => (
          <div className="field" key={input.name}>
            <label htmlFor={`input-${input.name}`}>{input.name}</label>
            <input
              id={`input-${input.name}`}
              name={input.name}
              {...(input.description ? { 'aria-describedby': `input-${input.name}-about`, title: input.description } : {})}
              type={inputType(input)}
              value={values[input.name] ?? ''}
              required={input.required}
              onChange={(event) => setValues((v) => ({ ...v, [input.name]: event.target.value }))}
            />
            {input.description && (
              <span id={`input-${input.name}-about`} className="small muted input-about">
                {input.description}
              </span>
            )}
          </div>
        ))}
        {skill.secrets.length > 0 && (
          <p className="small muted">
            Uses your stored {skill.secrets.length === 1 ? 'secret' : 'secrets'} {skill.secrets.map((s) => `“${s}”`).join(', ')} (Options →
            Secrets); the value is typed at that step and never shown.
          </p>
        )}
        <fieldset className="where">
          <legend>Where</legend>
          <label>
            <input type="radio" name="where" checked={where === 'new'} onChange={() => setWhere('new')} /> A new tab
            {start ? ` at ${start}` : ''}
          </label>
          <label>
            <input type="radio" name="where" checked={where === 'current'} onChange={() => setWhere('current')} /> The tab I was using
          </label>
        </fieldset>
        <button type="submit" className="primary" disabled={running}>
          {running ? <LoaderCircle size={16} className="spin" aria-hidden="true" /> : <Play size={16} aria-hidden="true" />}
          Run
        </button>
      </form>
      {problem && (
        <p className="bad" role="alert">
          {problem}
        </p>
      )}
      {progress && (
        <div className="run-progress" aria-live="polite">
          <ol className="run-steps">
            {progress.steps.map((line, i) => (
              <li key={i}>{line.replace(/^Step \d+ of \d+: /, '')}</li>
            ))}
          </ol>
          {progress.waiting && (
            <p className="warn outcome">
              <MessageSquareWarning size={16} aria-hidden="true" /> A step waits for your answer in the side panel.
            </p>
          )}
          {progress.status === 'running' && !progress.waiting && (
            <p className="outcome">
              <LoaderCircle size={16} className="spin" aria-hidden="true" /> Running…
            </p>
          )}
          {progress.status === 'done' && (
            <p className="ok outcome" role="status">
              <CircleCheck size={16} aria-hidden="true" /> {progress.summary ?? 'Done.'}
            </p>
          )}
          {(progress.status === 'failed' || progress.status === 'stopped') && (
            <p className="bad outcome" role="alert">
              <CircleAlert size={16} aria-hidden="true" /> {progress.summary ?? 'The skill did not finish.'}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
