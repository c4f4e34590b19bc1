import type { Rect } from '../../lib/page-helpers';
import { h } from './dom';
import type { HelperView } from './view';

// The area capture: a veil over the viewport; the person drags a rectangle (Esc cancels).
// The veil is gone, and the page painted without it, before the picture is taken.

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

export function dragArea(view: HelperView): Promise<Rect | null> {
  return new Promise((resolve) => {
    const veil = view.overlay(h('div', { class: 'veil', 'data-role': 'capture-veil', 'aria-label': 'Drag to capture an area' }));
    const hint = view.overlay(h('div', { class: 'capture-hint', role: 'status' }, 'Drag over the area to capture · Esc cancels'));
    const box = view.overlay(h('div', { class: 'rect' }));
    box.hidden = true;
    let start: { x: number; y: number } | null = null;
    const rectOf = (event: MouseEvent): Rect => {
      const from = start ?? { x: event.clientX, y: event.clientY };
      return {
        x: Math.min(from.x, event.clientX),
        y: Math.min(from.y, event.clientY),
        width: Math.abs(event.clientX - from.x),
        height: Math.abs(event.clientY - from.y),
      };
    };
    const finish = async (rect: Rect | null) => {
      veil.remove();
      hint.remove();
      box.remove();
      document.removeEventListener('keydown', onKey, true);
      await frame();
      await frame();
      resolve(rect);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      void finish(null);
    };
    document.addEventListener('keydown', onKey, true);
    veil.addEventListener('mousedown', (event) => {
      if (!event.isTrusted || event.button !== 0) return;
      event.preventDefault();
      start = { x: event.clientX, y: event.clientY };
      box.hidden = false;
      Object.assign(box.style, { left: `${start.x}px`, top: `${start.y}px`, width: '0px', height: '0px' });
    });
    veil.addEventListener('mousemove', (event) => {
      if (!start) return;
      const rect = rectOf(event);
      Object.assign(box.style, { left: `${rect.x}px`, top: `${rect.y}px`, width: `${rect.width}px`, height: `${rect.height}px` });
    });
    veil.addEventListener('mouseup', (event) => {
      if (!start || !event.isTrusted) return;
      const rect = rectOf(event);
      void finish(rect.width >= 4 && rect.height >= 4 ? rect : null);
    });
  });
}
