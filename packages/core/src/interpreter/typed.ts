import { describe, Failed, firstLine, type Calls, type Control } from './page';
import { fieldOf } from './resolve';
import { colourHex, inFormat, isoDate, isoTime, parseNumber, parseWrittenDate, timeKeys } from './values';

// Values into typed fields, read back so the page is known to have taken them: written
// dates into date, datetime-local and time inputs and into text date pickers (in the
// picker's own format), colour names into hex fields and native colour inputs, numbers
// into sliders.

interface Typing {
  text: string;
  keyByKey: boolean;
  /** What the field must show afterwards; null when the page may reformat freely. */
  expect: string | null;
}

/** How to type a value into a field of this HTML type. */
function typingFor(value: string, field: Control['field']): Typing {
  const plain: Typing = { text: value, keyByKey: false, expect: null };
  const written = parseWrittenDate(value);
  const type = field?.type ?? '';
  if (written?.date && type === 'date') return { text: isoDate(written.date), keyByKey: false, expect: isoDate(written.date) };
  if (written?.date && written.time && type === 'datetime-local') {
    const d = written.date;
    // The year segment takes more than four digits: a Tab moves on to the hour.
    const keys = `${String(d.month).padStart(2, '0')}${String(d.day).padStart(2, '0')}${String(d.year).padStart(4, '0')}\t${timeKeys(written.time)}`;
    return { text: keys, keyByKey: true, expect: `${isoDate(d)}T${isoTime(written.time)}` };
  }
  if (written?.time && !written.date && type === 'time')
    return { text: timeKeys(written.time), keyByKey: true, expect: isoTime(written.time) };
  if (written?.date && field?.placeholder) {
    const formatted = inFormat(written.date, field.placeholder);
    if (formatted) return { text: formatted, keyByKey: false, expect: formatted };
  }
  const hex = colourHex(value);
  if (hex && /#|hex/i.test(field?.placeholder ?? '')) return { text: hex, keyByKey: false, expect: hex };
  return plain;
}

/** Types a value into one field; for a typed value (a date, a colour) checks that the field took it. */
export function typeValue(calls: Calls, id: string, control: Control, value: string): string {
  const needsField = parseWrittenDate(value) !== null || colourHex(value) !== null;
  const field = needsField ? fieldOf(calls, id, control) : control.field;
  const typing = typingFor(value, field);
  const result = calls.result(`${id}-act`, 'type_text', {
    ref: control.ref,
    text: typing.text,
    ...(typing.keyByKey ? { key_by_key: true } : {}),
  });
  if (typing.expect !== null) {
    // The driver reads the field back: "…; the field now shows <page-text>…</page-text> (the page reformatted…)".
    const shown = /the field now shows <page-text>([\s\S]*?)<\/page-text>/.exec(result);
    const now = shown ? (shown[1] ?? '') : typing.text;
    if (now !== typing.expect) throw new Failed(`The page did not take "${value}" in ${describe(control)}: it shows "${now}".`);
    const line = result.split('\n').find((l) => l.includes(`[${control.ref}]`)) ?? '';
    if (/\binvalid\b/.test(line.replace(/"(?:[^"\\]|\\.)*"/g, '')))
      throw new Failed(`The page marked ${describe(control)} invalid after "${typing.text}".`);
    return `set ${describe(control)} to ${typing.expect}`;
  }
  return `typed "${value}" into ${describe(control)}`;
}

/** A native colour input: a button whose value is a #rrggbb colour (what the snapshot shows of one). */
export function isColourInput(control: Control): boolean {
  return control.role === 'button' && /^#[0-9a-f]{6}$/i.test(control.value ?? '');
}

/** Sets a native colour input through type_text (the driver sets it and reads it back; a value it did not keep fails there). */
export function setColour(calls: Calls, id: string, control: Control, value: string): string {
  const hex = colourHex(value);
  const result = calls.result(`${id}-act`, 'type_text', { ref: control.ref, text: hex ?? value });
  const set = /\bto (#[0-9a-f]{6})\b/i.exec(firstLine(result))?.[1];
  return `set ${describe(control)} to ${set ?? hex ?? value}`;
}

function valueAfter(result: string, ref: string): number | null {
  const line = result.split('\n').find((l) => l.includes(`[${ref}]`));
  const m = line ? /\bvalue="(-?[\d.]+)/.exec(line) : null;
  return m ? Number(m[1]) : null;
}

/** Moves a slider with the keyboard (Page keys for big moves, arrows for the rest), reading its value after each key. */
export function setSlider(calls: Calls, id: string, control: Control, value: string): string {
  const wanted = parseNumber(value);
  if (wanted === null) throw new Failed(`A slider takes a number; "${value}" is not one.`);
  let current = Number(control.value ?? NaN);
  if (!Number.isFinite(current)) throw new Failed(`I cannot read where ${describe(control)} is now.`);
  for (let n = 0; n < 40; n++) {
    if (current === wanted) return `set ${describe(control)} to ${wanted}`;
    const diff = wanted - current;
    const key = Math.abs(diff) >= 10 ? (diff > 0 ? 'PageUp' : 'PageDown') : diff > 0 ? 'ArrowRight' : 'ArrowLeft';
    const next = valueAfter(calls.result(`${id}-k${n}`, 'press_key', { keys: key, ref: control.ref }), control.ref);
    if (next === null || next === current)
      throw new Failed(`${describe(control)} stopped at ${current}; it would not go to ${wanted} (out of its range, or not its step).`);
    current = next;
  }
  throw new Failed(`${describe(control)} did not reach ${wanted} (it shows ${current}).`);
}
