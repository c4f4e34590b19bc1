import type { Skill } from '@wayfinder/core/ui';
import { LoaderCircle, Save } from 'lucide-react';
import { useState } from 'react';
import { ask } from '../../lib/messages';

// Edit a skill: its name, description and readable steps. A line rewritten in plain words
// is done as a direct command at replay (the recorded target is no longer trusted); a line
// deleted removes its step; a note is a "> …" line under its step.

export function EditSkill({
  id,
  skill,
  lines,
  onSaved,
  onCancel,
}: {
  id: string;
  skill: Skill;
  lines: string;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(skill.name);
  const [description, setDescription] = useState(skill.description);
  const [steps, setSteps] = useState(lines);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const save = async () => {
    setSaving(true);
    const reply = await ask({ type: 'skill.edit', id, name, description, steps });
    setSaving(false);
    if (reply.ok) onSaved();
    else setProblem(reply.error);
  };

  return (
    <form
      className="card edit-skill"
      aria-labelledby="edit-heading"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h3 id="edit-heading">Edit the skill</h3>
      <div className="field">
        <label htmlFor="skill-name">Name</label>
        <input id="skill-name" value={name} required onChange={(event) => setName(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="skill-description">Description</label>
        <textarea id="skill-description" rows={2} value={description} onChange={(event) => setDescription(event.target.value)} />
      </div>
      <label htmlFor="skill-steps">Steps</label>
      <p className="small muted" id="skill-steps-help">
        One numbered line per step. Rewrite a line in plain words (“Click Join”, “Type {'{{email}}'} into Email”) and replay does it as a
        direct command; delete a line to drop its step; a line starting with “&gt;” under a step is its note.
      </p>
      <textarea
        id="skill-steps"
        className="steps-editor"
        aria-describedby="skill-steps-help"
        rows={Math.min(24, Math.max(6, steps.split('\n').length + 1))}
        value={steps}
        onChange={(event) => setSteps(event.target.value)}
      />
      {problem && (
        <p className="bad" role="alert">
          {problem}
        </p>
      )}
      <div className="row">
        <button type="submit" className="primary" disabled={saving}>
          {saving ? <LoaderCircle size={16} className="spin" aria-hidden="true" /> : <Save size={16} aria-hidden="true" />}
          Save
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
