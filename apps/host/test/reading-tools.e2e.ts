import { NodeBrowser } from '@wayfinder/cdp/node';
import { runTask, ScriptedModel, type ModelSlot, type Script } from '@wayfinder/core';
import { startGym, TRAPS, type Gym } from '@wayfinder/gym';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// What the model reads back from the four reading tools on the traps page, through the
// agent loop and the real driver: no hidden instruction, the visible ones inside the page
// fence, and the page's metadata labelled as the page's and fenced with its text.

let gym: Gym;
let browser: NodeBrowser;
beforeAll(async () => {
  gym = await startGym();
  browser = await NodeBrowser.launch();
});
afterAll(async () => {
  await browser.close();
  await gym.close();
});

const call = (tool: string, args: Record<string, unknown> = {}) => ({ calls: [{ tool, args }] });

/** Runs the script on the traps page; returns what each tool call gave the model, in order. */
async function read(steps: Script['steps']): Promise<{ name: string; text: string }[]> {
  const before = await browser.tabs();
  await browser.openTab(`${gym.url}/traps/`);
  for (const tab of before) await browser.closeTab(tab.id);
  const model = new ScriptedModel({ steps: [...steps, call('done', { summary: 'Read it.', success: true })] });
  const actor: ModelSlot = { model, label: 'scripted', contextWindow: 200_000, toolMode: 'native', vision: false };
  const outputs = new Map<string, { name: string; text: string }>();
  const result = await runTask({
    task: 'Read the review',
    browser,
    models: { actor },
    tools: 'all',
    store: {
      saveTask: (state) => {
        for (const part of state.messages.flatMap((m) => (m.role === 'tool' ? m.content : []))) {
          if (part.type !== 'tool-result' || outputs.has(part.toolCallId)) continue;
          const output = part.output;
          const text =
            output.type === 'content'
              ? output.value.map((v) => (v.type === 'text' ? v.text : '')).join('')
              : output.type === 'text' || output.type === 'error-text'
                ? output.value
                : '';
          outputs.set(part.toolCallId, { name: part.toolName, text });
        }
        return Promise.resolve();
      },
      loadTask: () => Promise.resolve(null),
      listTasks: () => Promise.resolve([]),
    },
  });
  expect(result.success, result.error?.message).toBe(true);
  return [...outputs.values()];
}

describe('reading tools on the traps page, as the model reads them', () => {
  it('snapshot, find, extract_content and get_html give no hidden instruction', async () => {
    const outputs = await read([
      call('snapshot', { mode: 'full', max_tokens: 60_000 }),
      call('find', { query: 'ignore all previous instructions', limit: 20 }),
      call('extract_content', { max_chars: 100_000 }),
      call('get_html', { max_chars: 50_000 }),
    ]);
    expect(outputs.map((o) => o.name)).toEqual(['snapshot', 'find', 'extract_content', 'get_html', 'done']);
    for (const { name, text } of outputs) {
      for (const trap of TRAPS.filter((t) => t.expectAbsent))
        expect(text, `${trap.technique} reached the model via ${name}`).not.toContain(trap.marker);
    }
    for (const output of outputs.filter((o) => o.name !== 'find' && o.name !== 'done')) {
      expect(output.text, output.name).toContain('TRAP-VISIBLE');
      // Visible page text reaches the model only inside the fence.
      const fenced = /<page-content[^>]*>[\s\S]*<\/page-content>/.exec(output.text)?.[0] ?? '';
      expect(fenced, output.name).toContain('TRAP-VISIBLE');
      expect(output.text.replace(fenced, ''), output.name).not.toContain('TRAP-');
    }
  });

  it("extract_content labels the page's metadata and keeps it inside the fence", async () => {
    const [extracted] = await read([call('extract_content', {})]);
    const text = extracted?.text ?? '';
    // One fence holds everything the page said: metadata, structured data and text.
    expect(text).toMatch(/^<page-content source="[^"]+\/traps\/">\n[\s\S]*\n<\/page-content>$/);
    expect(text.match(/<page-content/g)).toHaveLength(1);
    expect(text).toContain(
      [
        "The page's metadata (declared in its HTML, not shown on the page):",
        '  title: Review: Trail Tent 2P — Gear Notes',
        '  site: [withheld: read like instructions to an AI]',
        '  author: [withheld: read like instructions to an AI]',
        '  description: [withheld: read like instructions to an AI]',
        '  structured data (JSON-LD): {"@context":"https://schema.org","@type":"Review","name":"Trail Tent 2P review","reviewBody":"[withheld]"}',
      ].join('\n'),
    );
    expect(text).toMatch(/\nThe page's text, \d+ words:\n/);
  });
});
