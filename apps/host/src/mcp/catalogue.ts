import { changesNothing, toolSchema, type Tool, type ToolRegistry } from '@wayfinder/core';

// The tools `wayfinder mcp` offers: ours, under the names MCP users know from Playwright MCP
// (browser_click, browser_type …), each a thin mapping onto one of our tools, so every call
// takes the one gated path (the ToolRunner: policy, confirmations, secrets, fencing).
// Annotations come from what each tool declares it does (its effects): a tool that changes
// nothing is read-only; any other may change what it acts on.

export interface McpCall {
  /** Our tool. */
  name: string;
  input: Record<string, unknown>;
}

export interface McpTool {
  name: string;
  description: string;
  inputSchema: { type: 'object'; properties?: Record<string, unknown>; required?: string[]; [key: string]: unknown };
  annotations: { title: string; readOnlyHint: boolean; destructiveHint: boolean; openWorldHint: boolean };
  /** Our tools it calls (for availability: memory and skills tools only where there is memory, skills). */
  uses: string[];
  /** An action: `snapshot: true` adds the whole page after it (what changed comes anyway). */
  acts: boolean;
  /**
   * Our calls for these arguments, done in order (each through the gated path; the first that
   * fails ends the tool), or a message saying what is wrong with them.
   */
  call(args: Record<string, unknown>): McpCall[] | { problem: string };
}

/** Ours → the MCP name (the same name where no convention exists: memory and skills). */
const RENAMED: Record<string, string> = {
  navigate: 'browser_navigate',
  go_back: 'browser_navigate_back',
  go_forward: 'browser_navigate_forward',
  reload: 'browser_reload',
  snapshot: 'browser_snapshot',
  click: 'browser_click',
  type_text: 'browser_type',
  select_option: 'browser_select_option',
  press_key: 'browser_press_key',
  check: 'browser_check',
  hover: 'browser_hover',
  drag: 'browser_drag',
  scroll: 'browser_scroll',
  upload_file: 'browser_file_upload',
  wait_for: 'browser_wait_for',
  screenshot: 'browser_take_screenshot',
  // Not Playwright MCP's browser_find (other arguments): ours finds controls by a description.
  find: 'browser_find_controls',
  extract_content: 'browser_extract',
  get_html: 'browser_get_html',
  search_memory: 'search_memory',
  remember_fact: 'remember_fact',
  recall_tasks: 'recall_tasks',
  list_skills: 'list_skills',
  run_skill: 'run_skill',
};

const TITLES: Record<string, string> = {
  browser_navigate: 'Go to an address',
  browser_snapshot: 'Read the page',
  browser_tabs: 'List, open, switch or close tabs',
  browser_close: 'Close the page',
  browser_fill_form: 'Fill a form',
};

function annotations(name: string, readOnly: boolean): McpTool['annotations'] {
  return {
    title: TITLES[name] ?? name.replace(/^browser_/, '').replace(/_/g, ' '),
    readOnlyHint: readOnly,
    destructiveHint: !readOnly,
    openWorldHint: true,
  };
}

/** Whether the tool acts on the page (its result then offers the whole page after it): it works in a tab and changes something. */
function actsOnPage(tool: Tool): boolean {
  return tool.needs.includes('tab') && !changesNothing(tool.effects);
}

const SNAPSHOT_FLAG = {
  type: 'boolean',
  description: 'Also return a full snapshot of the page after the action (by default only what changed comes back)',
};

const TAB_ACTIONS = ['list', 'new', 'select', 'close'] as const;

/** browser_tabs: one tool for the four tab tools, as MCP clients expect. */
function tabsTool(): McpTool {
  return {
    name: 'browser_tabs',
    description: 'List the open tabs, open a new one (optionally at an address), switch to one, or close one.',
    inputSchema: {
      type: 'object',
      properties: {
        action: { type: 'string', enum: [...TAB_ACTIONS], description: 'list, new, select or close' },
        index: {
          type: 'integer',
          minimum: 1,
          description: 'For select and close: the tab, as numbered by list (1 = first); close without it closes the current tab',
        },
        url: { type: 'string', description: 'For new: the address to open' },
      },
      required: ['action'],
      additionalProperties: false,
    },
    annotations: annotations('browser_tabs', false),
    uses: ['list_tabs', 'open_tab', 'switch_tab', 'close_tab'],
    acts: false,
    call: ({ action, index, url }) => {
      if (action === 'list') return [{ name: 'list_tabs', input: {} }];
      if (action === 'new') return [{ name: 'open_tab', input: typeof url === 'string' ? { url } : {} }];
      const at = typeof index === 'number' && Number.isInteger(index) && index >= 1 ? String(index) : null;
      if (action === 'select')
        return at
          ? [{ name: 'switch_tab', input: { tab: at } }]
          : { problem: 'select needs index: the tab as numbered by list (1 = first).' };
      if (action === 'close') return [{ name: 'close_tab', input: at ? { tab: at } : {} }];
      return { problem: `action must be one of ${TAB_ACTIONS.join(', ')}.` };
    },
  };
}

/** browser_close, as Playwright MCP has it: closes the page (the tab the session works in). */
function closeTool(): McpTool {
  return {
    name: 'browser_close',
    description: 'Close the page (the current tab).',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    annotations: annotations('browser_close', false),
    uses: ['close_tab'],
    acts: false,
    call: () => [{ name: 'close_tab', input: {} }],
  };
}

const FIELD_TYPES = ['textbox', 'checkbox', 'radio', 'combobox'] as const;

/**
 * browser_fill_form, with Playwright MCP's arguments: several fields at once, each one of our
 * calls in turn (type_text, check, select_option) — each judged by the policy like any call,
 * and the first that fails stops the rest.
 */
function fillFormTool(): McpTool {
  return {
    name: 'browser_fill_form',
    description: 'Fill several form fields at once: text boxes, checkboxes, radio buttons and dropdowns, by their refs.',
    inputSchema: {
      type: 'object',
      properties: {
        fields: {
          type: 'array',
          minItems: 1,
          maxItems: 50,
          description: 'The fields to fill, in order',
          items: {
            type: 'object',
            properties: {
              name: { type: 'string', description: 'The field as a person would name it' },
              type: { type: 'string', enum: [...FIELD_TYPES], description: 'What kind of field it is' },
              ref: { type: 'string', description: 'Its ref from the page snapshot, e.g. e12' },
              value: {
                type: 'string',
                description: 'Text for a textbox, "true" or "false" for a checkbox, "true" for a radio button, the option for a combobox',
              },
            },
            required: ['name', 'type', 'ref', 'value'],
            additionalProperties: false,
          },
        },
      },
      required: ['fields'],
      additionalProperties: false,
    },
    annotations: annotations('browser_fill_form', false),
    uses: ['type_text', 'check', 'select_option'],
    acts: true,
    call: ({ fields }) => {
      const list: unknown[] = Array.isArray(fields) ? fields : [];
      if (!list.length) return { problem: 'fields must be a list of { name, type, ref, value }.' };
      const calls: McpCall[] = [];
      for (const [i, field] of list.entries()) {
        const f: Record<string, unknown> = typeof field === 'object' && field !== null ? { ...field } : {};
        const { type, ref, value } = f;
        const which = `field ${i + 1}${typeof f.name === 'string' ? ` (${f.name})` : ''}`;
        if (typeof ref !== 'string' || !ref) return { problem: `${which} needs its ref from the snapshot.` };
        if (typeof value !== 'string') return { problem: `${which} needs a value, as text.` };
        if (type === 'textbox') calls.push({ name: 'type_text', input: { ref, text: value } });
        else if (type === 'checkbox') {
          if (value !== 'true' && value !== 'false') return { problem: `${which} is a checkbox: its value is "true" or "false".` };
          calls.push({ name: 'check', input: { ref, checked: value === 'true' } });
        } else if (type === 'radio') {
          if (value !== 'true') return { problem: `${which} is a radio button: choose it with "true" (choose another to unselect it).` };
          calls.push({ name: 'check', input: { ref, checked: true } });
        } else if (type === 'combobox') calls.push({ name: 'select_option', input: { ref, values: [value] } });
        else return { problem: `${which} has type "${String(type)}"; use one of ${FIELD_TYPES.join(', ')}.` };
      }
      return calls;
    },
  };
}

/** Every MCP tool our registry can back, in a stable order. */
export function mcpCatalogue(registry: ToolRegistry): McpTool[] {
  const tools: McpTool[] = [];
  for (const [ours, name] of Object.entries(RENAMED)) {
    const tool = registry.get(ours);
    if (!tool) continue;
    const schema = toolSchema(tool);
    const acts = actsOnPage(tool);
    const properties = { ...(typeof schema.properties === 'object' && schema.properties !== null ? schema.properties : {}) };
    const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
    tools.push({
      name,
      description: tool.description,
      inputSchema: {
        type: 'object',
        properties: acts ? { ...properties, snapshot: SNAPSHOT_FLAG } : properties,
        required,
        additionalProperties: false,
      },
      annotations: annotations(name, changesNothing(tool.effects)),
      uses: [ours],
      acts,
      call: (args) => {
        const input = { ...args };
        delete input.snapshot;
        return [{ name: ours, input }];
      },
    });
  }
  tools.push(tabsTool(), closeTool(), fillFormTool());
  return tools;
}
