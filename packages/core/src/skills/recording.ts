import type { ElementFacts } from '../browser/port';
import { siteKey, siteOf } from '../browser/hosts';
import { hasCardNumber } from '../policy/cards';
import { isPaymentField, sensitiveKind } from '../policy/classify';
import { generalise } from './generalise';
import { inferInputs } from './inputs';
import { pathOf } from './postconditions';
import type { Skill, SkillLocator, SkillRisk, SkillStep } from './types';

// From what a person did to a skill. The capture side (CDP in the driver, or the extension)
// reports raw events — clicks, field values, keys, navigations, tabs, scrolls, uploads,
// requests, notes — each element with its ranked locators and the facts the policy reads.
// Here they become steps a replay can run: a field's final value (not keystrokes), keys that
// matter, a link's navigation as the click's expectation, scrolls only where replay would
// not scroll by itself, requests as evidence, and never a secret or a card number.

/** An element as the capture side describes it. */
export interface RecordedTarget {
  locators: SkillLocator[];
  facts: ElementFacts;
}

export type RecordedEvent =
  | { kind: 'click'; target: RecordedTarget; count?: 1 | 2; offsetX?: number; offsetY?: number }
  /** A field's value after the person's input (the capture side may send every change; the last one wins). */
  /** `withheld`: the capture kept a confidential field's value in the page (a card detail): it becomes an input given at replay. */
  | { kind: 'input'; target: RecordedTarget; value: string; withheld?: boolean }
  | { kind: 'select'; target: RecordedTarget; value: string }
  | { kind: 'check'; target: RecordedTarget; checked: boolean }
  | { kind: 'key'; key: string; modifiers?: string[]; target?: RecordedTarget }
  | { kind: 'navigate'; url: string; via: 'typed' | 'link' | 'script' | 'reload' | 'history'; title?: string }
  | { kind: 'newTab'; url: string; tab: number }
  | { kind: 'switchTab'; tab: number }
  | { kind: 'upload'; target: RecordedTarget; fileNames: string[] }
  | { kind: 'scroll'; x: number; y: number; target?: RecordedTarget }
  | { kind: 'request'; method: string; url: string }
  | { kind: 'note'; text: string };

export interface RecordingContext {
  name: string;
  description?: string;
  /** Names of the stored secrets for a site (the recorder uses the one when there is exactly one). */
  secretsFor: (site: string) => string[];
  recordedAt?: string;
}

const MATTERING_KEYS = new Set([
  'Enter',
  'Escape',
  'Tab',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'PageDown',
  'PageUp',
  'Home',
  'End',
  'Delete',
]);
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameTarget(a: RecordedTarget | undefined, b: RecordedTarget | undefined): boolean {
  if (!a || !b) return false;
  const key = (t: RecordedTarget) => JSON.stringify(t.locators[0] ?? t.facts.name);
  return key(a) === key(b);
}

function nameOf(target: RecordedTarget): string {
  return target.facts.name || target.facts.names[0] || target.locators.find((l) => l.kind !== 'css')?.value || 'the element';
}

function siteFor(url: string): string {
  const host = siteOf(url);
  return host ? siteKey(host) : '';
}

/** A key press worth replaying: Enter, Escape, navigation keys, and shortcuts (a key with Ctrl, Alt or Meta). */
export function keyMatters(key: string, modifiers: string[] = []): boolean {
  return MATTERING_KEYS.has(key) || modifiers.some((m) => m === 'Control' || m === 'Alt' || m === 'Meta');
}

/** The skill a recording makes (inputs inferred, secrets as names, payment fields as inputs without examples). */
export function skillFromRecording(events: RecordedEvent[], context: RecordingContext): Skill {
  const steps: SkillStep[] = [];
  const secrets = new Set<string>();
  const paymentInputs: string[] = [];
  let pendingNote: string | null = null;
  let currentUrl = '';
  /** Where the link the last click hit pointed ('' when it was no link): a navigation to it is the link's, not a fixed address. */
  let clickedHref = '';
  let risk: SkillRisk = 'low';
  const sites = new Set<string>();
  const raise = (to: SkillRisk) => {
    if (to === 'high' || (to === 'medium' && risk === 'low')) risk = to;
  };
  const push = (step: SkillStep) => {
    if (pendingNote) {
      step.note = pendingNote;
      pendingNote = null;
    }
    steps.push(step);
  };
  const last = () => steps[steps.length - 1];

  for (let i = 0; i < events.length; i++) {
    const event = events[i];
    if (!event) continue;
    const next = events[i + 1];
    if (event.kind === 'click') clickedHref = event.target.facts.href;
    else if (event.kind !== 'navigate' && event.kind !== 'request' && event.kind !== 'note') clickedHref = '';
    switch (event.kind) {
      case 'navigate': {
        if (event.url) sites.add(siteFor(event.url));
        const previous = last();
        if (steps.length === 0 || event.via === 'typed' || event.via === 'reload' || event.via === 'history' || !previous) {
          push({ type: 'navigate', url: event.url, ...(event.via === 'typed' || steps.length === 0 ? { via: 'typed' as const } : {}) });
        } else {
          // Reached by the step before (a link, a submit, a script): what that step should lead to — where its link
          // points, or the path (made a pattern once the inputs are known: generalise.ts).
          const byLink = clickedHref !== '' && pathOf(clickedHref) === pathOf(event.url) && previous.type === 'click';
          // Back to the page it was on (a form that posts to itself, an "Add" that reloads the item's page): that page, whichever.
          const same = !byLink && currentUrl !== '' && pathOf(currentUrl) === pathOf(event.url);
          const match = byLink ? ('link' as const) : same ? ('same' as const) : ('path' as const);
          const expectation = { kind: 'url' as const, value: pathOf(event.url), match };
          previous.expect = [...(previous.expect ?? []).filter((e) => e.kind !== 'url'), expectation];
          previous.assertedEvents = [{ type: 'navigation', url: event.url, ...(event.title !== undefined ? { title: event.title } : {}) }];
        }
        currentUrl = event.url;
        break;
      }
      case 'click': {
        const { target } = event;
        // A click that only put the caret in a field, or ticked what a check event reports, is not a step of its own.
        if (
          (target.facts.editable && next?.kind === 'input' && sameTarget(next.target, target)) ||
          ((next?.kind === 'check' || next?.kind === 'select' || next?.kind === 'upload') && sameTarget(next.target, target))
        )
          break;
        if (sensitiveKind(nameOf(target))) raise('high');
        push({
          type: event.count === 2 ? 'doubleClick' : 'click',
          locators: target.locators,
          targetName: nameOf(target),
          ...(event.offsetX !== undefined ? { offsetX: event.offsetX, offsetY: event.offsetY ?? 0 } : {}),
        });
        break;
      }
      case 'input': {
        // The field's final value: later inputs into the same field, before anything else, win.
        if (next?.kind === 'input' && sameTarget(next.target, event.target)) break;
        const { facts } = event.target;
        const site = siteFor(facts.frameUrl || currentUrl);
        let value = event.value;
        if (facts.secret || /password/.test(facts.autocomplete)) {
          const stored = context.secretsFor(site);
          const name = stored.length === 1 && stored[0] ? stored[0] : `${site || 'site'}-password`;
          secrets.add(name);
          value = `{{secret:${name}}}`;
        } else if (isPaymentField(facts) || hasCardNumber(value) || event.withheld) {
          // Never stored: an input the person gives at replay, with no example.
          const name = `payment_${paymentInputs.length + 1}`;
          paymentInputs.push(name);
          value = `{{${name}}}`;
          raise('high');
        }
        // Typed again after a step in between: the same field gets its new value as a step of its own.
        push({ type: 'change', value, locators: event.target.locators, targetName: nameOf(event.target) });
        break;
      }
      case 'select': {
        // A select chosen by typing its option's name passes through the options on the way (United Arab Emirates, United
        // Kingdom): only where it ended counts — the next select of the same element, with only requests between, wins.
        const following = events.slice(i + 1).find((e) => e.kind !== 'request' && e.kind !== 'note');
        if (following?.kind === 'select' && sameTarget(following.target, event.target)) break;
        const previous = last();
        if (
          previous?.type === 'select' &&
          previous.locators &&
          sameTarget({ locators: previous.locators, facts: event.target.facts }, event.target)
        ) {
          previous.value = event.value;
          break;
        }
        push({ type: 'select', value: event.value, locators: event.target.locators, targetName: nameOf(event.target) });
        break;
      }
      case 'check':
        push({ type: event.checked ? 'check' : 'uncheck', locators: event.target.locators, targetName: nameOf(event.target) });
        break;
      case 'key':
        if (!keyMatters(event.key, event.modifiers)) break;
        // Where the key went (a search field's Enter): replay presses it there, not wherever focus happens to be.
        push({
          type: 'press',
          key: [...(event.modifiers ?? []), event.key].join('+'),
          ...(event.target?.locators.length ? { locators: event.target.locators, targetName: nameOf(event.target) } : {}),
        });
        break;
      case 'newTab':
      case 'switchTab':
        push({ type: 'switchTab', tab: event.tab });
        if (event.kind === 'newTab' && event.url && event.url !== 'about:blank') {
          sites.add(siteFor(event.url));
          currentUrl = event.url;
        }
        break;
      case 'upload':
        push({ type: 'upload', fileName: event.fileNames.join(', '), locators: event.target.locators, targetName: nameOf(event.target) });
        break;
      case 'scroll': {
        // Replay scrolls an element into view before acting on it: only a scroll that no action follows is kept.
        const following = events.slice(i + 1).find((e) => e.kind !== 'scroll' && e.kind !== 'request' && e.kind !== 'note');
        const acts = following && 'target' in following && following.target !== undefined && following.kind !== 'key';
        if (next?.kind === 'scroll' || acts) break;
        push({
          type: 'scroll',
          x: event.x,
          y: event.y,
          ...(event.target ? { locators: event.target.locators, targetName: nameOf(event.target) } : {}),
        });
        break;
      }
      case 'request': {
        const method = event.method.toUpperCase();
        const previous = last();
        if (!MUTATING.has(method) || !previous) break;
        const evidence = { method, path: pathOf(event.url) };
        if (!previous.evidence?.some((e) => e.method === evidence.method && e.path === evidence.path))
          previous.evidence = [...(previous.evidence ?? []), evidence];
        raise('medium');
        break;
      }
      case 'note': {
        const previous = last();
        if (previous) previous.note = previous.note ? `${previous.note} ${event.text}` : event.text;
        else pendingNote = pendingNote ? `${pendingNote} ${event.text}` : event.text;
        break;
      }
    }
  }

  const skill: Skill = {
    name: context.name,
    description: context.description ?? '',
    version: 1,
    sites: [...sites].filter(Boolean),
    inputs: paymentInputs.map((name, i) => ({
      name,
      type: 'string',
      description: `A payment detail (${i + 1}); never stored — give it when the skill runs`,
      examples: [],
      required: true,
    })),
    secrets: [...secrets],
    risk,
    recordedAt: context.recordedAt ?? new Date().toISOString(),
    repairs: [],
    steps,
  };
  return generalise(inferInputs(skill));
}
