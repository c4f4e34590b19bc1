import { describe, expect, it } from 'vitest';
import { ariaPairs, coverage } from './aria';

const SAMPLE = `- banner:
  - link:
    - /url: http://example.com/
    - img
  - navigation:
    - list:
      - listitem:
        - link "Markets":
          - /url: /markets/
  - 'button "Save: now"'
- main:
  - heading "Shop" [level=1]
  - checkbox "Under $200" [checked]
  - combobox "Sort by":
    - option "Relevance" [selected]
    - option "Price"
  - listbox "Fruit":
    - option "Kiwi"
  - textbox "Say \\"hi\\"": hello
  - paragraph: Some text`;

describe('ariaPairs', () => {
  it('reads interactive pairs, with escapes and YAML quoting, leaving out native select options', () => {
    expect(ariaPairs(SAMPLE)).toEqual([
      { role: 'link', name: '' },
      { role: 'link', name: 'Markets' },
      { role: 'button', name: 'Save: now' },
      { role: 'checkbox', name: 'Under $200' },
      { role: 'combobox', name: 'Sort by' },
      { role: 'listbox', name: 'Fruit' },
      { role: 'option', name: 'Kiwi' },
      { role: 'textbox', name: 'Say "hi"' },
    ]);
  });
});

describe('coverage', () => {
  it('matches one to one, case-insensitively, and accepts our truncated names', () => {
    const theirs = [
      { role: 'link', name: 'Markets' },
      { role: 'link', name: 'Markets' },
      { role: 'button', name: 'A very long name that we cut short' },
      { role: 'button', name: 'Upload' },
    ];
    const ours = [
      { role: 'link', name: 'markets' },
      { role: 'button', name: 'A very long name…' },
      { role: 'file', name: 'Upload' },
    ];
    const result = coverage(theirs, ours);
    expect(result).toMatchObject({ covered: 3, total: 4, fraction: 0.75 });
    expect(result.missed).toEqual([{ role: 'link', name: 'Markets' }]);
  });

  it('is 1 when there is nothing to cover', () => {
    expect(coverage([], [{ role: 'link', name: 'x' }]).fraction).toBe(1);
  });
});
