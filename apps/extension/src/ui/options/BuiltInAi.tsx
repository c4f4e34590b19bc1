import { useCallback, useEffect, useState } from 'react';
import {
  BUILT_IN_APIS,
  BUILT_IN_LABELS,
  builtInAvailability,
  downloadBuiltIn,
  type BuiltInApiName,
  type BuiltInAvailability,
} from '../../lib/builtin-ai';
import { BUILT_IN_JOBS, type BuiltInJob, type BuiltInSettings } from '../../lib/settings';

// Options → Chrome's built-in AI (issue 16): each built-in API's availability, a Download
// button (Chrome starts a download only on a click) with its progress, and which jobs may
// use them. A job not allowed, or whose API is not available, uses the configured models.

const STATE_NAMES: Record<BuiltInAvailability, string> = {
  available: 'Ready',
  downloadable: 'Needs a download',
  downloading: 'Downloading',
  unavailable: 'Not available in this browser',
};

const JOB_LABELS: Record<BuiltInJob, { label: string; api: BuiltInApiName }> = {
  explain: { label: 'Explain a selection', api: 'LanguageModel' },
  rewrite: { label: 'Rewrite a selection', api: 'Rewriter' },
  write: { label: 'Write in a field (/write)', api: 'Writer' },
  summarise: { label: 'Summarise', api: 'Summarizer' },
  pages: { label: 'Summaries of pages read in the background (browse)', api: 'Summarizer' },
};

type States = Record<BuiltInApiName, BuiltInAvailability>;

export function BuiltInAiSection({ allowed, onChange }: { allowed: BuiltInSettings; onChange: (allowed: BuiltInSettings) => void }) {
  const [states, setStates] = useState<States | null>(null);
  const [progress, setProgress] = useState<Partial<Record<BuiltInApiName, number>>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const refresh = useCallback(() => {
    void builtInAvailability().then(setStates);
  }, []);
  useEffect(refresh, [refresh]);

  const download = async (name: BuiltInApiName) => {
    setProblem(null);
    setProgress((p) => ({ ...p, [name]: 0 }));
    try {
      await downloadBuiltIn(name, (fraction) => setProgress((p) => ({ ...p, [name]: fraction })));
    } catch (error) {
      setProblem(`${BUILT_IN_LABELS[name]} could not be downloaded: ${error instanceof Error ? error.message : String(error)}`);
    }
    setProgress(({ [name]: _done, ...rest }) => rest);
    refresh();
  };

  return (
    <section className="card built-in-ai" aria-labelledby="built-in-ai">
      <h2 id="built-in-ai">Chrome's built-in AI</h2>
      <p className="muted">
        Small models that run on this computer, for the page helpers and for summaries of pages read in the background. A job that may not
        use them, or whose model is not ready, uses the models chosen above.
      </p>
      <table className="built-in" aria-label="Built-in AI availability">
        <thead>
          <tr>
            <th scope="col">API</th>
            <th scope="col">State</th>
            <th scope="col">
              <span className="sr-only">Download</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {BUILT_IN_APIS.map((name) => {
            const state = states?.[name];
            const fraction = progress[name];
            return (
              <tr key={name}>
                <th scope="row">{BUILT_IN_LABELS[name]}</th>
                <td role="status" aria-label={`${BUILT_IN_LABELS[name]} state`}>
                  {fraction !== undefined ? STATE_NAMES.downloading : state ? STATE_NAMES[state] : 'Checking…'}
                </td>
                <td>
                  {fraction !== undefined ? (
                    <span className="row">
                      <progress max={1} value={fraction} aria-label={`Download of ${BUILT_IN_LABELS[name]}`} />
                      <span className="muted">{Math.round(fraction * 100)}%</span>
                    </span>
                  ) : (
                    (state === 'downloadable' || state === 'downloading') && (
                      <button type="button" onClick={() => void download(name)} aria-label={`Download ${BUILT_IN_LABELS[name]}`}>
                        Download
                      </button>
                    )
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      <fieldset>
        <legend>Let Chrome's built-in AI do</legend>
        {BUILT_IN_JOBS.map((job) => (
          <label key={job} className="row">
            <input type="checkbox" checked={allowed[job]} onChange={(e) => onChange({ ...allowed, [job]: e.target.checked })} />
            {JOB_LABELS[job].label} <span className="muted">({BUILT_IN_LABELS[JOB_LABELS[job].api]})</span>
          </label>
        ))}
      </fieldset>
      <p className="muted">
        The built-in model drives tasks only when you pick “{"Chrome's built-in model"}” for a role above (it calls tools through a text
        protocol).
      </p>
    </section>
  );
}
