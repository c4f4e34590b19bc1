import type { Rect } from '../../lib/page-helpers';

// An area of the visible tab, cut out of captureVisibleTab's picture at the screen's pixel
// ratio: the picture is in device pixels, the rectangle the person dragged in CSS pixels, so
// the scale is the picture's width over the viewport's (devicePixelRatio, as Chrome drew it).

export interface Cropped {
  image: string;
  width: number;
  height: number;
}

async function dataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${blob.type || 'image/png'};base64,${btoa(binary)}`;
}

export async function cropCapture(shot: string, rect: Rect, viewport: { width: number; height: number }): Promise<Cropped> {
  const bitmap = await createImageBitmap(await (await fetch(shot)).blob());
  try {
    const scale = bitmap.width / viewport.width;
    // Inside the picture, in whole device pixels.
    const x = Math.max(0, Math.round(rect.x * scale));
    const y = Math.max(0, Math.round(rect.y * scale));
    const width = Math.min(bitmap.width - x, Math.round(rect.width * scale));
    const height = Math.min(bitmap.height - y, Math.round(rect.height * scale));
    if (width < 1 || height < 1) throw new Error('The captured area is empty; drag a larger rectangle inside the page.');
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Could not draw the captured area (no 2D canvas in the worker).');
    context.drawImage(bitmap, x, y, width, height, 0, 0, width, height);
    return { image: await dataUrl(await canvas.convertToBlob({ type: 'image/png' })), width, height };
  } finally {
    bitmap.close();
  }
}
