// Options › Page helpers (issue 16): the overlay over selections, `/write` and the area
// capture, on every page but blocked sites — all off with this one setting.

export function PageHelpersSection({ enabled, onChange }: { enabled: boolean; onChange: (enabled: boolean) => void }) {
  return (
    <>
      <h2>Page helpers</h2>
      <p className="muted">
        Select text on a page to explain it, rewrite it in a field, or send it to the chat; type /write in a field to draft text; press
        Ctrl+Shift+S to capture an area. Never on sites you blocked in Site permissions.
      </p>
      <label>
        <input id="page-helpers" type="checkbox" checked={enabled} onChange={(e) => onChange(e.target.checked)} /> Show the helpers on pages
      </label>
    </>
  );
}
