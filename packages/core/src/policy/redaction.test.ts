import { describe, expect, it } from 'vitest';
import { elementFacts } from './classify';
import { Redaction, TYPED_PASSWORD } from './redaction';
import { SafetyPolicy } from './safety';
import { SecretVault } from './secrets';

// The one redaction: stored secrets (in the shapes a page may show them), credentials, values
// typed into password fields (as the policy learns them) and card numbers, in text and deep values.

const vault = new SecretVault([{ name: 'bank', value: 'Tr0ub4dor&3x', site: 'bank.example' }]);

describe('Redaction', () => {
  it('hides stored secrets, credential shapes and card numbers', () => {
    const r = new Redaction(vault);
    expect(r.text('pw Tr0ub4dor&3x and T r 0 u b 4 d o r & 3 x')).toBe('pw {{secret:bank}} and {{secret:bank}}');
    expect(r.text('key sk-proj-abcdefghijklmnopqrstuvwxyz012345')).toBe('key [redacted secret]');
    expect(r.text('card 4111 1111 1111 1111, order 2026112712345')).toBe('card •••• 1111, order 2026112712345');
  });

  it('hides a value typed into a password field from the moment the policy sees it, in every later text', async () => {
    const redaction = new Redaction(vault);
    const policy = new SafetyPolicy({ redaction });
    policy.begin('https://login.example/');
    expect(redaction.text('hunter2-typed')).toBe('hunter2-typed');
    await policy.check(
      {
        tool: 'type_text',
        input: { ref: 'e2', text: 'hunter2-typed' },
        effects: [{ kind: 'act', how: 'type', ref: 'e2', text: 'hunter2-typed' }],
      },
      {
        tabUrl: () => Promise.resolve('https://login.example/'),
        element: () =>
          Promise.resolve(
            elementFacts({ role: 'textbox', name: 'Password', tag: 'input', inputType: 'password', secret: true, editable: true }),
          ),
        focused: () => Promise.resolve(null),
      },
    );
    expect(redaction.text('you typed hunter2-typed, url ?pw=hunter2-typed')).toBe(`you typed ${TYPED_PASSWORD}, url ?pw=${TYPED_PASSWORD}`);
    expect(redaction.carriesTyped('pw=hunter2-typed')).toBe(true);
  });

  it('redacts every string of a value, however deep, and leaves our keys and ids alone', () => {
    const r = new Redaction(vault);
    const event = { type: 'tool-call', id: 'Tr0ub4dor&3x', input: { text: 'Tr0ub4dor&3x', list: ['4111111111111111'] } };
    expect(r.value(event)).toEqual({ type: 'tool-call', id: 'Tr0ub4dor&3x', input: { text: '{{secret:bank}}', list: ['•••• 1111'] } });
  });
});
