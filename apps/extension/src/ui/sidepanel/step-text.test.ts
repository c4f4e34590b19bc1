import { describe, expect, it } from 'vitest';
import { describeStep, plainText, readable, type StepResult } from './step-text';

const ok = (summary: string, data: Record<string, unknown> = {}): StepResult => ({ ok: true, summary, data });
const failed = (summary: string, display?: string): StepResult => ({ ok: false, summary, display });
const say = (name: string, input: unknown, result: StepResult | null) => {
  const step = describeStep({ name, input }, result);
  return { text: plainText(step.parts), bold: step.parts.filter((p) => p.strong).map((p) => p.text), step };
};

describe('a step as a sentence for a person', () => {
  it('names the element that was clicked, in bold, without its ref', () => {
    const { text, bold, step } = say('click', { ref: 'e12' }, ok('Clicked e12 (button <page-text>Add to cart</page-text>).'));
    expect(text).toBe('Clicked Add to cart');
    expect(bold).toEqual(['Add to cart']);
    expect(step.status).toBe('ok');
  });

  it('says what was typed where, and an unnamed element by its role', () => {
    expect(
      say(
        'type_text',
        { ref: 'e3', text: 'hello', submit: true },
        ok('Typed "hello" into e3 (searchbox <page-text>Search</page-text>) and pressed Enter.'),
      ),
    ).toMatchObject({ text: 'Typed “hello” into Search and pressed Enter', bold: ['Search'] });
    expect(say('click', { ref: 'e9' }, ok('Clicked e9 (button).')).text).toBe('Clicked the button');
    // A secret: the driver says how many characters, never what.
    expect(
      say('type_text', { ref: 'e4', text: '{{secret:shop}}' }, ok('Typed 9 characters into e4 (textbox <page-text>Password</page-text>).'))
        .text,
    ).toBe('Typed 9 characters into Password');
  });

  it('reads the page, opens sites and looks for things in plain words (no limit=, no scores)', () => {
    expect(
      say(
        'navigate',
        { url: 'https://www.example.com/' },
        ok('Opened https://www.example.com/.', { outcome: { url: 'https://www.example.com/' } }),
      ).text,
    ).toBe('Opened example.com');
    expect(say('snapshot', {}, ok('Snapshot (viewport):')).text).toBe('Read the page');
    const find = say(
      'find',
      { query: 'Favourite fruit', limit: 8 },
      ok('Best matches for "Favourite fruit": e5 (combobox)  (score 4.2)', { matches: [{}, {}] }),
    );
    expect(find.text).toBe('Looked for “Favourite fruit” on the page (2 matches)');
    expect(find.text).not.toMatch(/limit|score|e5/);
    expect(
      say('find', { query: 'Basket' }, ok('Nothing on the page matches "Basket". Take a snapshot (full) to see what is there, or scroll.'))
        .text,
    ).toBe('Looked for “Basket” on the page (nothing matched)');
    expect(
      say(
        'select_option',
        { ref: 'e5', values: ['Kiwi'] },
        ok('Selected <page-text>Kiwi</page-text> in e5 (combobox <page-text>Favourite fruit</page-text>).'),
      ).text,
    ).toBe('Selected “Kiwi” in Favourite fruit');
  });

  it('covers every tool, and humanises one it does not know', () => {
    const cases: [string, unknown, string][] = [
      ['go_back', {}, 'Went back a page'],
      ['go_forward', {}, 'Went forward a page'],
      ['reload', {}, 'Reloaded the page'],
      ['extract_content', {}, "Read the page's text"],
      ['get_html', { selector: 'main' }, "Read the page's HTML"],
      ['screenshot', {}, 'Took a screenshot'],
      ['wait_for', { text: 'Saved' }, 'Waited for “Saved” to appear'],
      ['wait_for', { seconds: 2 }, 'Waited 2 seconds'],
      ['browse', { url: 'https://news.example/today' }, 'Read news.example/today in the background'],
      ['ask_user', { question: 'Which size?' }, 'Asked you: “Which size?”'],
      ['list_tabs', {}, 'Listed the open tabs'],
      ['open_tab', { url: 'https://example.org' }, 'Opened example.org in a new tab'],
      ['get_playbook', { name: 'forms' }, 'Loaded the tips for forms'],
      ['propose_plan', { steps: ['a'] }, 'Proposed a plan'],
      ['done', { summary: 'All done.', success: true }, 'Finished'],
      ['get_weather', { city: 'Oslo' }, 'Get weather'],
    ];
    for (const [name, input, expected] of cases) expect(say(name, input, ok('Whatever the tool said.')).text).toBe(expected);
    expect(
      say('switch_tab', { tab: '2' }, ok('Switched to tab [812] <page-text>Shop</page-text> <page-text>https://shop.example/</page-text>.'))
        .text,
    ).toBe('Switched to the tab Shop');
    expect(say('scroll', { direction: 'down' }, ok('Scrolled the page down to 800 px.')).text).toBe('Scrolled the page down to 800 px');
  });

  it('shows a step still running as what it is doing', () => {
    const running = say('type_text', { ref: 'e3', text: 'hello' }, null);
    expect(running.text).toBe('Type “hello”…');
    expect(running.step.status).toBe('running');
  });

  it('never shows a failure as a success: done with success false, and failed steps with their reason', () => {
    const done = say('done', { summary: 'The lantern is sold out.', success: false }, ok('Task ended without success.'));
    expect(done.step.status).toBe('failed');
    expect(done.text).toBe('Ended without success');
    const click = say(
      'click',
      { ref: 'e12' },
      failed(
        'e12 (button <page-text>Add to cart</page-text>) is not visible (hidden, collapsed or zero-size); open or expand what contains it, or pick another element.',
      ),
    );
    expect(click.step.status).toBe('failed');
    expect(click.text).toBe('Could not click an element');
    expect(plainText(click.step.reason ?? [])).toBe('Add to cart is not visible (hidden, collapsed or zero-size)');
    const stale = say(
      'click',
      { ref: 'e76' },
      failed('Ref e76 is not in the current snapshot; take a new snapshot and use a ref from it.'),
    );
    expect(plainText(stale.step.reason ?? [])).toBe('The element is not in the current snapshot');
  });

  it("shows the runner's text for the person, not the advice written for the model", () => {
    const declined = say(
      'click',
      { ref: 'e3' },
      failed(
        'The user declined: <page-text>Click button "Pay"?</page-text> Do not try this again or another way round it; find another way, or call done and say what you could not do.',
        'You declined, so this was not done.',
      ),
    );
    expect(plainText(declined.step.reason ?? [])).toBe('You declined, so this was not done');
    expect(JSON.stringify(declined.step)).not.toMatch(/Do not try|call done/);
  });
});

describe('readable', () => {
  it('drops refs in brackets and scores, and keeps words from the page that look like refs', () => {
    expect(plainText(readable('Opened a new tab [e76] at <page-text>Model e30</page-text> (score 4.2)'))).toBe(
      'Opened a new tab at “Model e30”',
    );
  });
});
