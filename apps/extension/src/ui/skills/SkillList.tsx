import { CircleAlert, CircleCheck } from 'lucide-react';
import type { SkillSummary } from '../../lib/skill-messages';
import { plural, when } from './files';

// The Skills page's list: name, sites, steps, version and the last run, newest first.

export function SkillList({ skills, onOpen }: { skills: SkillSummary[]; onOpen: (id: string) => void }) {
  return (
    <table className="skills-table">
      <thead>
        <tr>
          <th scope="col">Skill</th>
          <th scope="col">Sites</th>
          <th scope="col">Steps</th>
          <th scope="col">Version</th>
          <th scope="col">Last run</th>
        </tr>
      </thead>
      <tbody>
        {skills.map((skill) => (
          <tr key={skill.id}>
            <td>
              <a
                href={`#${encodeURIComponent(skill.id)}`}
                onClick={(event) => {
                  event.preventDefault();
                  onOpen(skill.id);
                }}
              >
                {skill.name}
              </a>
            </td>
            <td>{skill.sites.join(', ') || <span className="muted">—</span>}</td>
            <td>{skill.steps}</td>
            <td>{skill.version}</td>
            <td>
              {skill.lastRun ? (
                <span className="outcome">
                  {skill.lastRun.ok ? (
                    <CircleCheck size={16} className="ok" aria-label="Succeeded" />
                  ) : (
                    <CircleAlert size={16} className="bad" aria-label="Failed" />
                  )}
                  {when(skill.lastRun.at)}
                  {!skill.lastRun.ok && <span className="muted"> ({plural(skill.lastRun.done, 'step')} done)</span>}
                </span>
              ) : (
                <span className="muted">never</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
