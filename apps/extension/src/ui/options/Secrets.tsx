import { MIN_SECRET_LENGTH, parseSite, secretValueProblem, type Secret } from '@wayfinder/core/ui';
import { useEffect, useState } from 'react';
import { deleteSecret, loadSecrets, storeSecret } from '../../lib/safety-store';

// Stored secrets: the model sees only {{secret:NAME}}; Wayfinder types the value, and only
// into a password field (or, if you say so, any field) on the secret's own site. Values
// are never shown again here.

export function Secrets() {
  const [secrets, setSecrets] = useState<Secret[] | null>(null);
  const empty: { name: string; site: string; value: string; field: 'password' | 'text' } = {
    name: '',
    site: '',
    value: '',
    field: 'password',
  };
  const [draft, setDraft] = useState(empty);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    void loadSecrets().then(setSecrets);
  }, []);
  if (!secrets) return null;

  const add = async () => {
    const parsed = parseSite(draft.site);
    if (!/^[A-Za-z0-9_.-]+$/.test(draft.name))
      return setProblem('Name it with letters, digits, _ . or - (it is what the model writes: {{secret:name}}).');
    if (!parsed.ok) return setProblem(parsed.error);
    const site = parsed.site;
    if (!draft.value) return setProblem('Enter the value.');
    try {
      setSecrets(await storeSecret({ name: draft.name, site, value: draft.value, ...(draft.field === 'text' ? { field: 'text' } : {}) }));
    } catch (error) {
      return setProblem(error instanceof Error ? error.message : String(error));
    }
    setDraft(empty);
    setProblem(null);
  };

  return (
    <section aria-label="Secrets">
      <h2>Secrets</h2>
      <p className="muted">
        The model only ever sees <code>{'{{secret:name}}'}</code>; Wayfinder types the value itself, only on the site it belongs to, and
        removes it from everything it records.
      </p>
      <ul>
        {secrets.map((s) => (
          <li key={s.name} className="row">
            <code>{`{{secret:${s.name}}}`}</code>{' '}
            <span className="muted">
              {s.field === 'text' ? 'any field' : 'password fields'} on {s.site}
            </span>
            {secretValueProblem(s.name, s.value) && (
              <span className="bad"> Shorter than {MIN_SECRET_LENGTH} characters: delete it and store a longer one.</span>
            )}
            <button
              type="button"
              aria-label={`Delete secret ${s.name}`}
              onClick={() =>
                void deleteSecret(s.name).then(setSecrets, (error: unknown) =>
                  setProblem(`Could not delete it: ${error instanceof Error ? error.message : String(error)}`),
                )
              }
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <div className="field">
          <label htmlFor="secret-name">Name</label>
          <input id="secret-name" value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
          <label htmlFor="secret-site">Site</label>
          <input
            id="secret-site"
            placeholder="example.com"
            value={draft.site}
            onChange={(e) => setDraft({ ...draft, site: e.target.value })}
          />
          <label htmlFor="secret-value">Value</label>
          <input
            id="secret-value"
            type="password"
            autoComplete="off"
            value={draft.value}
            onChange={(e) => setDraft({ ...draft, value: e.target.value })}
          />
          <label htmlFor="secret-field">Typed into</label>
          <select
            id="secret-field"
            value={draft.field}
            onChange={(e) => setDraft({ ...draft, field: e.target.value === 'text' ? 'text' : 'password' })}
          >
            <option value="password">Password fields only</option>
            <option value="text">Any field (for account numbers and the like)</option>
          </select>
        </div>
        <button type="submit">Add secret</button>
      </form>
      {problem && (
        <p className="bad" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
