import { Crop } from 'lucide-react';
import { ask } from '../../lib/messages';

// The panel's way to the page helpers' area capture (also Ctrl+Shift+S): the page beside the
// panel gets the capture veil; what is captured comes back here with Send to chat.

export function CaptureButton({ onProblem }: { onProblem: (problem: string | null) => void }) {
  return (
    <button
      type="button"
      className="icon"
      aria-label="Capture an area of the page"
      title="Capture an area of the page to explain it or attach it (Ctrl+Shift+S)"
      onClick={() => {
        onProblem(null);
        void ask({ type: 'page.capture' }).then((reply) => onProblem(reply.ok ? null : reply.error));
      }}
    >
      <Crop aria-hidden size={16} />
    </button>
  );
}
