import { BellRing, FileText, CirclePlay } from 'lucide-react';
import type { Discovery, Reaction } from '@wayfinder/core/ui';
import { foundOn, imageOf, KIND_LABEL } from './format';
import { Reactions } from './Reactions';

// One discovery in the grid: its picture, title (which opens it in the dialog), the interest
// it serves, when it was found, and its summary, with 👍 / 👎.

const ICONS = { article: FileText, video: CirclePlay, change: BellRing };

/** Where a discovery has no picture: its kind, as an icon and a word. */
function KindIcon({ kind }: { kind: Discovery['kind'] }) {
  const Icon = ICONS[kind];
  return (
    <span className="kind" aria-hidden="true">
      <Icon size={28} />
      {KIND_LABEL[kind]}
    </span>
  );
}

export function Card({
  discovery,
  onOpen,
  onReact,
  busy,
}: {
  discovery: Discovery;
  onOpen: (discovery: Discovery, opener: HTMLElement) => void;
  onReact: (discovery: Discovery, reaction: Reaction) => void;
  busy: boolean;
}) {
  const image = imageOf(discovery);
  return (
    <li className="discovery" data-kind={discovery.kind}>
      <article aria-labelledby={`d-${discovery.id}`}>
        <div className="discovery-image">
          {image ? <img src={image} alt="" loading="lazy" referrerPolicy="no-referrer" /> : <KindIcon kind={discovery.kind} />}
        </div>
        <div className="discovery-body">
          <h2 id={`d-${discovery.id}`}>
            <button type="button" className="linklike" onClick={(e) => onOpen(discovery, e.currentTarget)}>
              {discovery.title}
            </button>
          </h2>
          <p className="byline">
            For <strong>{discovery.interest}</strong> · {discovery.site} ·{' '}
            <time dateTime={new Date(discovery.foundAt).toISOString()}>{foundOn(discovery.foundAt)}</time>
          </p>
          <p className="summary">{discovery.summary}</p>
        </div>
        <Reactions discovery={discovery} onReact={onReact} disabled={busy} />
      </article>
    </li>
  );
}
