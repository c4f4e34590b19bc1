import { keyEffect, LOCATOR_SCHEMA, type Action, type ActOptions, type Effect } from '@wayfinder/core';
import { z } from 'zod';
import { BridgeError } from './errors';
import { BROWSER_METHODS, TAB_METHODS, type BrowserMethod, type TabMethod } from './protocol';

// What the browser accepts from the host, checked before anything runs (the host is
// trusted no further than a model), and what an action does in the terms core's policy
// judges (the effects the matching tool declares in tools/input.ts).

export const sessionOpen = z.object({ label: z.string().min(1).max(100), adopt: z.array(z.string().max(40)).max(50).default([]) });
export const tabParams = z.object({ tab: z.string().max(40), args: z.array(z.unknown()).max(4).default([]) });
const modifier = z.enum(['Alt', 'Control', 'Meta', 'Shift']);
export const action = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('click'),
    button: z.enum(['left', 'right', 'middle']).optional(),
    clickCount: z.union([z.literal(1), z.literal(2)]).optional(),
    modifiers: z.array(modifier).optional(),
  }),
  z.object({
    kind: z.literal('type'),
    text: z.string(),
    mode: z.enum(['insert', 'keys']).optional(),
    replace: z.boolean().optional(),
    submit: z.boolean().optional(),
  }),
  z.object({ kind: z.literal('press'), keys: z.string().max(200) }),
  z.object({ kind: z.literal('select'), values: z.array(z.string()), by: z.enum(['auto', 'value', 'label', 'index']).optional() }),
  z.object({ kind: z.literal('check'), checked: z.boolean() }),
  z.object({ kind: z.literal('hover') }),
  z.object({ kind: z.literal('drag'), toRef: z.string().optional(), offset: z.object({ x: z.number(), y: z.number() }).optional() }),
  z.object({
    kind: z.literal('scroll'),
    direction: z.enum(['up', 'down', 'left', 'right', 'top', 'bottom']),
    amount: z.number().optional(),
  }),
  z.object({ kind: z.literal('scroll-into-view') }),
  z.object({
    kind: z.literal('upload'),
    files: z.array(z.object({ name: z.string(), mimeType: z.string().optional(), data: z.string().optional() })).max(20),
  }),
]);
export const confirmParams = z.object({
  request: z.object({
    question: z.string().max(2000),
    kind: z.string().max(40),
    site: z.string().max(300),
    choices: z.enum(['once', 'site', 'done']),
    tool: z.string().max(100),
    input: z.unknown(),
  }),
});

/** What an action does, as the tool that would ask for it declares (tools/input.ts). */
export function actEffect(ref: string | null, act: Action): Effect {
  switch (act.kind) {
    case 'click':
      return { kind: 'act', how: 'click', ref };
    case 'type':
      return {
        kind: 'act',
        how: 'type',
        ref,
        text: act.text,
        submits: (act.submit ?? false) || (act.mode === 'keys' && /[\r\n]/.test(act.text)),
      };
    case 'press':
      return { kind: 'act', how: 'keys', ref, ...keyEffect(act.keys) };
    case 'select':
      return { kind: 'act', how: 'select', ref, values: act.values };
    case 'check':
      return { kind: 'act', how: 'check', ref };
    case 'hover':
      return { kind: 'act', how: 'hover', ref };
    case 'drag':
      return { kind: 'act', how: 'drag', ref, ...(act.toRef ? { toRef: act.toRef } : {}) };
    case 'scroll':
    case 'scroll-into-view':
      return { kind: 'act', how: 'scroll', ref };
    case 'upload':
      return { kind: 'act', how: 'upload', ref, files: act.files.map((f) => f.name) };
  }
}

export function isTabMethod(name: string): name is TabMethod {
  return TAB_METHODS.some((m) => m === name);
}

export function isBrowserMethod(name: string): name is BrowserMethod {
  return BROWSER_METHODS.some((m) => m === name);
}

export function badParams(method: string, detail: string): BridgeError {
  return new BridgeError('bad-params', `${method}: ${detail}`, false);
}

export function text(value: unknown, method: string, what: string): string {
  if (typeof value !== 'string') throw badParams(method, `${what} must be text.`);
  return value;
}

const actOptionsSchema = z.object({ settle: z.enum(['rendered', 'loaded']).optional() });

/** What an action waits for after it (core's ActOptions); absent: the default. */
export function actOptions(value: unknown, method: string): ActOptions {
  if (value === undefined || value === null) return {};
  const parsed = actOptionsSchema.safeParse(value);
  if (!parsed.success) throw badParams(method, `the action's options: ${parsed.error.issues[0]?.message ?? 'invalid'}.`);
  return parsed.data.settle ? { settle: parsed.data.settle } : {};
}

export const snapshotRequest = z.object({
  mode: z.enum(['viewport', 'full']).optional(),
  maxTokens: z.number().int().positive().optional(),
  diff: z.boolean().optional(),
});
export const waitCondition = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string(), gone: z.boolean().optional() }),
  z.object({ kind: z.literal('ref'), ref: z.string(), gone: z.boolean().optional() }),
  z.object({ kind: z.literal('navigation') }),
  z.object({ kind: z.literal('network-idle'), idleMs: z.number().optional() }),
  z.object({ kind: z.literal('time'), ms: z.number().min(0).max(300_000) }),
]);
export const screenshotRequest = z.object({
  ref: z.string().optional(),
  fullPage: z.boolean().optional(),
  marks: z.boolean().optional(),
  format: z.enum(['png', 'jpeg']).optional(),
  quality: z.number().optional(),
  scale: z.number().optional(),
});
export const locator = LOCATOR_SCHEMA;
