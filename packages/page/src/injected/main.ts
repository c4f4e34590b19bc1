import type { PageApi } from '../page-api';
import { PAGE_API_VERSION, PAGE_GLOBAL, type SnapshotOptions } from '../protocol';
import { checkActionability, checkUnderPointer } from './actionability';
import { builtins, nextFrame } from './builtins';
import { startCapture, stopCapture } from './capture';
import { setColour } from './colour-input';
import { domAct } from './dom-actions';
import {
  describeElement,
  describeFocused,
  focusedFrame,
  focusElement,
  hasText,
  listboxOptions,
  outerHtml,
  prepareTyping,
  refPresent,
  scrollBy,
  selectOptions,
  valueOf,
} from './element-ops';
import { frameBox } from './frames';
import { hideMarks, showMarks } from './marks';
import { extractPage } from './extract';
import { findControls } from './find';
import { buildLocators } from './locators';
import { RefRegistry } from './refs';
import { resolveLocators } from './resolve';
import { takeSnapshot } from './snapshot';

// Entry point of the injected script. The driver evaluates the bundle in an isolated
// world of each frame on demand; it installs one API object on that world's global
// (which the page cannot see) and does nothing else until called.

function install(): void {
  const existing: unknown = Reflect.get(globalThis, PAGE_GLOBAL);
  if (typeof existing === 'object' && existing !== null && Reflect.get(existing, 'version') === PAGE_API_VERSION) return;

  let registry = new RefRegistry('');
  const registryFor = (prefix: string | undefined): RefRegistry => {
    if (prefix !== undefined && prefix !== registry.topPrefix) registry = new RefRegistry(prefix);
    return registry;
  };

  const api: PageApi = {
    version: PAGE_API_VERSION,
    get docId() {
      return registry.docId;
    },
    snapshot: (options: SnapshotOptions = {}) => takeSnapshot(registryFor(options.framePrefix), options),
    find: (query: string, k = 5, options = {}) => findControls(registryFor(options.framePrefix), query, k, options.refBase, options.row),
    extract: (options = {}) => extractPage(options),
    actionability: (ref: string) => checkActionability(registry, ref),
    underPointer: (ref: string, x: number, y: number) => checkUnderPointer(registry, ref, x, y),
    locators: (ref: string) => buildLocators(registry, ref),
    resolveLocators: (locators, options = {}) => resolveLocators(registryFor(options.framePrefix), locators, options),
    frameOwner: (ref: string) => registry.frameOwner(ref),
    describe: (ref: string) => describeElement(registry, ref),
    describeFocused: () => describeFocused(),
    focusedFrame: () => focusedFrame(),
    focus: (ref: string) => focusElement(registry, ref),
    element: (ref: string) => registry.resolve(ref),
    frameBox: (ref: string) => frameBox(registry, ref),
    prepareTyping: (ref: string, replace: boolean) => prepareTyping(registry, ref, replace),
    value: (ref: string) => valueOf(registry, ref),
    setColour: (ref: string, text: string) => setColour(registry, ref, text),
    selectOptions: (ref, values, by) => selectOptions(registry, ref, values, by),
    listboxOptions: (ref, values) => listboxOptions(registry, ref, values),
    scroll: (ref, direction, amount) => scrollBy(registry, ref, direction, amount),
    hasText: (text: string) => hasText(text),
    refPresent: (ref: string) => refPresent(registry, ref),
    afterFrame: async (frames = 2) => {
      // A hidden tab renders nothing and holds its timers: there is no frame to wait for. Two
      // frames by default: observers (an IntersectionObserver loading the next posts) report
      // after the first one's rendering; a loaded machine may take longer than a frame's usual 16 ms.
      if (!(await nextFrame(250))) return false;
      for (let more = 1; more < frames; more++) await nextFrame(250);
      await new Promise((resolve) => builtins.setTimeout(resolve, 0));
      return true;
    },
    showMarks: (marks) => showMarks(marks),
    hideMarks: () => hideMarks(),
    html: (selector, maxChars) => outerHtml(selector, maxChars),
    domAct: (ref, action) => domAct(registry, ref, action),
    startCapture: (options) => startCapture(() => registry, options),
    stopCapture: () => stopCapture(),
  };
  Object.defineProperty(globalThis, PAGE_GLOBAL, { value: api, configurable: true, enumerable: false, writable: false });
}

install();
