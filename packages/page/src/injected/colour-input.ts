import type { PageError } from '../protocol';
import { isPageError } from '../protocol';
import { describeRef } from './actionability';
import { isInput } from './dom';
import type { RefRegistry } from './refs';
import { Visibility } from './visibility';

// A native <input type=color> takes no typed text: its value is set by the page script,
// as a person's pick in the colour dialog would set it, with the input and change events
// that pick fires. Playwright's fill does the same for colour inputs.

const HEX6 = /^#([0-9a-f]{6})$/i;
const HEX3 = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i;

/** "#rrggbb" for #rgb, #rrggbb or any opaque CSS colour ("red", "rgb(0 0 255)"); null when it is none. */
export function colourToHex(text: string, doc: Document): string | null {
  const raw = text.trim();
  const short = HEX3.exec(raw);
  if (short)
    return `#${short
      .slice(1, 4)
      .map((c) => `${c}${c}`)
      .join('')}`.toLowerCase();
  if (HEX6.test(raw)) return raw.toLowerCase();
  const ctx = doc.createElement('canvas').getContext('2d');
  if (!ctx || !raw) return null;
  // The canvas keeps its old style for text that is no colour: two different starts tell.
  const read = (start: string): string => {
    ctx.fillStyle = start;
    ctx.fillStyle = raw;
    return ctx.fillStyle;
  };
  const a = read('#000001');
  if (a !== read('#000002')) return null;
  // Opaque colours come back as #rrggbb; a translucent one as rgba(), which a colour input cannot hold.
  return HEX6.test(a) ? a.toLowerCase() : null;
}

/** Sets a colour input to this colour and fires input and change; returns the value it was given. */
export function setColour(registry: RefRegistry, ref: string, text: string): string | PageError {
  const el = registry.resolve(ref);
  if (isPageError(el)) return el;
  const who = describeRef(ref, el, new Visibility());
  if (!isInput(el) || el.type !== 'color') return { error: 'bad-argument', message: `${who} is not a colour input.` };
  const hex = colourToHex(text, el.ownerDocument);
  if (!hex)
    return {
      error: 'bad-argument',
      message: `${JSON.stringify(text.slice(0, 60))} is not a colour ${who} can hold; give #rrggbb, #rgb or a colour name such as "red".`,
    };
  el.focus({ preventScroll: true });
  el.value = hex;
  el.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
  return hex;
}
