import { choiceKey, modelName, modelOptions, ROLES, type ModelChoice, type Role, type Settings } from '../../lib/settings';

// A provider and model for each job. Only models whose connection test passed can be
// chosen; the others are listed, disabled, with the reason.

export const ROLE_LABELS: Record<Role, string> = {
  actor: 'Acting',
  planner: 'Planning',
  summariser: 'Summarising history',
  vision: 'Looking at screenshots',
};

/** The first words of a reason ("its test failed: …" → "its test failed"), short enough for an option. */
export function shortReason(reason: string): string {
  return reason.split(':')[0] ?? reason;
}

/** A role's choice as a select value, its model spelled out ("ollama:llama3.1"). */
export function roleKey(settings: Settings, choice: ModelChoice): string {
  return choiceKey({ provider: choice.provider, model: modelName(settings, choice) });
}

export function Roles({ settings, onPick }: { settings: Settings; onPick: (role: Role, choice: ModelChoice | null) => void }) {
  const options = modelOptions(settings);
  return (
    <section aria-labelledby="roles-title">
      <h2 id="roles-title">Models for each job</h2>
      <p className="muted">Only models whose connection test passed can be chosen. Set one up and test it under Providers below.</p>
      {ROLES.map((role) => {
        const current = settings.roles[role];
        const value = current ? roleKey(settings, current) : '';
        const known = options.find((o) => choiceKey(o.choice) === value);
        const problem = known?.unavailable ?? (current && !known ? 'not tested yet' : null);
        return (
          <div className="field" key={role}>
            <label htmlFor={`role-${role}`}>{ROLE_LABELS[role]}</label>
            <div>
              <select
                id={`role-${role}`}
                value={value}
                aria-describedby={problem ? `role-${role}-problem` : undefined}
                onChange={(e) => {
                  const picked = options.find((o) => choiceKey(o.choice) === e.target.value);
                  onPick(role, picked ? picked.choice : null);
                }}
              >
                {role !== 'actor' && <option value="">Same as acting</option>}
                {current && !known && (
                  <option value={value} disabled>
                    {value.replace(':', ' · ')} (not tested yet)
                  </option>
                )}
                {options.map((o) => (
                  <option key={choiceKey(o.choice)} value={choiceKey(o.choice)} disabled={o.unavailable !== null}>
                    {o.unavailable ? `${o.label} (${shortReason(o.unavailable)})` : o.label}
                  </option>
                ))}
              </select>
              {problem && (
                <p id={`role-${role}-problem`} className="bad small">
                  In use, but {shortReason(problem)}: test it below before running tasks with it.
                </p>
              )}
            </div>
          </div>
        );
      })}
    </section>
  );
}
