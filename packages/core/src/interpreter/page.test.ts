import { describe, expect, it } from 'vitest';
import { controlsIn } from './page';

// A person reads a bare box's name off the text beside it: the line above a field, the line
// after a radio or a box. The snapshot lines here are the shape the snapshot tool prints.

const JOB = `Snapshot (viewport):
<page-content source="http://127.0.0.1/job">
Page "Apply" http://127.0.0.1/job — viewport 1280×800, at top
main:
  # Baker (early shifts)
  Full name
  [e1] textbox
  Email
  [e2] textbox "you@example.com"
  Years of experience
  [e3] combobox value="—" options: —, 1–2 years, 3–5 years
  Cover letter
  A few lines on why you would like to bake with us.
  [e4] textbox
  When could you start?
  [e5] radio
  Straight away
  [e6] radio "Later"
  [e7] button "Submit application"
</page-content>`;

describe('controlsIn', () => {
  it('gives each bare field the text just above it, and each bare radio the text just after it', () => {
    const byRef = new Map(controlsIn(JOB).map((c) => [c.ref, c]));
    expect(byRef.get('e1')?.caption).toBe('Full name');
    // A placeholder is not a name a person reads as the field's: the caption is kept beside it.
    expect(byRef.get('e2')).toMatchObject({ name: 'you@example.com', caption: 'Email' });
    expect(byRef.get('e3')?.caption).toBe('Years of experience');
    // Two lines at most: the heading of the box and its hint.
    expect(byRef.get('e4')?.caption).toBe('Cover letter A few lines on why you would like to bake with us.');
    expect(byRef.get('e5')?.caption).toBe('Straight away');
    // A named radio keeps its name only; a button never takes a caption.
    expect(byRef.get('e6')?.caption).toBeUndefined();
    expect(byRef.get('e7')?.caption).toBeUndefined();
  });

  it('takes no caption from our own lines: landmarks, the page header, the hint of more below', () => {
    const [box] = controlsIn(`Page "X" http://x — viewport 1280×800\nmain:\n  [e1] textbox\n↓ 5 more controls below`);
    expect(box?.caption).toBeUndefined();
  });

  it("lists a dropdown's options, without the count of those left out", () => {
    const [cabin, size] = controlsIn(
      `  [e1] combobox "Cabin" value="Economy" options: Economy, Premium economy, Business, First\n  [e2] combobox "Size options: all" options: S, M (+3 more)`,
    );
    expect(cabin?.options).toEqual(['Economy', 'Premium economy', 'Business', 'First']);
    expect(size?.options).toEqual(['S', 'M']);
  });

  it('places each control in its group: the heading above it and the line leading its run of controls', () => {
    const controls = controlsIn(
      [
        '  ## Notifications',
        '  Email notifications Replies and mentions.',
        '  [e1] switch "Email notifications" checked',
        '  SMS alerts Security codes only.',
        '  [e2] switch "SMS alerts"',
        '  ## Size',
        '  Extras',
        '  [e3] checkbox "Extra cheese"',
        '  [e4] checkbox "Garlic dip"',
      ].join('\n'),
    );
    expect(controls.map((c) => c.group)).toEqual([
      'Notifications Email notifications Replies and mentions.',
      'Notifications SMS alerts Security codes only.',
      'Size Extras',
      'Size Extras',
    ]);
  });
});
