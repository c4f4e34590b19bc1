import { inflateSync } from 'node:zlib';

export interface DecodedPng {
  width: number;
  height: number;
  /** RGBA or RGB bytes per pixel. */
  channels: number;
  pixels: Buffer;
}

/** Decodes an 8-bit RGB/RGBA PNG (what Chromium writes), undoing each row's filter. */
export function decodePng(base64: string): DecodedPng {
  const bytes = Buffer.from(base64, 'base64');
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const bitDepth = bytes[24];
  const colourType = bytes[25];
  if (bitDepth !== 8 || (colourType !== 2 && colourType !== 6))
    throw new Error(`unsupported PNG (depth ${bitDepth}, colour type ${colourType})`);
  const channels = colourType === 6 ? 4 : 3;
  const chunks: Buffer[] = [];
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    if (bytes.toString('ascii', at + 4, at + 8) === 'IDAT') chunks.push(bytes.subarray(at + 8, at + 8 + length));
    at += length + 12;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)] ?? 0;
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x] ?? 0;
      const left = x >= channels ? (pixels[y * stride + x - channels] ?? 0) : 0;
      const up = y > 0 ? (pixels[(y - 1) * stride + x] ?? 0) : 0;
      const upLeft = x >= channels && y > 0 ? (pixels[(y - 1) * stride + x - channels] ?? 0) : 0;
      let predictor = 0;
      if (filter === 1) predictor = left;
      else if (filter === 2) predictor = up;
      else if (filter === 3) predictor = Math.floor((left + up) / 2);
      else if (filter === 4) {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        predictor = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      pixels[y * stride + x] = (value + predictor) & 0xff;
    }
  }
  return { width, height, channels, pixels };
}

export function pixelAt(png: DecodedPng, x: number, y: number): [number, number, number] {
  const at = (y * png.width + x) * png.channels;
  return [png.pixels[at] ?? 0, png.pixels[at + 1] ?? 0, png.pixels[at + 2] ?? 0];
}

/** How many distinct colours a sample of the image has (1 = blank). */
export function colourCount(png: DecodedPng): number {
  const seen = new Set<string>();
  for (let y = 0; y < png.height; y += Math.max(1, Math.floor(png.height / 40))) {
    for (let x = 0; x < png.width; x += Math.max(1, Math.floor(png.width / 40))) seen.add(pixelAt(png, x, y).join(','));
  }
  return seen.size;
}
