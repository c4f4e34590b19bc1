import type { SkillLocator, SkillStep } from './types';

// A step as a line a person reads — and, written as a direct command ("Click "Add to cart"",
// "Type "{{email}}" into "Email""), one the command interpreter can run when the person
// rewrites it.

const quote = (text: string): string => `"${text.replace(/"/g, "'")}"`;

/** The name a person knows the target by: the step's own, else its best locator's. */
export function targetName(step: Pick<SkillStep, 'targetName' | 'locators' | 'selectors'>): string {
  if (step.targetName) return step.targetName;
  const named =
    step.locators?.find((l) => l.kind === 'role' && l.name) ?? step.locators?.find((l) => l.kind !== 'css' && l.kind !== 'xpath');
  if (named) return named.kind === 'role' || named.kind === 'row' || named.kind === 'nth' ? (named.name ?? named.value) : plainValue(named);
  const aria = step.selectors?.flat().find((s) => s.startsWith('aria/'));
  if (aria) return aria.slice(5).replace(/\[role=.*\]$/, '');
  const first = step.selectors?.[0];
  return (Array.isArray(first) ? first.join(' ') : first) ?? 'the page';
}

function plainValue(locator: SkillLocator): string {
  return locator.kind === 'testid' ? locator.value.split('=').slice(1).join('=') || locator.value : locator.value;
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** Which copy of a repeated control, as its best locator says: "in the row for {{product}}", "in the first result". */
function whichCopy(step: Pick<SkillStep, 'locators'>): string {
  const first = step.locators?.[0];
  if (first?.kind === 'row' && first.within)
    return ` in the row for ${/^\{\{.*\}\}$/.test(first.within) ? first.within : quote(first.within)}`;
  if (first?.kind === 'nth') {
    const n = first.nth ?? 0;
    return ` in the ${ORDINALS[n] ?? `${n + 1}th`} result`;
  }
  return '';
}

/** The readable line for a step (without its number). */
export function describeStep(step: SkillStep): string {
  if (step.instruction) return step.instruction;
  const target = quote(targetName(step)) + whichCopy(step);
  switch (step.type) {
    case 'navigate':
      return `Go to ${step.url ?? 'the page'}`;
    case 'click':
      return `Click ${target}`;
    case 'doubleClick':
      return `Double-click ${target}`;
    case 'hover':
      return `Hover over ${target}`;
    case 'change':
      return `Type ${quote(step.value ?? '')} into ${target}`;
    case 'select':
      return `Select ${quote(step.value ?? '')} in ${target}`;
    case 'check':
      return `Check ${target}`;
    case 'uncheck':
      return `Uncheck ${target}`;
    case 'press':
      return `Press ${step.key ?? 'Enter'}${step.locators?.length ? ` in ${target}` : ''}`;
    case 'keyDown':
      return `Hold down ${step.key ?? 'a key'}`;
    case 'keyUp':
      return `Release ${step.key ?? 'a key'}`;
    case 'upload':
      return `Upload ${quote(step.fileName ?? 'a file')} to ${target}`;
    case 'scroll':
      return step.selectors?.length || step.locators?.length ? `Scroll ${target}` : `Scroll the page to ${step.x ?? 0}, ${step.y ?? 0}`;
    case 'switchTab':
      return `Switch to tab ${(step.tab ?? 0) + 1}`;
    case 'close':
      return 'Close the tab';
    case 'waitForElement':
      return `Wait for ${target}`;
    case 'waitForExpression':
      return `Wait until ${quote(typeof step.extra?.expression === 'string' ? step.extra.expression : 'the page is ready')} holds`;
    case 'setViewport':
      return `Set the window to ${size(step.extra?.width)}×${size(step.extra?.height)}`;
    case 'emulateNetworkConditions':
      return 'Emulate network conditions';
    case 'customStep':
      return `Run the custom step ${quote(typeof step.extra?.name === 'string' ? step.extra.name : 'unnamed')}`;
  }
}

function size(value: unknown): string {
  return typeof value === 'number' ? String(value) : '?';
}
