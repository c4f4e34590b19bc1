import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { checkBuiltInModel, type BuiltInStatus } from '../../lib/built-in-model';
import {
  modelName,
  PROVIDER_LABELS,
  ROLES,
  type ConfigurableProvider,
  type ProviderConfig,
  type ProviderId,
  type Role,
  type Settings,
} from '../../lib/settings';
import { ROLE_LABELS } from './Roles';

// One card per provider: its address, key and model, a connection test whose result is
// kept with the settings, and — once the test passed — a button that puts it to work.

const NEEDS_URL = new Set<ConfigurableProvider>(['openai-compatible', 'ollama']);
const NEEDS_KEY = new Set<ConfigurableProvider>(['openai', 'anthropic', 'google', 'mistral']);

/** Advice for one provider only (no `ollama pull` for an OpenAI-compatible server). */
const ADVICE: Partial<Record<ConfigurableProvider, ReactNode>> = {
  ollama: (
    <>
      Start Ollama with <code>ollama serve</code>. Chrome extensions also need <code>OLLAMA_ORIGINS=chrome-extension://*</code> set for
      Ollama. Get a model with <code>ollama pull llama3.1</code>.
    </>
  ),
  'openai-compatible': 'LM Studio, llama.cpp, vLLM and others: the address usually ends in /v1, and the model is one the server lists.',
};

export type TestState = 'testing' | { ok: boolean; message: string } | undefined;

/** A test result as people read it: an icon with a word for screen readers, then what the provider said. */
export function Outcome({ ok, message }: { ok: boolean; message: string }) {
  return (
    <span className={`outcome ${ok ? 'ok' : 'bad'}`} role="status">
      {ok ? <CircleCheck size={16} aria-label="Passed" /> : <CircleAlert size={16} aria-label="Failed" />}
      <span>{message}</span>
    </span>
  );
}

/** "Use for acting" and the other jobs, for a provider whose test passed. */
function UseFor({ provider, settings, onUse }: { provider: ProviderId; settings: Settings; onUse: (role: Role) => void }) {
  const model = provider === 'command' || provider === 'chrome' ? '' : settings.providers[provider].model;
  const uses = (role: Role) => {
    const choice = settings.roles[role];
    return choice !== null && choice.provider === provider && modelName(settings, choice) === (model || provider);
  };
  const inUse = ROLES.filter(uses);
  return (
    <div className="row use-for">
      {uses('actor') ? (
        <span className="ok">Used for acting.</span>
      ) : (
        <button type="button" className="primary" onClick={() => onUse('actor')}>
          Use for acting
        </button>
      )}
      <details>
        <summary>Use for another job</summary>
        <div className="row">
          {ROLES.filter((r) => r !== 'actor').map((role) => (
            <button key={role} type="button" disabled={uses(role)} onClick={() => onUse(role)}>
              {ROLE_LABELS[role]}
            </button>
          ))}
        </div>
      </details>
      {inUse.some((r) => r !== 'actor') && (
        <span className="muted">
          Also used for{' '}
          {inUse
            .filter((r) => r !== 'actor')
            .map((r) => ROLE_LABELS[r].toLowerCase())
            .join(', ')}
          .
        </span>
      )}
    </div>
  );
}

export function ProviderSection({
  id,
  settings,
  onEdit,
  onTest,
  onUse,
  testing,
}: {
  id: ConfigurableProvider;
  settings: Settings;
  onEdit: (patch: Partial<ProviderConfig>) => void;
  onTest: () => void;
  onUse: (role: Role) => void;
  testing: boolean;
}) {
  const config = settings.providers[id];
  const result = settings.tests[id];
  const advice = ADVICE[id];
  return (
    <section className="card" aria-label={PROVIDER_LABELS[id]}>
      <h3>{PROVIDER_LABELS[id]}</h3>
      {advice && <p className="muted small advice">{advice}</p>}
      {NEEDS_URL.has(id) && (
        <div className="field">
          <label htmlFor={`${id}-url`}>Address</label>
          <input
            id={`${id}-url`}
            value={config.baseURL}
            onChange={(e) => onEdit({ baseURL: e.target.value })}
            placeholder={id === 'ollama' ? 'http://127.0.0.1:11434' : 'http://localhost:1234/v1'}
          />
        </div>
      )}
      {(NEEDS_KEY.has(id) || id === 'openai-compatible') && (
        <div className="field">
          <label htmlFor={`${id}-key`}>API key{id === 'openai-compatible' ? ' (if it needs one)' : ''}</label>
          <input
            id={`${id}-key`}
            type="password"
            autoComplete="off"
            value={config.apiKey}
            onChange={(e) => onEdit({ apiKey: e.target.value })}
          />
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-model`}>Model</label>
        <input id={`${id}-model`} value={config.model} onChange={(e) => onEdit({ model: e.target.value })} />
      </div>
      {/* A local model's abilities are the person's to say (the hosted providers' models read images). */}
      {(id === 'openai-compatible' || id === 'ollama') && (
        <fieldset className="abilities">
          <legend>What this model can take</legend>
          <label className="row">
            <input type="checkbox" checked={config.vision === true} onChange={(e) => onEdit({ vision: e.target.checked })} />
            Reads images (such as LLaVA or Qwen-VL): explains captured areas and looks at screenshots
          </label>
          {id === 'openai-compatible' && (
            <label className="row">
              <input type="checkbox" checked={config.audio === true} onChange={(e) => onEdit({ audio: e.target.checked })} />
              Takes audio (such as Qwen2-Audio or Voxtral): hears a tab's recorded sound
            </label>
          )}
        </fieldset>
      )}
      <div className="row">
        <button type="button" onClick={onTest} disabled={testing}>
          Test connection
        </button>
        {testing ? (
          <span className="muted outcome" role="status">
            <LoaderCircle size={16} className="spin" aria-hidden="true" />
            Testing…
          </span>
        ) : result ? (
          <Outcome ok={result.ok} message={result.message} />
        ) : (
          <span className="muted">Not tested yet.</span>
        )}
      </div>
      {!testing && result?.ok && <UseFor provider={id} settings={settings} onUse={onUse} />}
    </section>
  );
}

/** Chrome's built-in model: checked here in the page, where a click may start its one-time download. */
export function BuiltInSection({
  settings,
  onChecked,
  onUse,
}: {
  settings: Settings;
  onChecked: (result: { ok: boolean; message: string }) => void;
  onUse: (role: Role) => void;
}) {
  const [status, setStatus] = useState<BuiltInStatus | 'checking' | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const check = async (download: boolean) => {
    setStatus('checking');
    setProgress(download ? 0 : null);
    const checked = await checkBuiltInModel({ download, onProgress: setProgress });
    setStatus(checked);
    setProgress(null);
    onChecked({ ok: checked.ready, message: checked.message });
  };
  const canDownload = status !== null && status !== 'checking' && status.availability === 'downloadable';
  const remembered = settings.tests.chrome;
  return (
    <section className="card" aria-label={PROVIDER_LABELS.chrome}>
      <h3>{PROVIDER_LABELS.chrome}</h3>
      <p className="muted">Gemini Nano, running on this computer through Chrome's Prompt API. Nothing to configure.</p>
      <div className="row">
        <button type="button" onClick={() => void check(false)} disabled={status === 'checking'}>
          Check availability
        </button>
        {canDownload && (
          <button type="button" onClick={() => void check(true)}>
            Download the model
          </button>
        )}
        {progress !== null && (
          <>
            <progress max={1} value={progress} aria-label="Download of the built-in model">
              {Math.round(progress * 100)}%
            </progress>
            <span className="muted">Downloading… {Math.round(progress * 100)}%</span>
          </>
        )}
        {status && status !== 'checking' ? (
          <Outcome ok={status.ready} message={status.message} />
        ) : (
          remembered && status === null && <Outcome ok={remembered.ok} message={remembered.message} />
        )}
      </div>
      {remembered?.ok && status !== 'checking' && <UseFor provider="chrome" settings={settings} onUse={onUse} />}
    </section>
  );
}
