import { wireScript } from '@wayfinder/core';
import { startOllama, startOpenAICompatible, taskById, type Brain } from '@wayfinder/gym';
import { describe, expect, it } from 'vitest';
import { explain, loadScript, loadSolution, runCli, useGym } from './cli';

// The real provider code (OpenAI-compatible, Ollama, the text protocol) driving the CLI
// against mock servers that speak the real wire formats; success read from the gym.

const gym = useGym();
const { startOf, expectChecked } = gym;

describe('real provider code against mock servers', () => {
  it('OpenAI-compatible: streamed tool calls drive a shop task; key, tools and usage travel as they should', async () => {
    const server = await startOpenAICompatible(wireScript(loadSolution('shop-lantern')));
    try {
      const run = await runCli(
        [
          'run',
          taskById('shop-lantern').instruction,
          '--url',
          startOf('shop-lantern'),
          '--model',
          `openai-compatible:${server.url}#mock-gpt`,
          '--json',
        ],
        { env: { WAYFINDER_API_KEY: 'sk-test-123' } },
      );
      expect(run.code, explain(run)).toBe(0);
      await expectChecked('shop-lantern');
      expect(server.requests).toHaveLength(4);
      const first = server.requests[0];
      expect(first?.headers.authorization).toBe('Bearer sk-test-123');
      expect(first?.body).toMatchObject({ model: 'mock-gpt', stream: true, stream_options: { include_usage: true } });
      const tools = Array.isArray(first?.body.tools) ? first.body.tools.map((t: { function?: { name?: string } }) => t.function?.name) : [];
      expect(tools).toEqual(expect.arrayContaining(['navigate', 'click', 'type_text', 'done', 'get_playbook']));
      // Reported usage replaces estimates, and the streamed prose reached the timeline.
      expect(run.events.find((e) => e.type === 'usage')).toMatchObject({ estimated: false });
      expect(
        run.events
          .filter((e) => e.type === 'text-delta')
          .map((e) => e.delta)
          .join(''),
      ).toBe("I'll search for the lantern first.");
      // The second request carries the first call and its result back, in OpenAI's format.
      const history = JSON.stringify(server.requests[1]?.body.messages);
      expect(history).toContain('"tool_calls"');
      expect(history).toMatch(/"role":"tool".*Typed \\"lantern\\" into e\d+/);
    } finally {
      await server.close();
    }
  });

  it('Ollama: native /api/chat with tool calls drives a widget task, and is told the context window', async () => {
    const server = await startOllama(wireScript(loadSolution('widgets-counter')));
    try {
      const run = await runCli(
        ['run', taskById('widgets-counter').instruction, '--url', startOf('widgets-counter'), '--model', 'ollama:mock-llama', '--json'],
        {
          env: { OLLAMA_HOST: server.url.replace('http://', ''), WAYFINDER_CONTEXT_WINDOW: '32768' },
        },
      );
      expect(run.code, explain(run)).toBe(0);
      await expectChecked('widgets-counter');
      expect(server.requests.every((r) => r.path === '/api/chat')).toBe(true);
      expect(server.requests[0]?.body).toMatchObject({ model: 'mock-llama', stream: true, options: { num_ctx: 32768 } });
      expect(run.events.filter((e) => e.type === 'tool-call').map((e) => e.name)).toEqual(['click', 'click', 'click', 'click', 'done']);
      expect(run.events.find((e) => e.type === 'usage')).toMatchObject({ estimated: false });
    } finally {
      await server.close();
    }
  });

  it('a model without tool calling: the server says so, and the run switches to the text protocol', async () => {
    const server = await startOllama(wireScript(loadScript('feed-fruit-text')), 'mock-gemma', { tools: false });
    try {
      const run = await runCli(
        ['run', taskById('feed-fruit').instruction, '--url', startOf('feed-fruit'), '--model', 'ollama:mock-gemma', '--json'],
        { env: { OLLAMA_HOST: server.url } },
      );
      expect(run.code, explain(run)).toBe(0);
      await expectChecked('feed-fruit');
      expect(run.events).toContainEqual(
        expect.objectContaining({
          type: 'notice',
          message: 'ollama mock-gemma does not take tool definitions; switching to the text protocol.',
        }),
      );
      expect(server.requests[0]?.body.tools).toBeDefined();
      expect(server.requests.slice(1).every((r) => r.body.tools === undefined)).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('the text protocol: an unreadable call gets the expected format, a sloppy one is repaired, and the task completes', async () => {
    const server = await startOpenAICompatible(wireScript(loadScript('feed-fruit-text')));
    try {
      const run = await runCli(
        [
          'run',
          taskById('feed-fruit').instruction,
          '--url',
          startOf('feed-fruit'),
          '--model',
          `openai-compatible:${server.url}#mock-gpt`,
          '--json',
        ],
        { env: { WAYFINDER_TOOL_MODE: 'text' } },
      );
      expect(run.code, explain(run)).toBe(0);
      await expectChecked('feed-fruit');
      expect(server.requests[0]?.body.tools).toBeUndefined();
      expect(JSON.stringify(server.requests[0]?.body.messages)).toContain('You act by calling tools. To call one, write exactly:');
      expect(run.events).toContainEqual(
        expect.objectContaining({
          type: 'notice',
          message: 'The model wrote a tool call that could not be read; it was shown the expected format.',
        }),
      );
      expect(JSON.stringify(server.requests[1]?.body.messages)).toContain(
        'A tool call could not be read: there is no JSON object inside <tool_call>.',
      );
      expect(run.events.filter((e) => e.type === 'tool-call').map((e) => e.name)).toEqual(['select_option', 'done']);
    } finally {
      await server.close();
    }
  });

  it('ask mode: the page content goes with the question, only reading tools are offered, and the reply is the answer', async () => {
    const brain: Brain = (messages) => {
      const email = /editor@[\w.]+/.exec(JSON.stringify(messages))?.[0];
      return { text: email ? `The editor can be reached at ${email}.` : 'The page does not say.' };
    };
    const server = await startOpenAICompatible(brain);
    try {
      const question = taskById('articles-editor-email').instruction;
      const run = await runCli([
        'run',
        question,
        '--mode',
        'ask',
        '--url',
        startOf('articles-editor-email'),
        '--model',
        `openai-compatible:${server.url}#mock-gpt`,
        '--json',
      ]);
      expect(run.code, explain(run)).toBe(0);
      expect(run.result).toMatchObject({ success: true, summary: 'The editor can be reached at editor@trailjournal.example.' });
      await expectChecked('articles-editor-email', String(run.result?.summary));
      const tools = Array.isArray(server.requests[0]?.body.tools)
        ? server.requests[0].body.tools.map((t: { function?: { name?: string } }) => t.function?.name)
        : [];
      expect(tools).not.toContain('click');
      expect(tools).toContain('extract_content');
    } finally {
      await server.close();
    }
  });
});
