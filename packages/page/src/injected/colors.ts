// Colours as computed styles serialise them (rgb()/rgba(), "transparent"), and the
// contrast arithmetic the visibility oracle needs.

export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

export const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

export function parseColor(value: string): Rgba | null {
  if (value === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const match = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(value);
  if (!match) return null;
  const alphaText = match[4];
  let a = 1;
  if (alphaText !== undefined) a = alphaText.endsWith('%') ? parseFloat(alphaText) / 100 : parseFloat(alphaText);
  return { r: Number(match[1]), g: Number(match[2]), b: Number(match[3]), a };
}

/** Every colour named in a computed image value (a gradient's stops); null when it holds an image we cannot see into. */
export function colorsIn(value: string): Rgba[] | null {
  if (/url\(|image-set\(|element\(|paint\(/i.test(value)) return null;
  const colors: Rgba[] = [];
  for (const token of value.match(/rgba?\([^)]*\)|\btransparent\b/g) ?? []) {
    const color = parseColor(token);
    if (color) colors.push(color);
  }
  return colors;
}

export function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top.a + bottom.a * (1 - top.a);
  if (a === 0) return { r: 0, g: 0, b: 0, a: 0 };
  const mix = (t: number, b: number) => (t * top.a + b * bottom.a * (1 - top.a)) / a;
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a };
}

export function luminance(c: Rgba): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
}

export function contrastRatio(a: Rgba, b: Rgba): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Below this contrast against what is behind it, text cannot be told from its background. */
export const MIN_CONTRAST = 1.25;

/** Can a person tell paint of this colour (at this opacity) from the background behind it? */
export function readable(paint: Rgba, opacity: number, background: Rgba | null): boolean {
  const color = { ...paint, a: paint.a * opacity };
  if (color.a <= 0.05) return false;
  if (!background) return true;
  return contrastRatio(over(color, background), background) >= MIN_CONTRAST;
}
