import { z } from 'zod';
import { BrowserError } from '../browser/errors';
import type { FileInput } from '../browser/port';
import { defineTabTool } from './define';
import { keyEffect } from '../policy/effects';
import { actOptions, attachPageAfter, reportOutcome } from './page-state';

// Acting on the page with refs from the latest snapshot. Each result says what happened
// and carries what changed, so the model can go on without another snapshot.

const ref = z.string().min(1).max(40).describe('Element ref from the page state, e.g. e12');

export const inputTools = [
  defineTabTool({
    name: 'click',
    core: true,
    description: 'Click an element.',
    input: z.object({
      ref,
      button: z.enum(['left', 'right', 'middle']).optional().describe('Default left'),
      double: z.boolean().optional().describe('Double-click'),
    }),
    effects: ({ ref }) => [{ kind: 'act', how: 'click', ref }],
    run: async (tab, input, response, ctx) => {
      const outcome = await tab.act(
        input.ref,
        {
          kind: 'click',
          ...(input.button ? { button: input.button } : {}),
          ...(input.double ? { clickCount: 2 } : {}),
        },
        actOptions(ctx),
      );
      reportOutcome(outcome, response);
      await attachPageAfter(tab, outcome, response, ctx);
    },
  }),
  defineTabTool({
    name: 'type_text',
    core: true,
    description: 'Type into a field, replacing its text.',
    input: z.object({
      ref,
      text: z.string().max(10_000).describe('Text to type'),
      append: z.boolean().optional().describe('Add to the existing text'),
      submit: z.boolean().optional().describe('Press Enter after (submits)'),
      key_by_key: z.boolean().optional().describe('Key by key, for widgets that need keystrokes'),
    }),
    // Typed key by key, a line break is an Enter key.
    effects: ({ ref, text, submit, key_by_key }) => [
      { kind: 'act', how: 'type', ref, text, submits: (submit ?? false) || (key_by_key === true && /[\r\n]/.test(text)) },
    ],
    run: async (tab, input, response, ctx) => {
      // Secret placeholders become their values only here, after the policy allowed this field.
      const text = ctx.fillSecrets(input.text);
      const outcome = await tab.act(
        input.ref,
        {
          kind: 'type',
          text,
          replace: !input.append,
          submit: input.submit ?? false,
          mode: input.key_by_key ? 'keys' : 'insert',
        },
        actOptions(ctx),
      );
      reportOutcome(outcome, response);
      await attachPageAfter(tab, outcome, response, ctx);
    },
  }),
  defineTabTool({
    name: 'press_key',
    core: true,
    description: 'Press a key or chord.',
    input: z.object({
      keys: z.string().min(1).describe('e.g. Enter, Escape, ArrowDown, Shift+Tab, Ctrl+A'),
      ref: z.string().optional().describe('Element to focus first'),
    }),
    effects: ({ ref, keys }) => [{ kind: 'act', how: 'keys', ref: ref ?? null, ...keyEffect(keys) }],
    run: async (tab, input, response, ctx) => {
      const outcome = await tab.act(input.ref ?? null, { kind: 'press', keys: input.keys }, actOptions(ctx));
      reportOutcome(outcome, response);
      await attachPageAfter(tab, outcome, response, ctx);
    },
  }),
  defineTabTool({
    name: 'select_option',
    core: true,
    description: 'Choose option(s) in a dropdown or listbox.',
    input: z.object({
      ref,
      values: z.array(z.string()).min(1).describe('Option labels or values'),
      by: z.enum(['auto', 'label', 'value', 'index']).optional().describe('Match by (default auto)'),
    }),
    effects: ({ ref, values }) => [{ kind: 'act', how: 'select', ref, values }],
    run: async (tab, input, response, ctx) => {
      const outcome = await tab.act(input.ref, { kind: 'select', values: input.values, by: input.by ?? 'auto' }, actOptions(ctx));
      reportOutcome(outcome, response);
      await attachPageAfter(tab, outcome, response, ctx);
    },
  }),
  defineTabTool({
    name: 'check',
    core: true,
    description: 'Check or uncheck a checkbox, radio or switch.',
    input: z.object({ ref, checked: z.boolean().optional().describe('false to uncheck') }),
    effects: ({ ref }) => [{ kind: 'act', how: 'check', ref }],
    run: async (tab, input, response, ctx) => {
      const outcome = await tab.act(input.ref, { kind: 'check', checked: input.checked ?? true }, actOptions(ctx));
      reportOutcome(outcome, response);
      await attachPageAfter(tab, outcome, response, ctx);
    },
  }),
  defineTabTool({
    name: 'scroll',
    core: true,
    description: 'Scroll the page or an element; "to" brings ref into view.',
    input: z.object({
      direction: z.enum(['up', 'down', 'left', 'right', 'top', 'bottom', 'to']).describe('Where to'),
      ref: z.string().optional().describe('Element to scroll to, or in'),
      amount: z.number().int().min(1).max(20_000).optional().describe('Pixels (default a screen)'),
    }),
    effects: ({ ref }) => [{ kind: 'act', how: 'scroll', ref: ref ?? null }],
    run: async (tab, input, response, ctx) => {
      if (input.direction === 'to' && !input.ref)
        throw new BrowserError('bad-argument', 'scroll "to" needs the ref of the element to bring into view.', false);
      const outcome =
        input.direction === 'to'
          ? await tab.act(input.ref ?? null, { kind: 'scroll-into-view' }, actOptions(ctx))
          : await tab.act(
              input.ref ?? null,
              {
                kind: 'scroll',
                direction: input.direction,
                ...(input.amount ? { amount: input.amount } : {}),
              },
              actOptions(ctx),
            );
      reportOutcome(outcome, response);
      await attachPageAfter(tab, outcome, response, ctx);
    },
  }),
  defineTabTool({
    name: 'hover',
    description: 'Move the mouse over an element (opens hover menus and tooltips).',
    input: z.object({ ref }),
    effects: ({ ref }) => [{ kind: 'act', how: 'hover', ref }],
    run: async (tab, input, response, ctx) => {
      const outcome = await tab.act(input.ref, { kind: 'hover' }, actOptions(ctx));
      reportOutcome(outcome, response);
      await attachPageAfter(tab, outcome, response, ctx);
    },
  }),
  defineTabTool({
    name: 'drag',
    description: 'Drag an element onto another (to_ref) or by an offset in pixels (sliders, reordering).',
    input: z.object({
      ref,
      to_ref: z.string().optional().describe('The element to drop onto'),
      offset_x: z.number().optional().describe('Horizontal distance in pixels (instead of to_ref)'),
      offset_y: z.number().optional().describe('Vertical distance in pixels (instead of to_ref)'),
    }),
    effects: ({ ref, to_ref }) => [{ kind: 'act', how: 'drag', ref, ...(to_ref ? { toRef: to_ref } : {}) }],
    run: async (tab, input, response, ctx) => {
      const outcome = await tab.act(
        input.ref,
        input.to_ref ? { kind: 'drag', toRef: input.to_ref } : { kind: 'drag', offset: { x: input.offset_x ?? 0, y: input.offset_y ?? 0 } },
        actOptions(ctx),
      );
      reportOutcome(outcome, response);
      await attachPageAfter(tab, outcome, response, ctx);
    },
  }),
  defineTabTool({
    name: 'upload_file',
    description:
      'Put a file into a file input (or the chooser a button opens): give its name and its text, or its base64 contents, or a path.',
    input: z.object({
      ref,
      name: z.string().min(1).describe('File name, e.g. report.txt'),
      text: z.string().optional().describe("The file's contents as text"),
      base64: z.string().optional().describe("The file's contents, base64-encoded (for binary files)"),
      path: z.string().optional().describe('A path to an existing file (only where the browser runs on this machine)'),
      mime_type: z.string().optional().describe('Media type, e.g. text/plain (guessed from the name if left out)'),
    }),
    effects: ({ ref, name }) => [{ kind: 'act', how: 'upload', ref, files: [name] }],
    run: async (tab, input, response, ctx) => {
      const file: FileInput = { name: input.name, mimeType: input.mime_type ?? guessType(input.name) };
      if (input.text !== undefined) file.data = base64Of(input.text);
      else if (input.base64 !== undefined) file.data = input.base64;
      else if (input.path !== undefined) file.path = input.path;
      else throw new BrowserError('bad-argument', "Give the file's contents (text or base64) or a path.", false);
      const outcome = await tab.act(input.ref, { kind: 'upload', files: [file] }, actOptions(ctx));
      reportOutcome(outcome, response);
      await attachPageAfter(tab, outcome, response, ctx);
    },
  }),
];

function guessType(name: string): string {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  const types: Record<string, string> = {
    txt: 'text/plain',
    md: 'text/markdown',
    csv: 'text/csv',
    json: 'application/json',
    html: 'text/html',
    pdf: 'application/pdf',
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    webp: 'image/webp',
    gpx: 'application/gpx+xml',
  };
  return types[ext] ?? 'application/octet-stream';
}

/** Base64 of UTF-8 text, without Node's Buffer (core runs in a service worker too). */
function base64Of(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
