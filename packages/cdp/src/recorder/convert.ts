import type { ElementFacts, RecordedEvent, RecordedTarget } from '@wayfinder/core';
import type { CapturedEvent, CapturedTarget, ElementInfo } from '@wayfinder/page';
import { locatorOf } from '../tab/locator';

// From what the capture sends to core's RecordedEvent: the facts the policy reads (and
// nothing else of the element), locators without the page's counts, and no value for a
// password or payment field.

export function factsOf(info: ElementInfo): ElementFacts {
  return {
    role: info.role,
    name: info.name,
    names: info.names,
    tag: info.tag,
    inputType: info.inputType,
    autocomplete: info.autocomplete,
    fieldName: info.fieldName,
    secret: info.secret,
    editable: info.editable,
    fileInput: info.fileInput,
    checkable: info.checkable,
    popup: info.popup,
    submits: info.submits,
    submitNames: info.submitNames,
    formHasPassword: info.formHasPassword,
    formHasPayment: info.formHasPayment,
    formAction: info.formAction,
    formMethod: info.formMethod,
    context: info.context,
    options: info.options,
    href: info.href,
    download: info.download,
    frameUrl: info.frameUrl,
  };
}

export function targetOf(captured: CapturedTarget): RecordedTarget {
  // A locator that matches nothing now (a label the page wrote twice, a test id on another node) would mislead replay.
  const locators = captured.locators.filter((l) => l.matches > 0).map(locatorOf);
  return { locators, facts: factsOf(captured.info) };
}

/** The address without its query and fragment (they can carry tokens and personal data). */
export function withoutQuery(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url.split(/[?#]/)[0] ?? '';
  }
}

export function recordedOf(event: CapturedEvent): RecordedEvent {
  switch (event.kind) {
    case 'click':
      return { kind: 'click', target: targetOf(event.target), count: event.count, offsetX: event.offsetX, offsetY: event.offsetY };
    case 'input':
      // Null from the capture: a confidential field. Core writes a secret's name (or a payment input) in its place.
      return {
        kind: 'input',
        target: targetOf(event.target),
        value: event.value ?? '',
        ...(event.value === null ? { withheld: true } : {}),
      };
    case 'select':
      return { kind: 'select', target: targetOf(event.target), value: event.value };
    case 'check':
      return { kind: 'check', target: targetOf(event.target), checked: event.checked };
    case 'key':
      return {
        kind: 'key',
        key: event.key,
        ...(event.modifiers.length ? { modifiers: event.modifiers } : {}),
        ...(event.target ? { target: targetOf(event.target) } : {}),
      };
    case 'upload':
      return { kind: 'upload', target: targetOf(event.target), fileNames: event.fileNames };
    case 'scroll':
      return { kind: 'scroll', x: event.x, y: event.y, ...(event.target ? { target: targetOf(event.target) } : {}) };
  }
}

const KINDS = new Set(['click', 'input', 'select', 'check', 'key', 'upload', 'scroll']);

/** The binding's payload, checked: anything else (a stale script) is dropped. */
export function parseCaptured(payload: string): CapturedEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || !('kind' in value) || typeof value.kind !== 'string' || !KINDS.has(value.kind))
    return null;
  if ('target' in value && value.target !== null && !isCapturedTarget(value.target)) return null;
  return isCapturedEvent(value) ? value : null;
}

function isCapturedTarget(value: unknown): value is CapturedTarget {
  return (
    typeof value === 'object' &&
    value !== null &&
    'locators' in value &&
    Array.isArray(value.locators) &&
    'info' in value &&
    typeof value.info === 'object' &&
    value.info !== null &&
    'role' in value.info
  );
}

function isCapturedEvent(value: object): value is CapturedEvent {
  return 'kind' in value;
}
