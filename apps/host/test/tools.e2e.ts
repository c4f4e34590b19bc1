import { ALL_TOOLS, runTask, ScriptedModel, type AgentEvent, type ModelSlot, type Script, type TaskResult } from '@wayfinder/core';
import { describe, expect, it } from 'vitest';
import { useGymAndBrowser } from './driver';

// Every tool, through the agent loop and the real driver: the ones the gym tasks do not
// reach (tabs, history, hover, keys, screenshots, HTML) and what the model reads back.

const driver = useGymAndBrowser((gym) => `${gym.url}/widgets`);

interface Run {
  result: TaskResult;
  events: AgentEvent[];
  /** What the model read back from each call, in order. */
  outputs: { name: string; ok: boolean; text: string; image: boolean }[];
}

async function run(steps: Script['steps'], vision = false): Promise<Run> {
  const events: AgentEvent[] = [];
  const model = new ScriptedModel({ steps });
  const actor: ModelSlot = { model, label: 'scripted', contextWindow: 100_000, toolMode: 'native', vision };
  // Recorded as each result first appears (later saves hold pruned copies).
  const seen = new Map<string, Run['outputs'][number]>();
  const result = await runTask({
    task: 'Exercise the tools',
    browser: driver.browser,
    models: { actor },
    tools: 'all',
    onEvent: (e) => events.push(e),
    store: {
      saveTask: (state) => {
        for (const part of state.messages.flatMap((m) => (m.role === 'tool' ? m.content : []))) {
          if (part.type !== 'tool-result' || seen.has(part.toolCallId)) continue;
          const output = part.output;
          seen.set(
            part.toolCallId,
            output.type === 'content'
              ? {
                  name: part.toolName,
                  ok: true,
                  text: output.value.map((v) => (v.type === 'text' ? v.text : '')).join(''),
                  image: output.value.some((v) => v.type === 'file'),
                }
              : {
                  name: part.toolName,
                  ok: output.type !== 'error-text',
                  text: output.type === 'text' || output.type === 'error-text' ? output.value : '',
                  image: false,
                },
          );
        }
        return Promise.resolve();
      },
      loadTask: () => Promise.resolve(null),
      listTasks: () => Promise.resolve([]),
    },
  });
  return { result, events, outputs: [...seen.values()] };
}

const call = (tool: string, args: Record<string, unknown> = {}) => ({ calls: [{ tool, args }] });
const done = call('done', { summary: 'ok', success: true });

describe('tools through the loop', () => {
  it('tabs: a link opens a tab, the model lists, switches, reads and closes it', async () => {
    const { result, outputs } = await run([
      call('find', { query: 'trail map link' }),
      call('click', { ref: '$ref(link "Open the trail map in a new tab")' }),
      call('list_tabs'),
      call('switch_tab', { tab: 'map' }),
      call('get_html', { selector: 'h1' }),
      call('close_tab'),
      call('list_tabs'),
      call('open_tab', { url: `${driver.gym.url}/feed` }),
      call('switch_tab', { tab: '1' }),
      call('switch_tab', { tab: 'nowhere' }),
      done,
    ]);
    expect(result.success).toBe(true);
    const [, click, listed, switched, html, closed, relisted, opened, back, missing] = outputs;
    expect(click?.text).toMatch(
      /^Clicked e\d+ \(link <page-text>Open the trail map in a new tab<\/page-text>\)\. It opened a new tab \[\w+\] <page-text>http:\/\/127\.0\.0\.1:\d+\/widgets\/map\.html<\/page-text>; switch to it to use it\./,
    );
    expect(listed?.text).toMatch(
      /^2 open tabs:\n1\. \[\w+\] \(current\) <page-text>Widgets — Trailhead Club<\/page-text> <page-text>http:\/\/127\.0\.0\.1:\d+\/widgets<\/page-text>\n2\. \[\w+\] <page-text>Trail map<\/page-text> <page-text>http:.*\/widgets\/map\.html<\/page-text>$/,
    );
    expect(switched?.text).toMatch(
      /^Switched to tab \[\w+\] <page-text>Trail map<\/page-text> <page-text>.*<\/page-text>\.\n\nWhat is in view:\n<page-content/,
    );
    expect(html?.text).toMatch(/^<page-content source="h1">\n<h1[^>]*>[^<]*<\/h1>\n<\/page-content>$/);
    expect(closed?.text).toMatch(
      /^Closed tab \[\w+\] <page-text>Trail map<\/page-text> <page-text>.*<\/page-text>\.\n\nWorking in tab \[\w+\] <page-text>Widgets — Trailhead Club<\/page-text> <page-text>.*<\/page-text> now\.\n\nWhat is in view:/,
    );
    expect(relisted?.text).toMatch(/^1 open tab:\n1\. /);
    expect(opened?.text).toMatch(/^Opened a new tab \[\w+\] at <page-text>.*\/feed<\/page-text>; working in it now\./);
    expect(back?.text).toMatch(/^Switched to tab \[\w+\] <page-text>Widgets — Trailhead Club<\/page-text>/);
    expect(missing?.ok).toBe(false);
    expect(missing?.text).toMatch(/^No tab matches "nowhere"\. Open tabs: \[\w+\] <page-text>/);
    expect(await driver.browser.tabs()).toHaveLength(2);
  });

  it('history: navigate, back, forward, reload', async () => {
    const { result, outputs } = await run([
      call('navigate', { url: `${driver.gym.url}/feed` }),
      call('go_back'),
      call('go_forward'),
      call('reload'),
      call('navigate', { url: 'not a url at all' }),
      done,
    ]);
    expect(result.success).toBe(true);
    expect(outputs.map((o) => o.ok)).toEqual([true, true, true, true, false, true]);
    expect(outputs[0]?.text).toMatch(
      /^Opened <page-text>http:.*\/feed<\/page-text> \(<page-text>Trail feed<\/page-text>\)\.\n\nA new page loaded; what is in view:\n<page-content/,
    );
    expect(outputs[1]?.text).toMatch(/\/widgets/);
    expect(outputs[2]?.text).toMatch(/\/feed/);
    expect(outputs[4]?.text).toContain('is not an address');
    expect((await (await driver.browser.activeTab()).info()).url).toBe(`${driver.gym.url}/feed`);
  });

  it('hover opens a menu, the change shows in the result; keys close it', async () => {
    const {
      outputs: [, ...outputs],
    } = await run([
      call('find', { query: 'Trail menu' }),
      call('hover', { ref: '$ref(button "Trail menu")' }),
      call('press_key', { keys: 'Escape' }),
      call('think', { thought: 'The menu is open.' }),
      done,
    ]);
    expect(outputs[0]?.text).toMatch(
      /^Moved the mouse over e\d+ \(button <page-text>Trail menu<\/page-text>\)\.[\s\S]*\+ \[e\d+\] menuitem "Favourite routes"/,
    );
    expect(outputs[1]?.text).toMatch(/^Pressed Escape/);
    expect(outputs[2]?.text).toBe('Noted.');
  });

  it('screenshots reach a vision model as images, and a text-only model as a note', async () => {
    const seeing = await run([call('screenshot', { marks: true }), done], true);
    expect(seeing.outputs[0]?.image).toBe(true);
    expect(seeing.outputs[0]?.text).toMatch(/^Screenshot \d+×800 with \d+ controls labelled\.$/);
    const blind = await run([call('screenshot'), done], false);
    expect(blind.outputs[0]?.image).toBe(false);
    expect(blind.outputs[0]?.text).toMatch(
      /^Screenshot \d+×800\.\n\(The image is not shown: this model does not take images\. Use snapshot or find to read the page\.\)$/,
    );
  });

  it('a stale ref after the page changed is an error the model can recover from', async () => {
    const { result, outputs } = await run([
      call('snapshot'),
      call('navigate', { url: `${driver.gym.url}/feed` }),
      call('click', { ref: 'e3' }),
      call('find', { query: 'Settings button' }),
      done,
    ]);
    expect(result.success).toBe(true);
    expect(outputs[2]).toMatchObject({ ok: false });
    expect(outputs[2]?.text).toBe('Ref e3 is not in the current snapshot; take a new snapshot and use a ref from it.');
  });

  it('a tab closed under the task: the next call works in the tab that remains', async () => {
    const extra = await driver.browser.openTab(`${driver.gym.url}/feed`);
    const { result, outputs } = await run([
      call('think', { thought: 'start' }),
      call('close_tab', { tab: extra.id }),
      call('snapshot'),
      done,
    ]);
    expect(result.success).toBe(true);
    expect(outputs[2]?.text).toMatch(/Page "Widgets — Trailhead Club"/);
  });

  it('every tool the issue lists exists', () => {
    const names = ALL_TOOLS.map((t) => t.name);
    for (const name of [
      'navigate',
      'go_back',
      'go_forward',
      'reload',
      'open_tab',
      'switch_tab',
      'close_tab',
      'list_tabs',
      'snapshot',
      'find',
      'click',
      'type_text',
      'press_key',
      'select_option',
      'check',
      'hover',
      'drag',
      'scroll',
      'upload_file',
      'wait_for',
      'screenshot',
      'extract_content',
      'get_html',
      'think',
      'ask_user',
      'done',
    ]) {
      expect(names).toContain(name);
    }
  });
});
