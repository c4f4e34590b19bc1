import { HOST_MODEL_KEY, HOST_MODEL_LABEL } from '../../lib/bridge-messages';
import { choiceKey, describeChoice, modelOptions, type Settings } from '../../lib/settings';

// The model for the next task: the acting role's by default, or another whose connection
// test passed. Models not yet tested, or whose test failed, are listed disabled with why.
// Once this browser is paired, "Host" runs the task with the host's agent (`wayfinder
// serve`): offered while connected, disabled with why while not.

/** The first words of a reason ("its test failed: …" → "its test failed"). */
function short(reason: string): string {
  return reason.split(':')[0] ?? reason;
}

export function ModelPicker({
  settings,
  value,
  onChange,
  host = null,
}: {
  settings: Settings | null;
  value: string;
  onChange: (key: string) => void;
  /** null: not paired (not offered); `unavailable`: why it cannot be chosen now. */
  host?: { unavailable: string | null } | null;
}) {
  const options = settings ? modelOptions(settings) : [];
  const untested = options.filter((o) => o.unavailable !== null);
  return (
    <>
      <label className="sr-only" htmlFor="model">
        Model
      </label>
      <select
        id="model"
        className="model-picker"
        value={value}
        title={`The model for the next task (the first one is the acting model set in Options)${untested.length ? `. Not offered: ${untested.map((o) => `${o.label} (${o.unavailable ?? ''})`).join('; ')}` : ''}`}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{settings ? describeChoice(settings, settings.roles.actor) : 'The acting model'}</option>
        {options.map((o) => (
          <option key={choiceKey(o.choice)} value={choiceKey(o.choice)} disabled={o.unavailable !== null}>
            {o.unavailable ? `${o.label} (${short(o.unavailable)})` : o.label}
          </option>
        ))}
        {host && (
          <option
            value={HOST_MODEL_KEY}
            disabled={host.unavailable !== null}
            title={host.unavailable ?? 'The host’s agent runs it, in this browser'}
          >
            {host.unavailable ? `${HOST_MODEL_LABEL} (${host.unavailable})` : HOST_MODEL_LABEL}
          </option>
        )}
      </select>
    </>
  );
}
