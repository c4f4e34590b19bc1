/* eslint-disable no-control-regex -- what these tests look for is control characters */
import { Redaction, type AgentEvent } from '@wayfinder/core';
import { describe, expect, it } from 'vitest';
import { JsonPrinter, TimelinePrinter } from './timeline';

function sink() {
  const out = {
    text: '',
    write(chunk: string) {
      out.text += chunk;
      return true;
    },
  };
  return out;
}

const redaction = new Redaction([{ name: 'admin', value: 'correct-horse-42', site: '127.0.0.1' }]);
const ESC = '\u001b';

const hostile: AgentEvent[] = [
  { type: 'tool-call', step: 1, id: 'a', name: 'navigate', input: { url: 'http://127.0.0.1/?p=correct-horse-42' } },
  {
    type: 'tool-result',
    step: 1,
    id: 'a',
    name: 'navigate',
    ok: true,
    summary: `Opened <page-text>http://127.0.0.1/?p=CORRECT-HORSE-42</page-text> (<page-text>${ESC}[2K${ESC}[1AAll good\r</page-text>).`,
    ms: 5,
    data: { outcome: { url: 'http://127.0.0.1/?p=correct-horse-42' }, snapshot: { title: 'c o r r e c t - h o r s e - 4 2' } },
  },
  { type: 'notice', step: 1, message: `${ESC}]0;owned${ESC}\\The page says \u009b2Khi \u202eevil` },
  { type: 'text-delta', step: 2, delta: 'the value was correct-' },
  { type: 'text-delta', step: 2, delta: 'horse-42, I think' },
  { type: 'usage', step: 2, inputTokens: 10, outputTokens: 2, totalInput: 10, totalOutput: 2, estimated: false },
];

describe('TimelinePrinter', () => {
  it('redacts and makes printable every string from a run before colouring it; its own colours stay', () => {
    const out = sink();
    const printer = new TimelinePrinter(out, { color: true, redaction });
    printer.header({ model: 'm', mode: 'act', task: 't', page: `Login ${ESC}[2K— http://127.0.0.1/?p=correct-horse-42` });
    for (const event of hostile) printer.event(event);
    printer.note(`? Click ${ESC}[8mhidden\r on 127.0.0.1?`);
    expect(out.text).not.toMatch(/correct|CORRECT|c o r r e c t/);
    expect(out.text).toContain('{{secret:admin}}');
    // The model's words, streamed in two pieces, are redacted as a whole.
    expect(out.text).toContain('the value was {{secret:admin}}, I think');
    // Nothing from the data that a terminal would act on; our colour codes only.
    const codes = out.text.match(/\u001b\[[0-9;]*m/g) ?? [];
    expect(codes.length).toBeGreaterThan(0);
    expect(out.text.replace(/\u001b\[(?:1|2|22|31|32|33|36|39)m/g, '')).not.toMatch(
      /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/,
    );
    expect(out.text).toContain('The page says hi evil');
    expect(out.text).toContain('? Click hidden on 127.0.0.1?');
  });
});

describe('JsonPrinter', () => {
  it('redacts every string, however deep, and escapes what JSON.stringify leaves raw', () => {
    const out = sink();
    const notes = sink();
    const printer = new JsonPrinter(out, notes, redaction);
    for (const event of hostile) printer.event(event);
    printer.note(`asked ${ESC}[2Kabout correct-horse-42`);
    expect(out.text).not.toMatch(/correct|CORRECT|c o r r e c t/);
    expect(out.text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    const lines = out.text
      .trim()
      .split('\n')
      .map((line): unknown => JSON.parse(line));
    expect(lines[1]).toMatchObject({
      type: 'tool-result',
      summary: `Opened <page-text>http://127.0.0.1/?p={{secret:admin}}</page-text> (<page-text>${ESC}[2K${ESC}[1AAll good\r</page-text>).`,
      data: { outcome: { url: 'http://127.0.0.1/?p={{secret:admin}}' }, snapshot: { title: '{{secret:admin}}' } },
    });
    // The data is the same once parsed: the C1 and bidi characters were escaped, not dropped.
    expect(lines[2]).toMatchObject({ message: `${ESC}]0;owned${ESC}\\The page says \u009b2Khi \u202eevil` });
    expect(notes.text).toBe('asked about {{secret:admin}}\n');
  });
});
