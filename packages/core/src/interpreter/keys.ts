// Key names as people say them ("hit the escape key", "press ctrl+a"), as press_key takes them.

export const KEY =
  /^(enter|return|escape|esc|tab|backspace|delete|del|space|spacebar|home|end|page ?up|page ?down|arrow ?(up|down|left|right)|up|down|left|right|f\d{1,2}|((ctrl|control|shift|alt|option|cmd|command|meta)\s*\+\s*)+\S+)$/i;

export function normalizeKey(raw: string): string {
  const key = raw.trim().toLowerCase();
  const names: Record<string, string> = {
    return: 'Enter',
    esc: 'Escape',
    del: 'Delete',
    spacebar: 'Space',
    'page up': 'PageUp',
    'page down': 'PageDown',
    up: 'ArrowUp',
    down: 'ArrowDown',
    left: 'ArrowLeft',
    right: 'ArrowRight',
  };
  if (names[key]) return names[key];
  if (/^arrow ?\w+$/.test(key)) return `Arrow${key.replace(/^arrow ?/, '').replace(/^\w/, (c) => c.toUpperCase())}`;
  return raw
    .trim()
    .split(/\s*\+\s*/)
    .map((part) => (part.length === 1 ? part.toUpperCase() : part.charAt(0).toUpperCase() + part.slice(1).toLowerCase()))
    .join('+');
}
