import { FileText, Globe, Trash2 } from 'lucide-react';
import type { Replies } from '../../lib/messages';
import { count, fileName, isWebAddress, when } from './format';

// Everything kept, grouped by site (files in a group of their own, first), newest first in
// each group; one document or a whole site can be deleted.

type VaultDocument = Replies['memory.list']['documents'][number];

interface Group {
  /** The site, or '' for files. */
  site: string;
  documents: VaultDocument[];
}

export function groupBySite(documents: VaultDocument[]): Group[] {
  const groups = new Map<string, VaultDocument[]>();
  for (const doc of documents) {
    const key = doc.kind === 'file' ? '' : doc.site || '(no site)';
    groups.set(key, [...(groups.get(key) ?? []), doc]);
  }
  return [...groups.entries()]
    .map(([site, docs]) => ({ site, documents: docs.sort((a, b) => b.addedAt - a.addedAt) }))
    .sort((a, b) => (a.site === '' ? -1 : b.site === '' ? 1 : a.site.localeCompare(b.site)));
}

function Entry({ doc, onDelete }: { doc: VaultDocument; onDelete: () => void }) {
  const title = doc.title || fileName(doc.url);
  return (
    <li>
      {doc.kind === 'file' ? <FileText size={16} aria-hidden="true" /> : <Globe size={16} aria-hidden="true" />}
      <div className="entry">
        {isWebAddress(doc.url) ? (
          <a className="clip" href={doc.url} target="_blank" rel="noopener noreferrer" title={doc.url}>
            {title}
          </a>
        ) : (
          <span className="clip">{title}</span>
        )}
        <span className="meta muted">
          {doc.kind === 'file' ? 'File' : 'Page'} · {count(doc.chars, 'character', 'characters')} · {when(doc.addedAt)}
        </span>
      </div>
      <button type="button" className="icon danger" aria-label={`Delete ${title}`} title="Delete" onClick={onDelete}>
        <Trash2 size={16} aria-hidden="true" />
      </button>
    </li>
  );
}

export function KeptList({
  documents,
  onForget,
}: {
  documents: VaultDocument[];
  onForget: (what: { ids: string[] } | { site: string }, label: string) => void;
}) {
  return (
    <div className="kept">
      {groupBySite(documents).map((group) => {
        const name = group.site || 'Files';
        return (
          <section key={group.site} className="site-group" aria-label={name}>
            <div className="row group-head">
              <h3 className="grow">
                {name} <span className="muted small">({count(group.documents.length, 'item', 'items')})</span>
              </h3>
              {group.site ? (
                <button type="button" className="danger" onClick={() => onForget({ site: group.site }, group.site)}>
                  <Trash2 size={16} aria-hidden="true" />
                  Delete site<span className="sr-only"> {group.site}</span>
                </button>
              ) : (
                <button type="button" className="danger" onClick={() => onForget({ ids: group.documents.map((d) => d.id) }, 'all files')}>
                  <Trash2 size={16} aria-hidden="true" />
                  Delete files
                </button>
              )}
            </div>
            <ul className="kept-list">
              {group.documents.map((doc) => (
                <Entry key={doc.id} doc={doc} onDelete={() => onForget({ ids: [doc.id] }, doc.title || fileName(doc.url))} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
