import { useEffect, useState, type KeyboardEvent } from 'react';
import type { TaskMode } from '@wayfinder/core/ui';
import { ask, type PageInfo } from '../../lib/messages';
import { describeChoice, loadSettings, PROVIDER_IDS, type ModelChoice, type Settings } from '../../lib/settings';

// Where a task is typed: Enter runs, Shift+Enter is a new line. Mode (Act / Plan / Ask),
// the model for this task, and in Ask mode whether the current page goes with the question.

export interface RunRequest {
  task: string;
  mode: TaskMode;
  model: ModelChoice | null;
  includePage: boolean;
}

const MODES: { mode: TaskMode; label: string; hint: string }[] = [
  { mode: 'act', label: 'Act', hint: 'Do it on the page' },
  { mode: 'plan', label: 'Plan', hint: 'Propose steps first; you approve them' },
  { mode: 'ask', label: 'Ask', hint: 'Answer about this page, without acting' },
];

/** Providers that are set up enough to pick (a model named, a key where one is needed). */
function usable(settings: Settings): ModelChoice[] {
  return PROVIDER_IDS.flatMap((provider): ModelChoice[] => {
    if (provider === 'command' || provider === 'chrome') return [{ provider, model: '' }];
    const config = settings.providers[provider];
    const keyed = provider === 'ollama' || provider === 'openai-compatible' || config.apiKey;
    return config.model && keyed ? [{ provider, model: config.model }] : [];
  });
}

export function TaskBox({
  running,
  onRun,
  onStop,
}: {
  running: boolean;
  onRun: (run: RunRequest) => Promise<boolean>;
  onStop: () => void;
}) {
  const [text, setText] = useState('');
  const [mode, setMode] = useState<TaskMode>('act');
  const [settings, setSettings] = useState<Settings | null>(null);
  const [model, setModel] = useState('');
  const [includePage, setIncludePage] = useState(true);
  const [page, setPage] = useState<PageInfo | null>(null);

  useEffect(() => {
    void loadSettings().then(setSettings);
    const changed = () => void loadSettings().then(setSettings);
    chrome.storage.onChanged.addListener(changed);
    return () => chrome.storage.onChanged.removeListener(changed);
  }, []);

  useEffect(() => {
    if (mode !== 'ask') return;
    void ask({ type: 'page.current' }).then((reply) => setPage(reply.ok ? reply.page : null));
  }, [mode]);

  const choices = settings ? usable(settings) : [];
  const submit = async () => {
    if (!text.trim() || running) return;
    const picked = choices.find((c) => `${c.provider}:${c.model}` === model) ?? null;
    if (await onRun({ task: text.trim(), mode, model: picked, includePage })) setText('');
  };
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <div className="taskbox">
      <div className="row" style={{ marginBottom: '0.4rem' }}>
        <div className="modes" role="group" aria-label="Mode">
          {MODES.map((m) => (
            <button key={m.mode} type="button" title={m.hint} aria-pressed={mode === m.mode} onClick={() => setMode(m.mode)}>
              {m.label}
            </button>
          ))}
        </div>
        <span className="grow" />
        <label className="sr-only" htmlFor="model">
          Model
        </label>
        <select id="model" value={model} onChange={(e) => setModel(e.target.value)}>
          <option value="">{settings ? `Default: ${describeChoice(settings, settings.roles.actor)}` : 'Default model'}</option>
          {settings &&
            choices.map((c) => (
              <option key={`${c.provider}:${c.model}`} value={`${c.provider}:${c.model}`}>
                {describeChoice(settings, c)}
              </option>
            ))}
        </select>
      </div>
      {mode === 'ask' && (
        <label className="row page-chip">
          <input type="checkbox" checked={includePage} onChange={(e) => setIncludePage(e.target.checked)} />
          Include this page
          {page ? (
            <>
              {page.favIconUrl && <img src={page.favIconUrl} alt="" />}
              <span className="muted">{page.title || page.url}</span>
            </>
          ) : (
            <span className="muted">(no page open)</span>
          )}
        </label>
      )}
      <label className="sr-only" htmlFor="task">
        Task
      </label>
      <textarea
        id="task"
        value={text}
        placeholder={mode === 'ask' ? 'Ask about this page…' : 'What should Wayfinder do? (Enter runs, Shift+Enter for a new line)'}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKey}
      />
      <div className="row">
        <span className="muted grow">
          {mode === 'act'
            ? 'Acts on the page you are looking at.'
            : mode === 'plan'
              ? 'You will see the plan before anything happens.'
              : 'Reads only; changes nothing.'}
        </span>
        {running ? (
          <button type="button" className="danger" onClick={onStop}>
            Stop (Esc)
          </button>
        ) : (
          <button type="button" className="primary" disabled={!text.trim()} onClick={() => void submit()}>
            Run
          </button>
        )}
      </div>
    </div>
  );
}
