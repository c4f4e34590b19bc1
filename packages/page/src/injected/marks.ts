import type { MarkBox } from '../protocol';

// Set-of-marks labels for screenshots taken for vision models. This is the one time the
// page script puts something into the page: a fixed overlay in a closed shadow root,
// shown just for the capture and removed right after (the driver always calls hideMarks).

let overlay: Element | null = null;

export function showMarks(marks: MarkBox[]): void {
  hideMarks();
  const host = document.createElement('wayfinder-marks');
  host.setAttribute('aria-hidden', 'true');
  host.style.cssText = 'position:fixed;inset:0;z-index:2147483647;pointer-events:none;display:block;contain:strict';
  const root = host.attachShadow({ mode: 'closed' });
  const style = document.createElement('style');
  style.textContent =
    '.box{position:fixed;border:2px solid #e8114a;box-sizing:border-box}.tag{position:absolute;left:-2px;top:-15px;font:bold 11px/13px monospace;color:#fff;background:#e8114a;padding:0 3px;white-space:nowrap}';
  root.append(style);
  for (const mark of marks) {
    const box = document.createElement('div');
    box.className = 'box';
    box.style.cssText = `left:${mark.x}px;top:${mark.y}px;width:${mark.width}px;height:${mark.height}px`;
    const tag = document.createElement('span');
    tag.className = 'tag';
    tag.textContent = mark.ref;
    if (mark.y < 15) tag.style.top = '0';
    box.append(tag);
    root.append(box);
  }
  document.documentElement.append(host);
  overlay = host;
}

export function hideMarks(): void {
  overlay?.remove();
  overlay = null;
}
