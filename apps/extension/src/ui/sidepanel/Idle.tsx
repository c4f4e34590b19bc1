import { MousePointerClick, Settings as Gear, Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { TaskView } from '../../lib/messages';
import { EXTENSION_SETUP_HINT, loadSettings, type Settings } from '../../lib/settings';
import { DIRECT_COMMANDS, MODEL_PROMPTS } from '../../lib/idle-examples';

// What an empty conversation shows. Without a model, the command interpreter acts: examples
// of the direct commands it understands, and a way to set up a model. With a model, a few
// example prompts. A click puts the example in the task box, to edit or run.

function openOptions(): void {
  void chrome.runtime.openOptionsPage();
}

export function Idle({ onPick }: { onPick: (text: string) => void }) {
  const [settings, setSettings] = useState<Settings | null>(null);
  useEffect(() => {
    void loadSettings().then(setSettings);
    const changed = () => void loadSettings().then(setSettings);
    chrome.storage.onChanged.addListener(changed);
    return () => chrome.storage.onChanged.removeListener(changed);
  }, []);
  if (!settings) return null;

  const noModel = settings.roles.actor.provider === 'command';
  const examples = noModel ? DIRECT_COMMANDS : MODEL_PROMPTS;
  return (
    <section className="idle" aria-labelledby="idle-title">
      <h2 id="idle-title">{noModel ? 'No model set up: direct commands only' : 'What should Wayfinder do?'}</h2>
      <p className="muted">
        {noModel
          ? 'Without a model, Wayfinder follows direct commands on the page you are looking at. Try one:'
          : 'Tell it what to do on the page you are looking at, or ask about it. For example:'}
      </p>
      <ul className="examples">
        {examples.map((example) => (
          <li key={example}>
            <button type="button" onClick={() => onPick(example)}>
              {noModel ? <MousePointerClick size={14} aria-hidden="true" /> : <Sparkles size={14} aria-hidden="true" />}
              {example}
            </button>
          </li>
        ))}
      </ul>
      {noModel && (
        <p className="row">
          <span className="muted">For anything else, it needs a language model.</span>
          <button type="button" className="primary" onClick={openOptions}>
            <Gear size={14} aria-hidden="true" />
            Set up a model
          </button>
        </p>
      )}
    </section>
  );
}

/** Under an answer that says a model is needed (the command interpreter's, in this extension): the way to Options. */
export function SetupLink({ tasks }: { tasks: TaskView[] }) {
  const last = tasks.at(-1);
  if (!last?.result?.summary.includes(EXTENSION_SETUP_HINT) || last.status === 'running') return null;
  return (
    <p className="setup-link">
      <button type="button" onClick={openOptions}>
        <Gear size={14} aria-hidden="true" />
        Open Options to set up a model
      </button>
    </p>
  );
}
