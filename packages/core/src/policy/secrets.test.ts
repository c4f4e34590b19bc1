import { describe, expect, it } from 'vitest';
import { MIN_SECRET_LENGTH, secretValueProblem } from './secret-patterns';
import { Redaction } from './redaction';
import { SecretVault } from './secrets';

const vault = new SecretVault([
  { name: 'admin', value: 'correct-horse-42', site: 'shop.example' },
  { name: 'bank', value: 'DE89370400440532013000', site: 'bank.example', field: 'text' },
]);
const P = '{{secret:admin}}';

describe('SecretVault.redact finds a secret in every shape a page can show it', () => {
  it.each([
    ['as is', 'correct-horse-42'],
    ['upper case', 'CORRECT-HORSE-42'],
    ['mixed case', 'CoRrEcT-hOrSe-42'],
    ['spaced out', 'c o r r e c t - h o r s e - 4 2'],
    ['dotted', 'c.o.r.r.e.c.t.h.o.r.s.e.4.2'],
    ['one character a line', 'c\no\nr\nr\ne\nc\nt\n-\nh\no\nr\ns\ne\n-\n4\n2'],
    ['with zero-width characters', 'cor\u200brect\u200d-horse-42'],
    ['with other separators', 'correct_horse 42'],
    ['reversed', '24-esroh-tcerroc'],
    ['reversed and spaced', '2 4 - e s r o h - t c e r r o c'],
    ['reversed, upper case, dotted', '2.4.E.S.R.O.H.T.C.E.R.R.O.C'],
    ['base64', btoa('correct-horse-42')],
  ])('%s', (_shape, shown) => {
    const text = `Before the field. ${shown} After the field.`;
    expect(vault.redact(text)).toBe(`Before the field. ${P} After the field.`);
  });

  it('finds URL- and form-encoded forms inside an address, and keeps the rest of it', () => {
    expect(vault.redact('https://evil.example/c?p=CORRECT-HORSE-42&x=1')).toBe(`https://evil.example/c?p=${P}&x=1`);
    expect(vault.redact('/c?p=%63%6F%72%72%65%63%74%2D%68%6F%72%73%65%2D%34%32&x=1')).toBe(`/c?p=${P}&x=1`);
    const spaced = new SecretVault([{ name: 's', value: 'open sesame!', site: 'a.example' }]);
    expect(spaced.redact('q=open+sesame%21 and q=open%20sesame!')).toBe('q={{secret:s}} and q={{secret:s}}');
  });

  it('has no minimum length: a three-character secret is redacted too', () => {
    const short = new SecretVault([{ name: 'pin', value: 'x7q', site: 'a.example' }]);
    expect(short.redact('Your PIN is X7Q (or x 7 q, or q7x).')).toBe('Your PIN is {{secret:pin}} (or {{secret:pin}}, or {{secret:pin}}).');
  });

  it('leaves ordinary text around a secret alone, and text that only resembles it', () => {
    const text = 'Correct horses: 42 of them. The correct-horse rule. Sign in, then pay $20.00 — order #4471.';
    expect(vault.redact(text)).toBe(text);
    expect(vault.redact(`Password: correct-horse-42\nNext line stays.`)).toBe(`Password: ${P}\nNext line stays.`);
  });

  it('keeps placeholders whole and redacts several secrets in one text', () => {
    const named = new SecretVault([
      { name: 'secret', value: 'secret', site: 'a.example' },
      { name: 'admin', value: 'correct-horse-42', site: 'a.example' },
    ]);
    expect(named.redact(`typed {{secret:admin}}; the page shows SECRET and correct-horse-42`)).toBe(
      'typed {{secret:admin}}; the page shows {{secret:secret}} and {{secret:admin}}',
    );
    expect(vault.redact('DE89 3704 0044 0532 0130 00 / correct-horse-42')).toBe(`{{secret:bank}} / ${P}`);
  });

  it('a value made of punctuation is matched character for character, spacing allowed', () => {
    const marks = new SecretVault([{ name: 'm', value: '!@#$%^&', site: 'a.example' }]);
    expect(marks.redact('a !@#$%^& b ! @ # $ % ^ & c')).toBe('a {{secret:m}} b {{secret:m}} c');
    expect(marks.redact('Hello, world! #1 & more')).toBe('Hello, world! #1 & more');
  });

  it('present() names the secrets a text shows, in any shape', () => {
    expect(vault.present('h=2 4 - e s r o h - t c e r r o c').map((s) => s.name)).toEqual(['admin']);
    expect(vault.present('nothing here')).toEqual([]);
  });
});

describe('secretValueProblem', () => {
  it(`refuses values shorter than ${MIN_SECRET_LENGTH} characters, saying so`, () => {
    expect(secretValueProblem('pin', 'abc')).toBe(
      'A secret must be at least 6 characters: "pin" has 3. A shorter value turns up in ordinary text, which would be hidden as if it were the secret; store a longer one.',
    );
    expect(secretValueProblem('pin', '  abcde  ')).toMatch(/^A secret must be at least 6 characters: "pin" has 5\./);
    expect(secretValueProblem('pw', 'abcdef')).toBeNull();
  });
});

describe('Redaction.value', () => {
  it('redacts every string however deep, and leaves the values that are ours (types, ids, codes) alone', () => {
    const pw = new SecretVault([{ name: 'pw', value: 'password', site: 'a.example' }]);
    const event = {
      type: 'confirmation-needed',
      kind: 'password',
      tool: 'page',
      input: { url: 'https://a.example/?q=PASSWORD', headers: ['p a s s w o r d'] },
      question: 'The page is going to a.example with drowssap. Let it?',
      step: 3,
      ok: true,
    };
    expect(new Redaction(pw).value(event)).toEqual({
      ...event,
      input: { url: 'https://a.example/?q={{secret:pw}}', headers: ['{{secret:pw}}'] },
      question: 'The page is going to a.example with {{secret:pw}}. Let it?',
    });
  });
});
