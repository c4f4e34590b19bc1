import { BrowserError, type Screenshot, type ScreenshotRequest } from '@wayfinder/core';
import type { MarkBox } from '@wayfinder/page';
import type { ActionTarget } from './target';

// Screenshots of the viewport, the whole page or one element; with marks, each visible
// control's ref is drawn on it for vision models (the overlay is removed right after).

export async function takeScreenshot(tab: ActionTarget, request: ScreenshotRequest): Promise<Screenshot> {
  const format = request.format ?? 'png';
  const mimeType = format === 'png' ? 'image/png' : 'image/jpeg';
  const params: {
    format: 'png' | 'jpeg';
    quality?: number;
    clip?: { x: number; y: number; width: number; height: number; scale: number };
    captureBeyondViewport?: boolean;
  } = { format };
  if (format === 'jpeg') params.quality = Math.max(1, Math.min(100, request.quality ?? 80));
  let metrics = await tab.session.send('Page.getLayoutMetrics');
  let width = metrics.cssLayoutViewport.clientWidth;
  let height = metrics.cssLayoutViewport.clientHeight;
  if (request.ref) {
    const { label } = await tab.actionable(request.ref);
    const measured = await tab.script.actionability(request.ref);
    const rect = 'box' in measured ? measured.box : null;
    if (!rect || rect.width < 1 || rect.height < 1) throw new BrowserError('not-visible', `${label} has no size to capture.`, false);
    // The clip is in page coordinates: add where the viewport is scrolled to (after scrolling to the element).
    metrics = await tab.session.send('Page.getLayoutMetrics');
    params.clip = {
      x: rect.x + metrics.cssVisualViewport.pageX,
      y: rect.y + metrics.cssVisualViewport.pageY,
      width: rect.width,
      height: rect.height,
      scale: 1,
    };
    width = Math.round(rect.width);
    height = Math.round(rect.height);
  } else if (request.fullPage) {
    const size = metrics.cssContentSize;
    params.clip = { x: 0, y: 0, width: size.width, height: size.height, scale: 1 };
    params.captureBeyondViewport = true;
    width = Math.round(size.width);
    height = Math.round(size.height);
  } else if (request.scale !== undefined && request.scale < 1) {
    const scale = Math.max(0.1, request.scale);
    params.clip = { x: metrics.cssVisualViewport.pageX, y: metrics.cssVisualViewport.pageY, width, height, scale };
    width = Math.round(width * scale);
    height = Math.round(height * scale);
  }
  let marks: MarkBox[] = [];
  if (request.marks && !request.ref) {
    const snapshot = await tab.script.snapshot({ mode: 'viewport' });
    marks = snapshot.refs
      .filter((r) => r.inViewport)
      .map((r) => ({ ref: r.ref, x: r.rect.x, y: r.rect.y, width: r.rect.width, height: r.rect.height }));
    await tab.script.call('showMarks', [marks]);
  }
  try {
    const { data } = await tab.session.send('Page.captureScreenshot', params);
    return { data, mimeType, width, height, marks };
  } finally {
    if (marks.length) await tab.script.call('hideMarks', []).catch(() => undefined);
  }
}
