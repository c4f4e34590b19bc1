// Text as the classifier compares it: what a person would read, folded so that a page
// cannot dodge a word with look-alike letters, invisible characters, accents or styling
// (fullwidth, mathematical bold, letter-spacing with real spaces).

/** Zero-width, joiner, bidi-control, soft-hyphen, filler, variation and tag characters: invisible, or they reorder what is seen. */
const INVISIBLE: [number, number][] = [
  [0xad, 0xad],
  [0x34f, 0x34f],
  [0x61c, 0x61c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xe0000, 0xe007f],
  [0xe0100, 0xe01ef],
];

/** The ranges as one character class: a text is scanned once, by the regex engine (a character at a time in script cost every command's start ~20 ms). */
const INVISIBLE_CHARS = new RegExp(
  `[${INVISIBLE.map(([from, to]) => `\\u{${from.toString(16)}}-\\u{${to.toString(16)}}`).join('')}]`,
  'gu',
);

/** The text with each invisible character replaced (by nothing, or a space). */
function replaceInvisible(text: string, by: string): string {
  return text.replace(INVISIBLE_CHARS, by);
}

/** Right-to-left embedding, override and isolate marks. */
const RIGHT_TO_LEFT = /[\u200F\u202B\u202E\u2067]/;

/**
 * Letters of other scripts that look like Latin ones, each over the letter it is read as
 * (after NFKC; both cases): Cyrillic, Greek, Armenian, and Latin small capitals.
 */
const LOOK_ALIKES = 'авеёкмнорстухіїјѕԁһԛԝӏүѵьАВЕЁКМНОРСТУХІЇЈЅԀҺԚԜӀҮѴαβεικνορτυχϲϳωγηΑΒΕΖΗΙΚΜΝΟΡΤΥΧϹօսհոցıɑɩʟɪᴅᴇᴏɡ';
const READ_AS = 'abeekmhopctyxiijsdhqwlyvbabeekmhopctyxiijsdhqwlyvabeikvoptuxcjwynabezhikmnoptyxcouhngiailideog';

/** Letters that carry no combining accent to strip (NFD leaves them whole). */
const LETTERS: Record<string, string> = { ß: 'ss', ł: 'l', đ: 'd', ð: 'd', ø: 'o', æ: 'ae', œ: 'oe', þ: 'th', ŀ: 'l', ħ: 'h' };

const LOOK_ALIKE = new RegExp(`[${LOOK_ALIKES}]`, 'g');
const FOLDED_LETTER = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'g');

function fold(text: string): string {
  const folded = text
    .normalize('NFKC')
    .replace(LOOK_ALIKE, (c) => READ_AS[LOOK_ALIKES.indexOf(c)] ?? c)
    .toLowerCase()
    .replace(FOLDED_LETTER, (c) => LETTERS[c] ?? c)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  // "D e l e t e": a word spelled out letter by letter reads as the word.
  return folded.replace(/(?:^|(?<= ))\p{L}(?: \p{L}){2,}(?= |$)/gu, (run) => run.replace(/ /g, ''));
}

/**
 * The forms a text is compared in: lower case, NFKC, look-alike letters folded to Latin,
 * accents stripped, punctuation as spaces. An invisible character is read both as nothing
 * ("De\u200Blete" → "delete") and as a break ("Pay\u200Bnow" → "pay now"); text under a
 * right-to-left override also as it is shown, reversed.
 */
export function normalForms(text: string): string[] {
  const forms = new Set([fold(replaceInvisible(text, '')), fold(replaceInvisible(text, ' '))]);
  // Right-to-left overrides show "eteleD" as "Delete": read it the way it is shown, too.
  if (RIGHT_TO_LEFT.test(text)) forms.add(fold(Array.from(replaceInvisible(text, '')).reverse().join('')));
  return [...forms];
}

/** The one normal form of a vocabulary entry (which has no invisible characters). */
export function normalise(text: string): string {
  return fold(replaceInvisible(text, ''));
}

/** Words of an identifier or address: camelCase, kebab-case and snake_case apart ("deleteAccount" → "delete account"). */
export function identifierWords(text: string): string {
  return text.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').replace(/[_\-./]+/g, ' ');
}
