import { Readable } from 'node:stream';
import type { ConfirmRequest } from '@wayfinder/core';
import { describe, expect, it } from 'vitest';
import { confirmAtPrompt } from './prompts';
import { Terminal } from './terminal';
import type { Printer } from './timeline';

// The policy's questions at the prompt, answered from piped input as a person would type them.

function prompt(lines: string[]): { terminal: Terminal; printer: Printer; shown: () => string } {
  let text = '';
  const terminal = new Terminal(Readable.from(lines.map((l) => `${l}\n`)), { write: (t) => (text += t) });
  const printer: Printer = { header: () => undefined, event: () => undefined, result: () => undefined, note: (t) => (text += `${t}\n`) };
  return { terminal, printer, shown: () => text };
}

const pay: ConfirmRequest = { question: 'Pay £12 on shop.example?', kind: 'payment', site: 'shop.example', choices: 'once' };
const byHand: ConfirmRequest = {
  question: 'Step 5 (Click "Buy it") could not be done: …',
  kind: 'tool',
  site: 'shop.example',
  choices: 'done',
};

describe('confirmAtPrompt', () => {
  it('--allow-sensitive answers a payment once without asking', async () => {
    const { terminal, printer, shown } = prompt([]);
    expect(await confirmAtPrompt(terminal, printer, true, pay)).toBe('once');
    expect(shown()).toContain('allowed once (--allow-sensitive)');
  });

  it('a step to do by hand is always the person’s to answer, even with --allow-sensitive: y is done, n or no input is skip', async () => {
    const yes = prompt(['y']);
    expect(await confirmAtPrompt(yes.terminal, yes.printer, true, byHand)).toBe('once');
    expect(yes.shown()).toContain('Step 5 (Click "Buy it") could not be done: … Done? [y/N]');
    const no = prompt(['n']);
    expect(await confirmAtPrompt(no.terminal, no.printer, true, byHand)).toBe('deny');
    const ended = prompt([]);
    expect(await confirmAtPrompt(ended.terminal, ended.printer, false, byHand)).toBe('deny');
  });
});
