import { describe, expect, it } from 'vitest';
import { identifierWords, normalForms } from './normalise';

describe('normalForms', () => {
  it('folds case, width, styled letters, accents and look-alike letters to plain Latin', () => {
    expect(normalForms('Ｐａｙ   NOW!')).toEqual(['pay now']);
    expect(normalForms('𝐃𝐞𝐥𝐞𝐭𝐞')).toEqual(['delete']);
    expect(normalForms('Supprimer le compte — définitivement')).toEqual(['supprimer le compte definitivement']);
    expect(normalForms('Zapłać, Straße, Øre')).toEqual(['zaplac strasse ore']);
    expect(normalForms('D\u0435l\u0435t\u0435 \u03BFrder')).toEqual(['delete order']); // Cyrillic е, Greek ο
  });

  it('reads an invisible character both as nothing and as a word break', () => {
    expect(normalForms('Pay\u200Bnow')).toEqual(['paynow', 'pay now']);
    expect(normalForms('Re\u00ADmove\u2060')).toEqual(['remove', 're move']);
    expect(normalForms('\u202Eyap\u202C')).toContain('pay');
  });

  it('joins a word spelled letter by letter, and nothing shorter', () => {
    expect(normalForms('D e l e t e it')).toEqual(['delete it']);
    expect(normalForms('a b')).toEqual(['a b']);
  });
});

describe('identifierWords', () => {
  it('splits camelCase, kebab-case, snake_case and paths', () => {
    expect(identifierWords('/api/deleteAccount?x=cancel_subscription')).toBe(' api delete Account?x=cancel subscription');
  });
});
