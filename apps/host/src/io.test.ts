import { describe, expect, it } from 'vitest';
import { colourFor, guardedOutput, printable, statusLine, type Output } from './io';

function sink(isTTY?: boolean): Output & { text: string } {
  const out = {
    text: '',
    write(chunk: string) {
      out.text += chunk;
      return true;
    },
    ...(isTTY === undefined ? {} : { isTTY }),
  };
  return out;
}

describe('printable: what a terminal shows and never acts on', () => {
  it.each([
    ['CSI (erase line, move up, colour)', 'Pay\u001b[2K\u001b[1A\u001b[31m now', 'Pay now'],
    ['OSC ended by BEL (window title)', 'a\u001b]0;owned\u0007b', 'ab'],
    ['OSC ended by ST (hyperlink)', 'a\u001b]8;;http://evil\u001b\\link\u001b]8;;\u001b\\b', 'alinkb'],
    ['8-bit CSI', 'a\u009b2Kb', 'ab'],
    ['8-bit OSC', 'a\u009d0;title\u009cb', 'ab'],
    ['carriage return and backspace', 'Delete everything?\r\b\bKeep', 'Delete everything?Keep'],
    ['bell, DEL, C1 NEL', 'a\u0007\u007f\u0085b', 'ab'],
    ['bidi overrides and isolates', 'a\u202ecba\u202c \u2066x\u2069 \u200fz', 'acba x z'],
    ['other two-character escapes (reset, save cursor)', 'a\u001bcb\u001b7c', 'abc'],
  ])('removes %s', (_what, text, shown) => {
    expect(printable(text)).toBe(shown);
  });

  it('keeps line breaks, tabs and ordinary text in any script', () => {
    const text = 'Line one\n\tLine two — “Grüße”, 日本語, emoji 😀';
    expect(printable(text)).toBe(text);
  });
});

describe('guardedOutput: the one place the CLI writes', () => {
  it('lets only our own colour codes through, and only when colour is on', () => {
    const coloured = sink(true);
    guardedOutput(coloured, true).write('\u001b[32m✓\u001b[39m page\u001b[2K\r\u001b[8mhidden\u001b[0m');
    expect(coloured.text).toBe('\u001b[32m✓\u001b[39m pagehidden');
    const plain = sink(false);
    guardedOutput(plain, false).write('\u001b[32m✓\u001b[39m done\r');
    expect(plain.text).toBe('✓ done');
  });

  it('passes isTTY through, so colour is decided as before', () => {
    expect(guardedOutput(sink(true), true).isTTY).toBe(true);
    expect(guardedOutput(sink(), false).isTTY).toBeUndefined();
  });
});

describe('colourFor: colour as other command-line tools decide it', () => {
  it.each([
    ['a terminal', true, {}, true],
    ['a pipe', false, {}, false],
    ['a terminal with NO_COLOR', true, { NO_COLOR: '1' }, false],
    ['a terminal with an empty NO_COLOR (unset)', true, { NO_COLOR: '' }, true],
    ['a pipe with FORCE_COLOR=1', false, { FORCE_COLOR: '1' }, true],
    ['a pipe with an empty FORCE_COLOR', false, { FORCE_COLOR: '' }, true],
    ['a terminal with FORCE_COLOR=0', true, { FORCE_COLOR: '0' }, false],
    ['a terminal with FORCE_COLOR=false', true, { FORCE_COLOR: 'false' }, false],
    ['FORCE_COLOR over NO_COLOR', false, { FORCE_COLOR: '1', NO_COLOR: '1' }, true],
  ])('%s', (_what, isTTY, env: Record<string, string>, coloured) => {
    expect(colourFor(sink(isTTY), env)).toBe(coloured);
  });
});

describe('statusLine: what long work is doing, on one line', () => {
  it('rewrites one line in place, printable and cut to the width, and clears it once', () => {
    let written = '';
    const out = { columns: 30, write: (text: string) => ((written += text), true) };
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the two members statusLine uses
    const status = statusLine(out as unknown as NodeJS.WriteStream);
    status('Reading report.pdf: page 1 of 300…');
    status('Reading\u001b[31m a\nb');
    status(null);
    status(null);
    expect(written).toBe('\r\u001b[2KReading report.pdf: page 1 o…\r\u001b[2KReading a b\r\u001b[2K');
  });
});
