import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

// A picture of the page after a step: small in the timeline, full size in a modal dialog on
// click or Enter. The native <dialog> (showModal) traps focus, closes on Esc and marks the
// rest of the page inert; focus goes back to the thumbnail when it closes.

export function Lightbox({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const node = dialog.current;
    if (node && !node.open) node.showModal();
    return () => node?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="lightbox"
      aria-label={alt}
      onClose={onClose}
      // Esc closes the picture (the dialog's own cancel), and only that: the panel's Esc stops the task.
      onKeyDown={(event) => {
        if (event.key === 'Escape') event.stopPropagation();
      }}
      // A click on the backdrop (the dialog itself, outside its content) closes it too.
      onClick={(event) => {
        if (event.target === dialog.current) dialog.current.close();
      }}
    >
      <div className="lightbox-bar">
        <span className="grow">{alt}</span>
        <button type="button" className="icon" aria-label="Close" onClick={() => dialog.current?.close()} autoFocus>
          <X size={16} aria-hidden="true" />
        </button>
      </div>
      <img src={src} alt={alt} />
    </dialog>
  );
}

/** A small picture that opens full size. */
export function Thumbnail({ src, alt }: { src: string; alt: string }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        type="button"
        ref={trigger}
        className="thumb-button"
        aria-haspopup="dialog"
        aria-label={`${alt} (enlarge)`}
        onClick={() => setOpen(true)}
      >
        <img className="thumb" src={src} alt="" />
      </button>
      {open && (
        <Lightbox
          src={src}
          alt={alt}
          onClose={() => {
            setOpen(false);
            trigger.current?.focus();
          }}
        />
      )}
    </>
  );
}
