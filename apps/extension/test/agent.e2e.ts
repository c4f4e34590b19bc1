import { SCRIPT, wireScript, type Script } from '@wayfinder/core';
import { checkTask, solutionPath, startOpenAICompatible, taskById, type Brain, type MockModelServer } from '@wayfinder/gym';
import { readFileSync } from 'node:fs';
import { describe, expect, it, onTestFinished } from 'vitest';
import { agentRequests, answerAll, finishedTurn, lastTurn, modelSuite, runInPanel } from './env';
import { lookAt } from './look';

// The extension with a model: a mock OpenAI-compatible server at the other end of the real
// provider code, driven from the side panel — tasks, stopping, plans, confirmations,
// questions, ask mode, conversations that go on, and the options page's connection test.

const suite = modelSuite();
const { useModel, site, panel } = suite;

const solution = (taskId: string): Script => SCRIPT.parse(JSON.parse(readFileSync(solutionPath(taskId), 'utf8')));

/** The tool names an OpenAI-format request offered. */
function toolNames(body: Record<string, unknown> | undefined): string[] {
  const tools = body?.tools;
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((t: unknown) =>
    typeof t === 'object' &&
    t !== null &&
    'function' in t &&
    typeof t.function === 'object' &&
    t.function !== null &&
    'name' in t.function &&
    typeof t.function.name === 'string'
      ? [t.function.name]
      : [],
  );
}
const call = (tool: string, args: Record<string, unknown> = {}) => ({ calls: [{ tool, args }] });

/** The widgets page's payment as a model makes it: the card typed (name and number), then Pay. */
const PAY_ON_WIDGETS: Script['steps'] = [
  call('find', { query: 'Card number' }),
  {
    calls: [
      { tool: 'type_text', args: { ref: '$ref(textbox "Name on card")', text: 'Sam Hill' } },
      { tool: 'type_text', args: { ref: '$ref(textbox "Card number")', text: '5555 5555 5555 4444' } },
    ],
  },
  call('find', { query: 'Pay button' }),
  call('click', { ref: '$ref(button "Pay $20.00")' }),
];

function requestText(s: MockModelServer, index: number): string {
  return JSON.stringify(agentRequests(s)[index]?.body.messages ?? []);
}

describe('a model through the real provider code', () => {
  it('completes a gym task; success read from the gym checker', async () => {
    const s = await useModel(wireScript(solution('shop-lantern')));
    await site('/shop');
    const p = await panel();
    await runInPanel(p, taskById('shop-lantern').instruction);
    const turn = await finishedTurn(p);
    expect(await turn.getAttribute('data-status')).toBe('done');
    expect(await checkTask(taskById('shop-lantern'), suite.env.gym.url)).toMatchObject({ ok: true });
    expect(agentRequests(s)[0]?.headers.authorization).toBe('Bearer sk-test');
    expect(toolNames(agentRequests(s)[0]?.body)).toEqual(expect.arrayContaining(['click', 'type_text', 'done']));
    expect(await turn.getByRole('region', { name: 'Answer' }).innerText()).toContain('Added one Trail Lantern to the cart.');
    // Reported usage, the model's words streamed into the timeline, the model named.
    expect(await turn.locator('.usage').innerText()).toMatch(/^4 steps · [\d,]+ tokens · openai-compatible mock-gpt$/);
    expect(await turn.locator('.thought').first().innerText()).toBe("I'll search for the lantern first.");
  });

  it("runs a skill the person keeps for this site: offered by name, replayed through the task's own checks", async () => {
    // A skill in the extension's skills store, as the Skills page keeps it (its .skill.md text).
    const steps = [
      { type: 'navigate', url: `${suite.env.gym.url}/shop`, via: 'typed' },
      {
        type: 'change',
        value: '{{query}}',
        targetName: 'Search products',
        locators: [{ kind: 'role', value: 'searchbox', name: 'Search products' }],
      },
      {
        type: 'press',
        key: 'Enter',
        expect: [{ kind: 'state', state: 'visible', locators: [{ kind: 'role', value: 'link', name: 'Trail Lantern' }] }],
      },
      { type: 'click', targetName: 'Trail Lantern', locators: [{ kind: 'role', value: 'link', name: 'Trail Lantern' }] },
      { type: 'click', targetName: 'Add to cart', locators: [{ kind: 'role', value: 'button', name: 'Add to cart' }] },
    ];
    const text = `---\nname: Buy from the outfitters\nsites: [127.0.0.1]\ninputs:\n  properties:\n    query: { type: string, examples: [stove] }\n---\n\n\`\`\`wayfinder-steps\n${JSON.stringify({ steps })}\n\`\`\`\n`;
    const page = await suite.env.context.newPage();
    await page.goto(`chrome-extension://${suite.env.extensionId}/welcome.html`);
    await page.evaluate(async (text) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('wayfinder-skills', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('skills', { keyPath: 'id' }).createIndex('updatedAt', 'updatedAt');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(new Error('no skills database'));
      });
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('skills', 'readwrite');
        tx.objectStore('skills').put({
          id: 'sk1',
          name: 'Buy from the outfitters',
          sites: ['127.0.0.1'],
          steps: 5,
          version: 1,
          updatedAt: Date.now(),
          lastRun: null,
          text,
        });
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(new Error('could not store the skill'));
      });
      db.close();
    }, text);
    await page.close();
    const s = await useModel(
      wireScript(
        SCRIPT.parse({
          steps: [
            { calls: [{ tool: 'run_skill', args: { name: 'Buy from the outfitters', inputs: { query: 'lantern' } } }] },
            { calls: [{ tool: 'done', args: { summary: 'The lantern is in the cart.', success: true } }] },
          ],
        }),
      ),
    );
    await site('/shop');
    const p = await panel();
    await runInPanel(p, 'Put a lantern in my cart.');
    const turn = await finishedTurn(p);
    expect(await turn.getAttribute('data-status')).toBe('done');
    expect(await checkTask(taskById('shop-lantern'), suite.env.gym.url)).toMatchObject({ ok: true });
    // The model was told of the site's skill and offered the skill tools.
    expect(toolNames(agentRequests(s)[0]?.body)).toEqual(expect.arrayContaining(['list_skills', 'run_skill']));
    expect(requestText(s, 0)).toContain('Buy from the outfitters');
  });

  it('ask mode: the page goes with the question (or not), and the answer is rendered markdown', async () => {
    const brain: Brain = (messages) => {
      const text = JSON.stringify(messages);
      // Only from the page's content (its word count marks it), not from earlier answers.
      const email = text.includes('words:') ? /editor@[\w.]+/.exec(text)?.[0] : undefined;
      return { text: email ? `The editor is **${email}** — see [the article](https://example.org/a).` : 'The page does not say.' };
    };
    const s = await useModel(brain);
    const article = await site('/articles/leave-no-trace.html');
    const p = await panel();
    await p.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Ask' }).click();
    await expect.poll(() => p.locator('.page-chip').innerText()).toContain('Leave No Trace');
    // The chip follows the tab the person is on: another tab opened, then the article's again.
    const other = await site('/feed');
    const otherTitle = await other.title();
    expect(otherTitle).toMatch(/\w/);
    await expect.poll(() => p.locator('.page-chip').innerText()).toContain(otherTitle);
    await article.bringToFront();
    await expect.poll(() => p.locator('.page-chip').innerText()).toContain('Leave No Trace');
    await lookAt(p, 'ask-page-chip');
    await runInPanel(p, taskById('articles-editor-email').instruction, 'Ask');
    const turn = await finishedTurn(p);
    const answer = turn.getByRole('region', { name: 'Answer' });
    expect(await answer.locator('strong').innerText()).toBe('editor@trailjournal.example');
    expect(await answer.getByRole('link', { name: 'the article' }).getAttribute('href')).toBe('https://example.org/a');
    expect(toolNames(agentRequests(s)[0]?.body)).not.toContain('click');
    expect(toolNames(agentRequests(s)[0]?.body)).toContain('extract_content');

    await p.getByLabel('Include this page').uncheck();
    await runInPanel(p, "What is the editor's email?", 'Ask');
    await finishedTurn(p);
    expect(requestText(s, 1)).not.toContain('words:');
    expect(await lastTurn(p).getByRole('region', { name: 'Answer' }).innerText()).toContain('The page does not say.');
  });

  it('a conversation goes on: the model sees the earlier turns', async () => {
    const s = await useModel(() => ({ calls: [{ name: 'done', input: { summary: 'Noted.', success: true } }] }));
    await site('/feed');
    const p = await panel();
    await runInPanel(p, 'Remember that I like kiwis.');
    await finishedTurn(p);
    await runInPanel(p, 'What fruit do I like?');
    await finishedTurn(p);
    expect(await p.getByRole('article').count()).toBe(2);
    expect(requestText(s, 1)).toContain(
      'Earlier in this conversation:\\n- The user asked (act): Remember that I like kiwis.\\n  Outcome (done): Noted.',
    );
  });
});

describe('the person in the loop', () => {
  it('Stop halts a running task within a step (the button, then Esc)', async () => {
    const thinking: Script = { steps: Array.from({ length: 30 }, (_, i) => call('think', { thought: `step ${i}` })) };
    const s = await useModel(wireScript(thinking), { delayMs: 300 });
    await site('/feed');
    const p = await panel();
    for (const how of ['button', 'Escape'] as const) {
      const before = agentRequests(s).length;
      await runInPanel(p, 'Think for a long time.');
      await expect.poll(() => agentRequests(s).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(before + 2);
      if (how === 'button') await p.getByRole('button', { name: 'Stop (Esc)' }).click();
      else await p.keyboard.press('Escape');
      const turn = await finishedTurn(p, 5000);
      expect(await turn.getAttribute('data-status')).toBe('stopped');
      const after = agentRequests(s).length;
      // Once the worker says no task runs, the loop has ended: nothing may have called the model since the turn showed stopped.
      await expect
        .poll(async () => {
          const status: unknown = await p.evaluate(() => chrome.runtime.sendMessage({ type: 'status.get' }));
          return typeof status === 'object' && status !== null && 'runningTaskId' in status ? status.runningTaskId : 'unknown';
        })
        .toBeNull();
      expect(agentRequests(s).length).toBe(after);
      expect(after - before).toBeLessThan(8);
    }
    await expect.poll(() => p.getByRole('status', { name: 'Status' }).innerText()).toContain('Debugger not attached');
  });

  it('plan mode: the plan is edited and reordered, approved, and each step reports its status', async () => {
    // Each executor step starts a fresh conversation, so this model reads which step it is on.
    const brain: Brain = (messages) => {
      const text = JSON.stringify(messages);
      const turns = messages.filter((m) => typeof m === 'object' && m !== null && 'role' in m && m.role === 'assistant').length;
      if (text.includes("Wayfinder's planner"))
        return { calls: [{ name: 'propose_plan', input: { steps: ['Open the fruit list', 'Choose Kiwi'], message: 'Two steps.' } }] };
      if (text.includes('Now do step 1 only')) {
        const ref = /\[(e\d+)\] combobox \\"Favourite fruit\\"/.exec(text)?.[1] ?? 'e0';
        return turns
          ? { calls: [{ name: 'done', input: { summary: 'Kiwi chosen.', success: true } }] }
          : { calls: [{ name: 'select_option', input: { ref, values: ['Kiwi'] } }] };
      }
      return turns
        ? { calls: [{ name: 'done', input: { summary: 'The list is open.', success: true } }] }
        : { calls: [{ name: 'think', input: { thought: 'nothing to open' } }] };
    };
    const s = await useModel(brain);
    await site('/feed');
    const p = await panel();
    await runInPanel(p, 'Choose Kiwi as the favourite fruit.', 'Plan');
    const card = p.getByRole('region', { name: 'Proposed plan' });
    await card.waitFor();
    expect(await card.getByText('Two steps.').count()).toBe(1);
    // The keyboard starts on Approve; Esc keeps the plan to edit, in its first step.
    const approve = card.getByRole('button', { name: 'Approve' });
    await expect.poll(() => approve.evaluate((el) => el === document.activeElement)).toBe(true);
    await p.keyboard.press('Escape');
    await expect.poll(() => card.getByLabel('Step 1', { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await card.isVisible()).toBe(true);
    await card.getByLabel('Step 2', { exact: true }).fill('Choose Kiwi in "Favourite fruit"');
    await card.getByRole('button', { name: 'Move step 2 up' }).click();
    expect(await card.getByLabel('Step 1', { exact: true }).inputValue()).toBe('Choose Kiwi in "Favourite fruit"');
    await card.getByRole('button', { name: 'Approve' }).click();
    const turn = await finishedTurn(p);
    expect(await turn.getAttribute('data-status')).toBe('done');
    await suite.env.stateUntil((st) => st.feed.fruit === 'Kiwi');
    const steps = turn.getByRole('list', { name: 'Plan' }).getByRole('listitem');
    expect(await steps.evaluateAll((items) => items.map((li) => li.getAttribute('data-status')))).toEqual(['done', 'done']);
    expect(await steps.first().innerText()).toContain('Choose Kiwi in "Favourite fruit"');
    // Each step's end is its checklist mark, not a "Finished" line under it.
    expect(await turn.locator('li[data-tool="done"]').count()).toBe(0);
    expect(await turn.innerText()).not.toMatch(/^Finished$/m);
    // The executor was given the edited plan, in the new order.
    expect(requestText(s, 1)).toContain('1. Choose Kiwi in \\"Favourite fruit\\"\\n2. Open the fruit list');
  });

  it('plan mode: Cancel runs nothing', async () => {
    await useModel(wireScript({ steps: [call('propose_plan', { steps: ['Choose Kiwi'], message: 'One step.' })] }));
    await site('/feed');
    const p = await panel();
    await runInPanel(p, 'Choose Kiwi', 'Plan');
    await p.getByRole('region', { name: 'Proposed plan' }).getByRole('button', { name: 'Cancel' }).click();
    const turn = await finishedTurn(p);
    expect(await turn.getAttribute('data-status')).toBe('stopped');
    expect((await suite.env.state()).feed.fruit).toBe('');
  });

  it('a payment asks once: Deny keeps the money (and Pay is then refused, not asked), Allow once pays', async () => {
    const pay: Script = { steps: [...PAY_ON_WIDGETS, call('done', { summary: 'Finished.', success: true })] };
    const s = await useModel(wireScript(pay));
    await site('/widgets');
    const p = await panel();
    const host = new URL(suite.env.gym.url).hostname;
    await runInPanel(p, taskById('widgets-pay').instruction);
    const denied = await answerAll(p, 'decline');
    // One card for the payment, naming the amount, the site and the card's last four digits.
    const question = `Pay $20.00 on ${host} with the card ending 4444? Wayfinder fills in the card details and presses "Pay $20.00". It may spend money.`;
    expect(denied).toEqual([question]);
    expect((await suite.env.state()).widgets.payments).toEqual([]);
    // The model pressed Pay anyway: refused with the person's no, not put to them again.
    expect(JSON.stringify(agentRequests(s).map((r) => r.body.messages))).toContain(
      `The person declined paying on ${host} earlier in this task`,
    );
    await runInPanel(p, taskById('widgets-pay').instruction);
    expect(await answerAll(p, 'allow')).toEqual([question]);
    const state = await suite.env.stateUntil((st) => st.widgets.payments.length === 1);
    expect(state.widgets.payments).toEqual([{ cardLast4: '4444', amount: 20, name: 'Sam Hill' }]);
  });

  it('"Allow for this task" on a payment: the next payment on the site goes without a card, and the timeline says so', async () => {
    await useModel(
      wireScript({
        steps: [
          ...PAY_ON_WIDGETS,
          call('wait_for', { text: 'Payment accepted' }),
          call('click', { ref: '$ref(button "Pay $20.00")' }),
          call('done', { summary: 'Paid twice.', success: true }),
        ],
      }),
    );
    await site('/widgets');
    const p = await panel();
    await runInPanel(p, 'Pay the membership fee for me and my partner.');
    const card = p.getByRole('alertdialog', { name: 'Confirmation needed' });
    await card.waitFor();
    // Beside "Allow once": the person can let this kind of question go for the rest of the task.
    expect(await card.getByRole('button').allInnerTexts()).toEqual(['Deny', 'Allow for this task', 'Allow once']);
    const asked = await answerAll(p, 'task');
    expect(asked).toHaveLength(1);
    const state = await suite.env.stateUntil((st) => st.widgets.payments.length === 2);
    expect(state.widgets.payments).toHaveLength(2);
    expect(await (await finishedTurn(p)).getAttribute('data-status')).toBe('done');
    await lastTurn(p).getByText('You allowed it for this task').first().waitFor();
  });

  it('Stop while a card is up takes it down: recorded as not answered, not as a decline, and nothing is paid', async () => {
    await useModel(
      wireScript({
        steps: [
          call('find', { query: 'Pay button' }),
          call('click', { ref: '$ref(button "Pay $20.00")' }),
          call('done', { summary: 'Paid.', success: true }),
        ],
      }),
    );
    await site('/widgets');
    const p = await panel();
    await runInPanel(p, taskById('widgets-pay').instruction);
    await p.getByRole('alertdialog', { name: 'Confirmation needed' }).waitFor();
    await p.getByRole('button', { name: 'Stop (Esc)' }).click();
    const turn = await finishedTurn(p);
    expect(await turn.getAttribute('data-status')).toBe('stopped');
    const text = await turn.innerText();
    expect(text).toContain('Taken down when the task was stopped (not answered): Click button "Pay $20.00"');
    expect(text).not.toContain('You declined');
    expect((await suite.env.state()).widgets.payments).toEqual([]);
    await lookAt(p, 'stopped-card-taken-down');
  });

  it('ask_user: the question appears as a card and the answer reaches the model', async () => {
    const brain: Brain = (messages) => {
      const text = JSON.stringify(messages);
      const answer = /The user answered: \\"(\w+)\\"/.exec(text)?.[1];
      if (!answer) return { calls: [{ name: 'ask_user', input: { question: 'Which fruit should I choose?' } }] };
      const ref = /\[(e\d+)\] combobox \\"Favourite fruit\\"/.exec(text)?.[1] ?? 'e0';
      if (!text.includes('Chose <page-text>')) return { calls: [{ name: 'select_option', input: { ref, values: [answer] } }] };
      return { calls: [{ name: 'done', input: { summary: `Chose ${answer}.`, success: true } }] };
    };
    await useModel(brain);
    await site('/feed');
    const p = await panel();
    await runInPanel(p, 'Choose my favourite fruit.');
    const card = p.getByRole('alertdialog', { name: 'Question from Wayfinder' });
    await card.waitFor();
    expect(await card.innerText()).toContain('Which fruit should I choose?');
    await card.getByLabel('Your answer').fill('Kiwi');
    await card.getByRole('button', { name: 'Answer' }).click();
    const turn = await finishedTurn(p);
    expect(await turn.getByRole('region', { name: 'Answer' }).innerText()).toContain('Chose Kiwi.');
    await suite.env.stateUntil((st) => st.feed.fruit === 'Kiwi');
  });
});

describe('options', () => {
  it('Test connection: success, a refused key shown clearly, and the built-in model explained', async () => {
    const server = await startOpenAICompatible(() => ({ text: 'OK' }), 'mock-gpt', { requireKey: 'sk-good' });
    const page = await suite.env.openOptions();
    onTestFinished(async () => {
      await page.close();
      await server.close();
    });
    const section = page.getByRole('region', { name: 'OpenAI-compatible server' });
    await section.getByLabel('Address').fill(server.url);
    await section.getByLabel('Model').fill('mock-gpt');
    await section.getByLabel(/API key/).fill('sk-good');
    await section.getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(() => section.getByRole('status').innerText())
      .toMatch(/^openai-compatible mock-gpt at http:\/\/127\.0\.0\.1:\d+\/v1 answered in \d+ ms: "OK"\.$/);

    await section.getByLabel(/API key/).fill('sk-wrong');
    await section.getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(() => section.getByRole('status').innerText())
      .toMatch(
        /^The OpenAI-compatible server refused the API key \(401: Incorrect API key provided\)\. The key is wrong, has expired, or has no access to this model\. Check the key above\.$/,
      );

    const builtIn = page.getByRole('region', { name: "Chrome's built-in model" });
    await builtIn.getByRole('button', { name: 'Check availability' }).click();
    await expect.poll(() => builtIn.getByRole('status').innerText()).toContain("Chrome's built-in model is not available in this browser.");

    // Saved as typed, where the agent reads it, with the last test's verdict.
    await expect
      .poll(() => page.evaluate(async () => (await chrome.storage.local.get('settings')).settings))
      .toMatchObject({
        providers: { 'openai-compatible': { baseURL: server.url, model: 'mock-gpt', apiKey: 'sk-wrong' } },
        tests: { 'openai-compatible': { ok: false } },
      });
  });
});
