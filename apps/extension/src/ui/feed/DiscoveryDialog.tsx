import { ExternalLink, X } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { Discovery, Reaction } from '@wayfinder/core/ui';
import { foundOn, imageOf, KIND_LABEL } from './format';
import { Reactions } from './Reactions';

// A discovery opened from its card: a modal dialog (the page behind it inert), with the whole
// summary, why it matched, a link to the page, and 👍 / 👎. Tab stays within it; Esc or
// Close closes it, and focus goes back to the card it came from.

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

export function DiscoveryDialog({
  discovery,
  onClose,
  onReact,
  busy,
}: {
  discovery: Discovery;
  onClose: () => void;
  onReact: (discovery: Discovery, reaction: Reaction) => void;
  busy: boolean;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  const image = imageOf(discovery);

  const trap = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      className="discovery-dialog"
      aria-labelledby="discovery-dialog-title"
      onKeyDown={trap}
      onCancel={(e) => {
        // Esc: closed by React's state, so the card gets its focus back.
        e.preventDefault();
        onClose();
      }}
    >
      <div className="dialog-bar">
        <span className="muted">
          {KIND_LABEL[discovery.kind]} · {discovery.site}
        </span>
        <button type="button" className="icon" aria-label="Close" title="Close (Esc)" onClick={onClose}>
          <X size={16} aria-hidden="true" />
        </button>
      </div>
      {image && <img className="dialog-image" src={image} alt="" referrerPolicy="no-referrer" />}
      <div className="dialog-body">
        <h2 id="discovery-dialog-title">{discovery.title}</h2>
        <p className="byline">
          For <strong>{discovery.interest}</strong> · found{' '}
          <time dateTime={new Date(discovery.foundAt).toISOString()}>{foundOn(discovery.foundAt).toLowerCase()}</time>
        </p>
        <p>{discovery.summary}</p>
        {discovery.why && (
          <p className="why">
            <strong>Why it matched:</strong> {discovery.why}
          </p>
        )}
        <div className="row">
          <a href={discovery.url} target="_blank" rel="noreferrer noopener" className="button-link">
            Open the page <ExternalLink size={14} aria-hidden="true" />
          </a>
          <span className="grow" />
          <Reactions discovery={discovery} onReact={onReact} disabled={busy} />
        </div>
      </div>
    </dialog>
  );
}
