import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEnv, type Env } from './env';
import { ORDER, page, readAll } from './readings';

// Text painted so that people cannot see it: in the colours of the gradient behind it, or
// pushed out of the box that clips it. Each hostile page hides an order to the agent by
// one trick; none of the ways the model reads a page may carry it. Their look-alikes that
// people read (text on gradients, ordinary indents) must still come through.

interface Trick {
  id: string;
  why: string;
  /** The page part, hiding `text` (the order, marked with the trick's id). */
  html: (text: string) => string;
}

const HIDDEN: Trick[] = [
  {
    id: 'GRAD-SAME',
    why: 'white text on a white gradient',
    html: (t) => `<div style="background:linear-gradient(#fff,#fff)"><p style="color:#fff">${t}</p></div>`,
  },
  {
    id: 'GRAD-PALE',
    why: 'pale text on a gradient of near colours',
    html: (t) => `<div style="background:linear-gradient(90deg,#f4f4f4,#fafafa)"><p style="color:#f7f7f7">${t}</p></div>`,
  },
  {
    id: 'GRAD-ONE-STOP',
    why: 'text in the colour of a gradient that has one contrasting stop at its edge',
    html: (t) => `<div style="background:linear-gradient(#fff 0 95%,#000 95%)"><p style="color:#fff">${t}</p></div>`,
  },
  {
    id: 'GRAD-LAYERS',
    why: 'a clear gradient layered over a dark colour, text in that colour',
    html: (t) => `<div style="background:linear-gradient(transparent,transparent),#222"><p style="color:#222">${t}</p></div>`,
  },
  {
    id: 'GRAD-OVER-DARK',
    why: 'white text on a white gradient drawn over a black background colour',
    html: (t) => `<div style="background:#000 linear-gradient(#fff,#fefefe)"><p style="color:#fff">${t}</p></div>`,
  },
  {
    id: 'GRAD-MOVED-LAYER',
    why: 'a dark layer moved out of the box, leaving white under white text',
    html: (t) =>
      `<div style="background:#fff linear-gradient(#000,#000) 0 9999px/100% 100% no-repeat"><p style="color:#fff">${t}</p></div>`,
  },
  {
    id: 'GRAD-CURRENT',
    why: 'a gradient in the text’s own colour (currentColor)',
    html: (t) => `<p style="color:#333;background:linear-gradient(currentColor,currentColor)">${t}</p>`,
  },
];

interface Shown {
  why: string;
  html: string;
  text: string;
}

const SHOWN: Shown[] = [
  {
    why: 'white on a violet gradient',
    html: '<div style="background:linear-gradient(135deg,#667eea,#764ba2)"><p style="color:#fff">Spring sale on tents</p></div>',
    text: 'Spring sale on tents',
  },
  {
    why: 'dark text on a light gradient over a dark fallback colour',
    html: '<div style="background:#000 linear-gradient(#fff,#eee)"><p style="color:#222">Free returns for 60 days</p></div>',
    text: 'Free returns for 60 days',
  },
  {
    why: 'a link over its own gradient underline',
    html: '<p><a href="#ship" style="color:#06c;background:linear-gradient(#06c,#06c) 0 100%/100% 2px no-repeat">Shipping rates</a></p>',
    text: 'Shipping rates',
  },
  {
    why: 'words under a highlighter band',
    html: '<p style="color:#111"><mark style="color:#111;background:linear-gradient(transparent 60%,#ff0 60%)">Waterproof to 3000 mm</mark></p>',
    text: 'Waterproof to 3000 mm',
  },
  {
    why: 'gradient text in real colours',
    html: '<p style="background:linear-gradient(90deg,#1f6f50,#2450a6);-webkit-background-clip:text;background-clip:text;-webkit-text-fill-color:transparent">Trail Tent 2P</p>',
    text: 'Trail Tent 2P',
  },
];

let env: Env;
beforeAll(async () => {
  env = await openEnv();
});
afterAll(async () => {
  await env.close();
});

describe('text painted into its background', () => {
  it.each(HIDDEN)('keeps out an order hidden by $why', async ({ id, html }) => {
    await env.show(page([html(`${ORDER} [${id}]`), '<button type="button">Continue</button>']));
    const readings = await readAll(env);
    for (const { path, text } of readings) {
      expect(text, `${id} leaked into ${path}`).not.toContain(id);
      expect(text, `the order leaked into ${path}`).not.toContain(ORDER);
    }
    expect(readings[1]?.text, 'the page was not read').toContain('Continue');
  });

  it.each(SHOWN)('keeps what people read: $why', async ({ html, text }) => {
    await env.show(page([html, '<button type="button">Continue</button>']));
    const readings = await readAll(env);
    for (const { path, text: read } of readings.filter((r) => r.path !== 'find')) expect(read, `missing from ${path}`).toContain(text);
  });
});
