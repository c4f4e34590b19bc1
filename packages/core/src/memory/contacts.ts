// Contacts are what people come back for ("the doctor's email") and what a chunk of prose
// hides best, so a document's contacts become a chunk of their own, named after the page.

import { decodeLenient } from '../uri';

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
const CONTACT_KEY = /^(?:e-?mails?|(?:tele)?phones?|tel|fax|mobile|contacts?|(?:postal)?address(?:es)?|social)$/i;

export interface FoundContacts {
  emails: string[];
  phones: string[];
  /** Other contact metadata (postal address, social accounts, "contact"), by key. */
  other: [string, string][];
}

/** Contacts in the metadata (emails, phones, address …) and in the text (mailto:, tel:, e-mail addresses). */
export function findContacts(text: string, metadata: Record<string, string>): FoundContacts {
  const emails = new Set<string>();
  const phones = new Set<string>();
  const other: [string, string][] = [];
  for (const [key, value] of Object.entries(metadata)) {
    if (!CONTACT_KEY.test(key) || !value.trim()) continue;
    if (/mail/i.test(key)) for (const email of value.match(EMAIL) ?? []) emails.add(email);
    else if (/phone|tel|fax|mobile/i.test(key)) for (const phone of value.split(/[,;]\s*/)) addPhone(phones, phone);
    else other.push([key, value.trim()]);
  }
  for (const match of text.matchAll(/mailto:([^\s)"'<>?]+)/gi)) if (match[1]) emails.add(decode(match[1]));
  for (const match of text.matchAll(/tel:([+\d][\d\s().-]*\d)/gi)) if (match[1]) addPhone(phones, match[1]);
  for (const email of text.match(EMAIL) ?? []) emails.add(email);
  return { emails: dedupe([...emails]), phones: [...phones], other };
}

/** The contacts chunk's text ("Contacts on <title>: email …; phone …."), or '' when there are none. */
export function contactsText(title: string, found: FoundContacts): string {
  const parts = [
    ...found.emails.map((email) => `email ${email}`),
    ...found.phones.map((phone) => `phone ${phone}`),
    ...found.other.map(([key, value]) => `${key} ${value}`),
  ];
  return parts.length > 0 ? `Contacts on ${title || 'this page'}: ${parts.join('; ')}.` : '';
}

function addPhone(phones: Set<string>, phone: string): void {
  const clean = phone.replace(/\s+/g, ' ').trim();
  if (clean.replace(/\D/g, '').length >= 5) phones.add(clean);
}

const decode = decodeLenient;

// Case-insensitively, keeping the first spelling.
function dedupe(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = value.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
