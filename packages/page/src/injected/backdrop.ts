import { luminance, over, parseColor, readable, WHITE, type Rgba } from './colors';
import { functions, length, splitTop } from './css-effects';

// What text is painted on: the colours its element's background and its ancestors' paint
// behind it, gradients included. Text must stand out from every colour it could sit on:
// each stop of every gradient layer under it and the colours between the stops (sampled),
// not only from those under its own box. Which part of a gradient lies under a glyph
// depends on the angle, size, position, repetition, origin and attachment of the layer and
// on layout; a model of all that would be dear on the hot path and, where it slipped,
// let text in the colour of one stop pass because another stop contrasts. Judged against
// every colour, the trick cannot win: a contrasting stop added elsewhere makes no text
// readable. What it costs is text in a colour that some stop of its own background
// shares, which people cannot read all of either.

/** Colours text may sit on, and whether an image we cannot see into may show behind it. */
export interface Backdrop {
  readonly colors: readonly Rgba[];
  /** Part of the box shows an image: there, text cannot be called invisible. */
  readonly image: boolean;
}

/** What lies behind the root element: the canvas, white unless painted. */
export const PAGE: Backdrop = { colors: [WHITE], image: false };

/** The background properties of one element, as computed styles give them. */
export interface BackgroundStyle {
  color: string;
  image: string;
  size: string;
  repeat: string;
  positionX: string;
  positionY: string;
}

interface Stop {
  color: Rgba;
  /** Its position on the gradient line as written ("50%", "10px"), or "" when not given. */
  at: string;
}

/** Points sampled between two stops: enough that neighbours differ by less than MIN_CONTRAST. */
const STEPS = 16;
/** Colours closer than this contrast ratio count as one (keeps stacked gradients bounded). */
const SAME = 1.02;
// Computed styles keep these colour syntaxes as written; we cannot read them, so such a
// layer counts as an image we cannot see into.
const UNREAD_COLOR = /\b(?:oklab|oklch|lab|lch|color|hwb|hsla?|color-mix|light-dark)\(/i;
const COLOR = /rgba?\([^)]*\)|\btransparent\b/gi;

/** A gradient layer's colour stops in order; null when the layer is an image (or colours we cannot read). */
export function gradientStops(layer: string): Stop[] | null {
  const [fn] = functions(layer);
  if (!fn?.name.endsWith('gradient') || UNREAD_COLOR.test(fn.args)) return null;
  const stops: Stop[] = [];
  for (const part of splitTop(fn.args, ',')) {
    for (const token of part.match(COLOR) ?? []) {
      const color = parseColor(token);
      if (color) stops.push({ color, at: part.replace(token, '').trim() });
    }
  }
  return stops.length ? stops : null;
}

/** Two stops at the same place (or the second before the first) meet in a hard edge: nothing between them. */
function hardEdge(a: Stop, b: Stop): boolean {
  const pa = /^(-?[\d.]+)(px|%)$/.exec(a.at);
  const pb = /^(-?[\d.]+)(px|%)$/.exec(b.at);
  return !!pa && !!pb && pa[2] === pb[2] && Number(pb[1]) <= Number(pa[1]);
}

function mix(a: Rgba, b: Rgba, t: number): Rgba {
  const m = (x: number, y: number) => x + (y - x) * t;
  return { r: m(a.r, b.r), g: m(a.g, b.g), b: m(a.b, b.b), a: m(a.a, b.a) };
}

/** Colours keyed by how they read (luminance, in steps of SAME), so near-equal ones are kept once. */
class ColorSet {
  private readonly byKey = new Map<number, Rgba>();
  image = false;

  add(color: Rgba): void {
    const key = Math.round(Math.log(luminance(color) + 0.05) / Math.log(SAME));
    if (!this.byKey.has(key)) this.byKey.set(key, color);
  }

  addAll(backdrop: Backdrop): void {
    for (const color of backdrop.colors) this.add(color);
    if (backdrop.image) this.image = true;
  }

  backdrop(): Backdrop {
    return { colors: [...this.byKey.values()], image: this.image };
  }
}

/** A stop painted over one colour below (null: over an image); null where the image still shows. */
function composite(stop: Rgba, below: Rgba | null): Rgba | null {
  if (stop.a >= 0.99) return stop;
  if (below) return over(stop, below);
  // Mostly opaque paint over an image reads as the paint; thinner paint leaves the image.
  return stop.a > 0.5 ? stop : null;
}

/** Adds what a gradient (or one colour) paints over `below`: its stops, and samples between them. */
function paintOver(stops: readonly Stop[], below: Rgba | null, into: ColorSet): void {
  let previous: { stop: Stop; color: Rgba | null } | null = null;
  for (const stop of stops) {
    const color = composite(stop.color, below);
    if (color) into.add(color);
    else into.image = true;
    if (previous?.color && color && !hardEdge(previous.stop, stop)) {
      for (let k = 1; k < STEPS; k++) into.add(mix(previous.color, color, k / STEPS));
    }
    previous = { stop, color };
  }
}

/** `layer` painted over all of `under`; `keep`: part of `under` still shows beside it. */
function layered(under: Backdrop, stops: readonly Stop[] | null, keep: boolean): Backdrop {
  const set = new ColorSet();
  if (keep) set.addAll(under);
  if (!stops) {
    set.image = true;
    return set.backdrop();
  }
  for (const color of under.colors) paintOver(stops, color, set);
  if (under.image) paintOver(stops, null, set);
  return set.backdrop();
}

type Coverage = 'full' | 'part' | 'thin';

/** Per-layer values of a comma-separated background property (lists repeat to the number of layers). */
function nth(list: string, i: number): string {
  const items = splitTop(list, ',');
  return items[i % Math.max(1, items.length)] ?? '';
}

function repeats(repeat: string): [boolean, boolean] {
  const words = repeat.trim().split(/\s+/);
  if (words[0] === 'repeat-x') return [true, false];
  if (words[0] === 'repeat-y') return [false, true];
  const tiles = (w: string | undefined) => w === 'repeat' || w === 'round' || w === 'space';
  return [tiles(words[0]), tiles(words[1] ?? words[0])];
}

/**
 * How much of the box a layer paints: all of it, a band too thin to hold a glyph (an
 * underline drawn with a gradient), or a part. Sizes auto, cover and contain count as the
 * whole box; an image's own size is unknown, so only stated lengths make it smaller.
 */
function coverage(
  bg: BackgroundStyle,
  i: number,
  box: () => { width: number; height: number },
  thin: number,
): { coverage: Coverage; extent: number } {
  const size = splitTop(nth(bg.size, i), ' ');
  const tiled = repeats(nth(bg.repeat, i));
  const positions = [nth(bg.positionX, i), nth(bg.positionY, i)];
  let result: Coverage = 'full';
  let smallest = Infinity;
  for (const axis of [0, 1] as const) {
    if (tiled[axis]) continue;
    const token =
      size.length === 1 && axis === 1 ? (size[0] === 'cover' || size[0] === 'contain' ? size[0] : 'auto') : (size[axis] ?? 'auto');
    const stated = token !== 'auto' && token !== 'cover' && token !== 'contain';
    const position = positions[axis] ?? '0%';
    // Percentages of position place a box as wide as the area at its start: only lengths move it.
    if (!stated && /^-?[\d.]+%$/.test(position)) continue;
    const whole = axis === 0 ? box().width : box().height;
    const extent = stated ? length(token, whole) : whole;
    const offset = length(position, whole - extent);
    if (Number.isNaN(extent) || Number.isNaN(offset)) {
      result = 'part';
      continue;
    }
    const shown = Math.min(whole, offset + extent) - Math.max(0, offset);
    smallest = Math.min(smallest, Math.max(0, shown));
    if (shown < thin) return { coverage: 'thin', extent: Math.max(0, shown) };
    if (offset > 1 || offset + extent < whole - 1) result = 'part';
  }
  return { coverage: result, extent: smallest };
}

/**
 * What shows behind the text of an element whose background is `bg`, over `under` (what
 * its parent shows). `thin`: bands narrower than this (px) cannot hold a glyph.
 */
export function paintBackground(
  under: Backdrop,
  bg: BackgroundStyle,
  box: () => { width: number; height: number },
  thin: number,
): Backdrop {
  let result = under;
  const own = parseColor(bg.color);
  const plain = !bg.image || bg.image === 'none';
  // The common case, an opaque colour and nothing on it, needs no sets.
  if (plain && own && own.a >= 0.99) return { colors: [own], image: false };
  if (own && own.a > 0) result = layered(result, [{ color: own, at: '' }], false);
  if (plain) return result;
  const layers = splitTop(bg.image, ',');
  // Thin bands are skipped only while together they could not hold a glyph either.
  let thinTotal = 0;
  // The first layer listed is painted on top: walk from the bottom up.
  for (let i = layers.length - 1; i >= 0; i--) {
    const layer = layers[i] ?? 'none';
    if (layer === 'none') continue;
    const stops = gradientStops(layer);
    const { coverage: covered, extent } = coverage(bg, i, box, thin);
    if (covered === 'thin') {
      thinTotal += extent;
      if (thinTotal < thin) continue;
    }
    result = layered(result, stops, covered !== 'full');
  }
  return result;
}

/** Can a person tell paint of this colour (at this opacity) from every colour it may sit on? */
export function readableOn(paint: Rgba, opacity: number, backdrop: Backdrop): boolean {
  if (paint.a * opacity <= 0.05) return false;
  return backdrop.colors.every((color) => readable(paint, opacity, color));
}
