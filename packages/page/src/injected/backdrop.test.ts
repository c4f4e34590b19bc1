import { describe, expect, it } from 'vitest';
import { gradientStops, PAGE, paintBackground, readableOn, type BackgroundStyle } from './backdrop';
import { parseColor, type Rgba } from './colors';

function rgb(text: string): Rgba {
  const color = parseColor(text);
  if (!color) throw new Error(`not a colour: ${text}`);
  return color;
}

/** Computed background values of a plain layer list, overridable per test. */
function bg(image: string, more: Partial<BackgroundStyle> = {}): BackgroundStyle {
  return { color: 'rgba(0, 0, 0, 0)', image, size: 'auto', repeat: 'repeat', positionX: '0%', positionY: '0%', ...more };
}

const box = () => ({ width: 400, height: 40 });

/** Can text in `color` be read on an element with this background, on a white page? */
function reads(color: string, background: BackgroundStyle): boolean {
  return readableOn(rgb(color), 1, paintBackground(PAGE, background, box, 8));
}

describe('gradientStops', () => {
  it('reads stops in order, with their positions', () => {
    const stops = gradientStops('linear-gradient(to right, rgb(255, 255, 255), rgb(0, 0, 0) 50%, rgba(0, 0, 0, 0))');
    expect(stops?.map((s) => [s.color.r, s.color.a, s.at])).toEqual([
      [255, 1, ''],
      [0, 1, '50%'],
      [0, 0, ''],
    ]);
  });

  it('takes images and colours it cannot read for images', () => {
    expect(gradientStops('url("x.png")')).toBeNull();
    expect(gradientStops('linear-gradient(oklch(0.7 0.1 200), color(srgb 1 1 1))')).toBeNull();
  });
});

describe('text on a gradient background', () => {
  it.each([
    ['white on a white gradient', 'rgb(255, 255, 255)', bg('linear-gradient(rgb(255, 255, 255), rgb(255, 255, 255))')],
    ['pale on a pale gradient', 'rgb(247, 247, 247)', bg('linear-gradient(90deg, rgb(244, 244, 244), rgb(250, 250, 250))')],
    [
      'the colour of one stop, another stop contrasting',
      'rgb(255, 255, 255)',
      bg('linear-gradient(rgb(255, 255, 255) 0px, rgb(255, 255, 255) 95%, rgb(0, 0, 0) 95%)'),
    ],
    ['grey on black to white (the middle is grey)', 'rgb(128, 128, 128)', bg('linear-gradient(rgb(0, 0, 0), rgb(255, 255, 255))')],
    [
      'on a clear gradient over a dark colour',
      'rgb(34, 34, 34)',
      bg('linear-gradient(rgba(0, 0, 0, 0), rgba(0, 0, 0, 0)), none', { color: 'rgb(34, 34, 34)' }),
    ],
    [
      'over a layer moved out of the box',
      'rgb(255, 255, 255)',
      bg('linear-gradient(rgb(0, 0, 0), rgb(0, 0, 0))', {
        color: 'rgb(255, 255, 255)',
        size: '100% 100%',
        repeat: 'no-repeat',
        positionY: '9999px',
      }),
    ],
    [
      'over a layer covering half the box',
      'rgb(255, 255, 255)',
      bg('linear-gradient(rgb(0, 0, 0), rgb(0, 0, 0))', { color: 'rgb(255, 255, 255)', size: '50% 100%', repeat: 'no-repeat' }),
    ],
    [
      'beside a small icon',
      'rgb(255, 255, 255)',
      bg('url("icon.svg")', { color: 'rgb(255, 255, 255)', size: '16px 16px', repeat: 'no-repeat' }),
    ],
  ])('is hidden: %s', (_, color, background) => {
    expect(reads(color, background)).toBe(false);
  });

  it.each([
    ['white on a violet gradient', 'rgb(255, 255, 255)', bg('linear-gradient(135deg, rgb(102, 126, 234), rgb(118, 75, 162))')],
    [
      'dark on a light gradient over a dark fallback colour',
      'rgb(34, 34, 34)',
      bg('linear-gradient(rgb(255, 255, 255), rgb(238, 238, 238))', { color: 'rgb(0, 0, 0)' }),
    ],
    [
      'a link over its own underline (a thin gradient band)',
      'rgb(0, 102, 204)',
      bg('linear-gradient(rgb(0, 102, 204), rgb(0, 102, 204))', { size: '100% 2px', repeat: 'no-repeat', positionY: '100%' }),
    ],
    ['dark on a highlighter band', 'rgb(17, 17, 17)', bg('linear-gradient(rgba(0, 0, 0, 0) 60%, rgb(255, 255, 0) 60%)')],
    [
      'white on a scrim over a photo',
      'rgb(255, 255, 255)',
      bg('linear-gradient(rgba(0, 0, 0, 0.5), rgba(0, 0, 0, 0.5)), url("photo.jpg")', { size: 'auto, cover' }),
    ],
    [
      'white on a photo over a white colour',
      'rgb(255, 255, 255)',
      bg('url("photo.jpg")', { color: 'rgb(255, 255, 255)', repeat: 'no-repeat' }),
    ],
    [
      'grey on black and white halves (a hard edge: no grey between them)',
      'rgb(128, 128, 128)',
      bg('linear-gradient(rgb(0, 0, 0) 0px, rgb(0, 0, 0) 50%, rgb(255, 255, 255) 50%, rgb(255, 255, 255) 100%)'),
    ],
  ])('is readable: %s', (_, color, background) => {
    expect(reads(color, background)).toBe(true);
  });

  it('does not let many thin bands pass for decoration', () => {
    const bands = Array.from({ length: 6 }, () => 'linear-gradient(rgb(255, 255, 255), rgb(255, 255, 255))').join(', ');
    const positions = Array.from({ length: 6 }, (_, i) => `${i * 7}px`).join(', ');
    // Six 7 px white bands over black fill the box: white text there would be judged on black alone if all were skipped.
    const background = bg(bands, { color: 'rgb(0, 0, 0)', size: '100% 7px', repeat: 'no-repeat', positionY: positions });
    expect(reads('rgb(255, 255, 255)', background)).toBe(false);
  });

  it('keeps the colours it tracks bounded over stacked translucent gradients', () => {
    const layer = 'linear-gradient(90deg, rgba(255, 0, 0, 0.3), rgba(0, 0, 255, 0.3), rgba(0, 255, 0, 0.3), rgba(0, 0, 0, 0.3))';
    const backdrop = paintBackground(PAGE, bg(Array.from({ length: 8 }, () => layer).join(', ')), box, 8);
    expect(backdrop.colors.length).toBeLessThan(200);
  });
});
