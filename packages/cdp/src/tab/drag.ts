import type { DomAction } from '@wayfinder/page';
import type { CdpTab } from './cdp-tab';
import { stillHere } from './actions';
import type { NavigationWatch } from './navigation';

// Dragging like a hand does: press, move in steps, release. HTML5 drag and drop does not
// run from synthetic mouse moves alone, so after the press the driver asks Chromium to
// intercept the drag; if the page starts one, its data is replayed as drag events at the
// target (Input.dispatchDragEvent). Pointer-based sortables just see the mouse path.

const STEPS = 12;

export async function drag(tab: CdpTab, from: string, toRef: string | null, offset: { x: number; y: number } | null, watch: NavigationWatch): Promise<string> {
  const source = await tab.actionable(from);
  let target = { x: source.point.x + (offset?.x ?? 0), y: source.point.y + (offset?.y ?? 0) };
  let targetLabel = `${offset?.x ?? 0},${offset?.y ?? 0} px away`;
  if (toRef) {
    const destination = await tab.actionable(toRef);
    target = destination.point;
    targetLabel = destination.label;
    // Scrolling to the target can move the source: measure it again.
    const again = await tab.actionable(from);
    source.point = again.point;
  }
  await stillHere(watch, source.label);
  if (tab.inputMode === 'dom') {
    const action: DomAction = toRef ? { kind: 'drag', toRef } : { kind: 'drag', offset: offset ?? { x: 0, y: 0 } };
    return tab.page('domAct', [from, action], from, (v): v is string => typeof v === 'string');
  }

  const { mouse, session } = tab;
  await mouse.move(source.point.x, source.point.y);
  await mouse.down();
  await session.send('Input.setInterceptDrags', { enabled: true });
  let intercepted: Awaited<ReturnType<typeof session.waitFor<'Input.dragIntercepted'>>> | null;
  try {
    const dragStarted = session.waitFor('Input.dragIntercepted', () => true, 500);
    // A few pixels of movement past the drag threshold starts an HTML5 drag.
    await mouse.move(source.point.x + 6, source.point.y + 6, 2, 1);
    intercepted = await dragStarted.catch(() => null);
    if (intercepted) {
      const data = intercepted.data;
      for (const type of ['dragEnter', 'dragOver'] as const) {
        await session.send('Input.dispatchDragEvent', { type, x: target.x, y: target.y, data });
      }
      await session.send('Input.dispatchDragEvent', { type: 'drop', x: target.x, y: target.y, data });
    }
  } finally {
    await session.send('Input.setInterceptDrags', { enabled: false }).catch(() => undefined);
  }
  await mouse.move(target.x, target.y, intercepted ? 1 : STEPS, 1);
  await mouse.up();
  return `Dragged ${source.label} to ${targetLabel}.`;
}
