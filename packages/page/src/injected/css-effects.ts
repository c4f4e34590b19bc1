import { colorsIn } from './colors';

// Reads the computed values of CSS effects that can hide what an element paints —
// clip-path, clip, transforms, filters, masks — into numbers the visibility oracle can
// judge. Computed values come normalised (px and %, matrix()/matrix3d(), rgb()), so small
// parsers suffice; whatever we cannot read is treated as hiding nothing.

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export function boxOf(r: { left: number; top: number; right: number; bottom: number }): Box {
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
}

export function overlap(a: Box, b: Box): Box | null {
  const left = Math.max(a.left, b.left);
  const top = Math.max(a.top, b.top);
  const right = Math.min(a.right, b.right);
  const bottom = Math.min(a.bottom, b.bottom);
  if (right <= left || bottom <= top) return null;
  return { left, top, right, bottom };
}

/** Intersection of two optional clips (null: no clip); an empty intersection clips everything. */
export function meet(a: Box | null, b: Box | null): Box | null {
  if (!a) return b;
  if (!b) return a;
  return overlap(a, b) ?? { left: 0, top: 0, right: 0, bottom: 0 };
}

export function encloses(outer: Box, inner: Box, slack = 1): boolean {
  return (
    inner.left >= outer.left - slack &&
    inner.top >= outer.top - slack &&
    inner.right <= outer.right + slack &&
    inner.bottom <= outer.bottom + slack
  );
}

export function widthOf(b: Box): number {
  return b.right - b.left;
}

export function heightOf(b: Box): number {
  return b.bottom - b.top;
}

/** Top-level function calls of a value: "opacity(0) blur(3px)" → [opacity, "0"], [blur, "3px"]. */
export function functions(value: string): { name: string; args: string }[] {
  const out: { name: string; args: string }[] = [];
  const re = /([a-z][a-z0-9-]*)\(/gi;
  let match: RegExpExecArray | null;
  while ((match = re.exec(value))) {
    let depth = 1;
    let i = re.lastIndex;
    for (; i < value.length && depth; i++) {
      if (value[i] === '(') depth++;
      else if (value[i] === ')') depth--;
    }
    out.push({ name: (match[1] ?? '').toLowerCase(), args: value.slice(re.lastIndex, i - 1) });
    re.lastIndex = i;
  }
  return out;
}

/** Splits at top-level separators (commas between layers, spaces between lengths). */
export function splitTop(value: string, separator: ',' | ' '): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (depth === 0 && (separator === ',' ? ch === ',' : /\s/.test(ch ?? ''))) {
      parts.push(value.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(value.slice(start).trim());
  return parts.filter(Boolean);
}

/** A computed length ("12px", "50%", "calc(100% - 1px)") against a basis for percentages; NaN if unreadable. */
export function length(token: string, basis: number): number {
  const t = token.trim();
  if (t === '0') return 0;
  const calc = /^calc\((.*)\)$/.exec(t);
  const body = calc ? (calc[1] ?? '') : t;
  let total = 0;
  let sign = 1;
  let any = false;
  for (const part of body.split(/\s+/)) {
    if (part === '+') sign = 1;
    else if (part === '-') sign = -1;
    else {
      const m = /^(-?[\d.]+(?:e-?\d+)?)(px|%)?$/.exec(part);
      if (!m) return NaN;
      const n = parseFloat(m[1] ?? '');
      total += sign * (m[2] === '%' ? (n / 100) * basis : n);
      any = true;
    }
  }
  return any ? total : NaN;
}

const EMPTY: Box = { left: 0, top: 0, right: 0, bottom: 0 };

/**
 * The part of `box` (viewport coordinates) a clip-path leaves painted, as a bounding box;
 * an empty box when nothing is left, null when the shape cannot be read (treated as no clip).
 */
export function clipPathBox(value: string, box: Box): Box | null {
  const [shape] = functions(value);
  if (!shape) return null;
  const w = widthOf(box);
  const h = heightOf(box);
  const args = shape.args;
  switch (shape.name) {
    case 'inset': {
      const [edges = ''] = args.split(/\sround\s/);
      const v = splitTop(edges, ' ');
      const top = v[0] ?? '0';
      const right = v[1] ?? top;
      const bottom = v[2] ?? top;
      const left = v[3] ?? right;
      const t = length(top, h);
      const r = length(right, w);
      const b = length(bottom, h);
      const l = length(left, w);
      if ([t, r, b, l].some(Number.isNaN)) return null;
      const out = { left: box.left + l, top: box.top + t, right: box.right - r, bottom: box.bottom - b };
      return out.right - out.left <= 0 || out.bottom - out.top <= 0 ? EMPTY : out;
    }
    case 'circle':
    case 'ellipse': {
      const [radii = '', at = '50% 50%'] = args.split(/\bat\b/).map((s) => s.trim());
      const r = splitTop(radii || '50%', ' ');
      const rx = length(r[0] ?? '', shape.name === 'circle' ? Math.hypot(w, h) / Math.SQRT2 : w);
      const ry = shape.name === 'circle' ? rx : length(r[1] ?? r[0] ?? '', h);
      const [ax = '50%', ay = '50%'] = splitTop(at, ' ');
      const cx = length(ax, w);
      const cy = length(ay, h);
      if ([rx, ry, cx, cy].some(Number.isNaN)) return null;
      if (rx <= 0 || ry <= 0) return EMPTY;
      return { left: box.left + cx - rx, top: box.top + cy - ry, right: box.left + cx + rx, bottom: box.top + cy + ry };
    }
    case 'polygon': {
      const points = splitTop(args, ',')
        .filter((p) => !/^(nonzero|evenodd)$/.test(p))
        .map((p) => {
          const [x = '', y = ''] = splitTop(p, ' ');
          return { x: length(x, w), y: length(y, h) };
        });
      if (points.length < 3 || points.some((p) => Number.isNaN(p.x) || Number.isNaN(p.y))) return points.length < 3 ? EMPTY : null;
      let area = 0;
      for (let i = 0; i < points.length; i++) {
        const a = points[i];
        const b = points[(i + 1) % points.length];
        if (a && b) area += a.x * b.y - b.x * a.y;
      }
      // A polygon with (almost) no area paints (almost) nothing, wherever its points lie.
      if (Math.abs(area) / 2 < 16) return EMPTY;
      const xs = points.map((p) => p.x);
      const ys = points.map((p) => p.y);
      return {
        left: box.left + Math.min(...xs),
        top: box.top + Math.min(...ys),
        right: box.left + Math.max(...xs),
        bottom: box.top + Math.max(...ys),
      };
    }
    default:
      return null;
  }
}

/** The part of `box` the legacy `clip: rect(…)` property leaves painted (absolutely positioned boxes only). */
export function clipRectBox(value: string, box: Box): Box | null {
  const [shape] = functions(value);
  if (shape?.name !== 'rect') return null;
  const v = shape.args.split(/[\s,]+/).filter(Boolean);
  if (v.length !== 4) return null;
  const edge = (token: string | undefined, auto: number) => (token === 'auto' || token === undefined ? auto : parseFloat(token));
  const top = edge(v[0], 0);
  const right = edge(v[1], widthOf(box));
  const bottom = edge(v[2], heightOf(box));
  const left = edge(v[3], 0);
  if ([top, right, bottom, left].some(Number.isNaN)) return null;
  if (right - left <= 0 || bottom - top <= 0) return EMPTY;
  return { left: box.left + left, top: box.top + top, right: box.left + right, bottom: box.top + bottom };
}

export interface TransformEffect {
  /** How much the transform shrinks its content (the smaller axis), after perspective. */
  scale: number;
  /** Nothing is drawn: behind the viewer, or a hidden back face turned to us. */
  gone: boolean;
}

/**
 * What a computed transform (matrix() or matrix3d()) does to legibility. `perspective` is
 * the parent's perspective in px (0: none); judged at the transform origin, which is where
 * the tricks (scale(0), rotateY(90deg), translateZ behind the viewer) act.
 */
export function transformEffect(value: string, perspective: number, backfaceHidden: boolean): TransformEffect {
  const [fn] = functions(value);
  if (!fn) return { scale: 1, gone: false };
  const m = fn.args.split(',').map((n) => parseFloat(n));
  if (m.some(Number.isNaN)) return { scale: 1, gone: false };
  if (fn.name === 'matrix' && m.length === 6) {
    const [a = 1, b = 0, c = 0, d = 1] = m;
    // A determinant of zero flattens the box onto a line or a point.
    const det = Math.abs(a * d - b * c);
    return { scale: Math.min(Math.hypot(a, b), Math.hypot(c, d), det), gone: false };
  }
  if (fn.name !== 'matrix3d' || m.length !== 16) return { scale: 1, gone: false };
  const [m11 = 1, m12 = 0, , , m21 = 0, m22 = 1, , , , , m33 = 1, , , , m43 = 0, m44 = 1] = m;
  let w = m44;
  if (perspective > 0) w -= m43 / perspective;
  if (w <= 0.001) return { scale: 0, gone: true };
  const det = Math.abs(m11 * m22 - m12 * m21);
  const scale = Math.min(Math.hypot(m11, m12), Math.hypot(m21, m22), det) / w;
  return { scale, gone: backfaceHidden && m33 < 0 };
}

function angle(token: string): number {
  const n = parseFloat(token);
  if (Number.isNaN(n)) return 0;
  if (token.endsWith('grad')) return (n * Math.PI) / 200;
  if (token.endsWith('rad')) return n;
  if (token.endsWith('turn')) return n * 2 * Math.PI;
  return (n * Math.PI) / 180;
}

/** The individual `scale` and `rotate` properties, which act besides `transform`. */
export function individualTransforms(scale: string, rotate: string, backfaceHidden: boolean): TransformEffect {
  let factor = 1;
  let gone = false;
  if (scale && scale !== 'none') {
    const [sx = 1, sy = sx] = scale
      .trim()
      .split(/\s+/)
      .map((v) => (v.endsWith('%') ? parseFloat(v) / 100 : parseFloat(v)));
    if (!Number.isNaN(sx) && !Number.isNaN(sy)) factor *= Math.min(Math.abs(sx), Math.abs(sy));
  }
  if (rotate && rotate !== 'none') {
    // "90deg" turns in the page's plane; "y 90deg", "x 1rad" and "0 1 0 90deg" turn the box away from the viewer.
    const parts = rotate.trim().split(/\s+/);
    const theta = angle(parts[parts.length - 1] ?? '0');
    let z = 1;
    if (parts.length === 2) z = parts[0] === 'z' ? 1 : 0;
    else if (parts.length === 4) {
      const [x = 0, y = 0, zz = 0] = parts.slice(0, 3).map(Number);
      const norm = Math.hypot(x, y, zz);
      z = norm ? zz / norm : 1;
    }
    // How much of the box's face still faces the viewer: the z component of its turned normal.
    const facing = Math.cos(theta) + (1 - Math.cos(theta)) * z * z;
    factor *= Math.abs(facing);
    gone = backfaceHidden && facing < 0;
  }
  return { scale: factor, gone };
}

export interface FilterEffect {
  opacity: number;
  blur: number;
  /** contrast(0) greys everything out to one flat colour. */
  flat: boolean;
}

function amount(arg: string, fallback: number): number {
  const t = arg.trim();
  if (!t) return fallback;
  const n = parseFloat(t);
  if (Number.isNaN(n)) return fallback;
  return t.endsWith('%') ? n / 100 : n;
}

export function filterEffect(value: string): FilterEffect {
  const effect: FilterEffect = { opacity: 1, blur: 0, flat: false };
  for (const { name, args } of functions(value)) {
    if (name === 'opacity') effect.opacity *= Math.min(1, amount(args, 1));
    else if (name === 'blur') effect.blur = Math.hypot(effect.blur, parseFloat(args) || 0);
    else if (name === 'contrast' && amount(args, 1) <= 0.05) effect.flat = true;
  }
  return effect;
}

/**
 * True when a mask lets nothing through: every layer is a gradient with no opaque stop,
 * or is sized to nothing. Image masks we cannot see into count as letting everything through.
 */
export function maskHides(image: string, size: string): boolean {
  if (!image || image === 'none') return false;
  const layers = splitTop(image, ',');
  const sizes = splitTop(size || 'auto', ',');
  return layers.every((layer, i) => {
    // In a list of layers, `none` is a transparent layer; alone it means no mask (handled above).
    if (layer === 'none') return true;
    const layerSize = splitTop(sizes[i % sizes.length] ?? 'auto', ' ');
    if (layerSize.some((s) => /^0(px|%)?$/.test(s))) return true;
    const colors = colorsIn(layer);
    if (!colors?.length) return false;
    return colors.every((c) => c.a <= 0.05);
  });
}
