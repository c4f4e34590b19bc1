import { describe, expect, it } from 'vitest';
import { keyForChar, parseChord } from './keys';

describe('parseChord', () => {
  it('reads named keys, aliases and chords', () => {
    expect(parseChord('Enter')).toEqual({ modifiers: [], key: { key: 'Enter', code: 'Enter', keyCode: 13, text: '\r' } });
    expect(parseChord('ctrl+a')).toEqual({ modifiers: ['Control'], key: { key: 'a', code: 'KeyA', keyCode: 65, text: 'a' } });
    expect(parseChord('Ctrl+Shift+K').modifiers).toEqual(['Control', 'Shift']);
    expect(parseChord('Ctrl+Shift+K').key.code).toBe('KeyK');
    expect(parseChord('Shift+Tab')).toMatchObject({ modifiers: ['Shift'], key: { key: 'Tab', keyCode: 9 } });
    expect(parseChord('esc').key.key).toBe('Escape');
    expect(parseChord('Cmd+Enter').modifiers).toEqual(['Meta']);
    expect(parseChord('F5').key).toEqual({ key: 'F5', code: 'F5', keyCode: 116 });
    expect(parseChord('Ctrl++').key.key).toBe('+');
  });

  it('explains unknown keys and modifiers', () => {
    expect(() => parseChord('Hyper+A')).toThrow('"Hyper" in "Hyper+A" is not a modifier; use Ctrl, Shift, Alt or Meta, like "Ctrl+A".');
    expect(() => parseChord('Launch')).toThrow(/^Unknown key "Launch" in "Launch"; use a character or a key name/);
    expect(() => parseChord('  ')).toThrow(/No key given/);
  });
});

describe('keyForChar', () => {
  it('maps US-layout characters to physical keys, with Shift where typed with it', () => {
    expect(keyForChar('A')).toEqual({ key: 'A', code: 'KeyA', keyCode: 65, text: 'A', shift: true });
    expect(keyForChar('!')).toEqual({ key: '!', code: 'Digit1', keyCode: 49, text: '!', shift: true });
    expect(keyForChar('?')).toEqual({ key: '?', code: 'Slash', keyCode: 191, text: '?', shift: true });
    expect(keyForChar('\n')).toMatchObject({ key: 'Enter', text: '\r' });
    expect(keyForChar('é')).toEqual({ key: 'é', code: '', keyCode: 0, text: 'é' });
  });
});
