import type { Contacts } from '../protocol';
import { isAnchor } from './dom';

// Contact details people can see or click: addresses behind "Email us" links count, as
// do numbers in the text; links that are hidden from people do not.

const EMAIL = /[a-z0-9][a-z0-9._%+-]*@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;
const OBFUSCATED_EMAIL = /([a-z0-9._%+-]+)\s*[[(]\s*at\s*[\])]\s*([a-z0-9-]+(?:\s*[[(]\s*dot\s*[\])]\s*[a-z0-9-]+)+)/gi;
const PHONE = /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,4}\)[\s.-]?)?\d{2,4}(?:[\s.-]\d{2,4}){1,4}/g;
const DATE_LIKE = /^\d{4}[-./]\d{1,2}[-./]\d{1,2}$|^\d{1,2}[-./]\d{1,2}[-./]\d{2,4}$|^\d{4}\s*-\s*\d{4}$/;

const SOCIAL: { platform: string; hosts: RegExp; handle: (path: string[]) => string | null }[] = [
  {
    platform: 'x',
    hosts: /^(?:www\.|mobile\.)?(?:twitter\.com|x\.com)$/,
    handle: (p) => (p[0] && !['intent', 'share', 'home', 'search', 'hashtag', 'i'].includes(p[0]) ? `@${p[0]}` : null),
  },
  {
    platform: 'facebook',
    hosts: /^(?:www\.|m\.)?facebook\.com$/,
    handle: (p) => (p[0] && !['sharer', 'sharer.php', 'share', 'dialog', 'plugins', 'tr'].includes(p[0]) ? p[0] : null),
  },
  { platform: 'instagram', hosts: /^(?:www\.)?instagram\.com$/, handle: (p) => (p[0] && p[0] !== 'p' ? `@${p[0]}` : null) },
  {
    platform: 'linkedin',
    hosts: /^(?:[a-z]{2,3}\.|www\.)?linkedin\.com$/,
    handle: (p) => (p[0] && ['in', 'company', 'school'].includes(p[0]) && p[1] ? `${p[0]}/${p[1]}` : null),
  },
  {
    platform: 'github',
    hosts: /^(?:www\.)?github\.com$/,
    handle: (p) => (p[0] && !['sponsors', 'features', 'about', 'login'].includes(p[0]) ? p.slice(0, 2).join('/') : null),
  },
  {
    platform: 'youtube',
    hosts: /^(?:www\.|m\.)?youtube\.com$/,
    handle: (p) => (p[0]?.startsWith('@') ? p[0] : p[0] === 'channel' || p[0] === 'c' || p[0] === 'user' ? (p[1] ?? null) : null),
  },
  { platform: 'tiktok', hosts: /^(?:www\.)?tiktok\.com$/, handle: (p) => (p[0]?.startsWith('@') ? p[0] : null) },
  { platform: 'bluesky', hosts: /^bsky\.app$/, handle: (p) => (p[0] === 'profile' && p[1] ? `@${p[1]}` : null) },
  { platform: 'threads', hosts: /^(?:www\.)?threads\.(?:net|com)$/, handle: (p) => (p[0]?.startsWith('@') ? p[0] : null) },
  {
    platform: 'mastodon',
    hosts: /^(?:mastodon\.[a-z]+|mstdn\.[a-z]+|[a-z.]*social)$/,
    handle: (p) => (p[0]?.startsWith('@') ? p[0] : null),
  },
  {
    platform: 'reddit',
    hosts: /^(?:www\.|old\.)?reddit\.com$/,
    handle: (p) => ((p[0] === 'user' || p[0] === 'u' || p[0] === 'r') && p[1] ? `${p[0]}/${p[1]}` : null),
  },
];

function normalizePhone(raw: string): string | null {
  const trimmed = raw.trim();
  if (DATE_LIKE.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return null;
  // A bare run of digits with no separator is more likely an id or a year range.
  if (!/[\s.()+-]/.test(trimmed)) return null;
  return trimmed.replace(/\s+/g, ' ');
}

export function findContacts(links: Element[], text: string): Contacts {
  const emails = new Map<string, string>();
  const phones = new Map<string, string>();
  const social = new Map<string, Contacts['social'][number]>();
  const addEmail = (value: string) => {
    const email = value.trim().replace(/[.,;:]+$/, '');
    if (/\.(png|jpe?g|gif|webp|svg)$/i.test(email)) return;
    if (!emails.has(email.toLowerCase())) emails.set(email.toLowerCase(), email);
  };
  const addPhone = (value: string) => {
    const phone = normalizePhone(value);
    if (!phone) return;
    const key = phone.replace(/\D/g, '').slice(-10);
    if (!phones.has(key)) phones.set(key, phone);
  };

  for (const link of links) {
    if (!isAnchor(link)) continue;
    const href = link.getAttribute('href') ?? '';
    if (/^mailto:/i.test(href)) {
      const addresses = decodeSafe(href.slice(7).split('?')[0] ?? '');
      addresses.split(',').forEach((a) => a.trim() && addEmail(a));
    } else if (/^tel:/i.test(href)) {
      const number = decodeSafe(href.slice(4));
      addPhone(/[\s.()-]/.test(number) ? number : number.replace(/^(\+?\d{1,3})(\d{3})(\d+)$/, '$1 $2 $3'));
    } else {
      let url: URL;
      try {
        url = new URL(link.href);
      } catch {
        continue;
      }
      const path = url.pathname.split('/').filter(Boolean);
      for (const site of SOCIAL) {
        if (!site.hosts.test(url.hostname)) continue;
        const handle = site.handle(path);
        if (handle && !social.has(`${site.platform}:${handle.toLowerCase()}`)) {
          social.set(`${site.platform}:${handle.toLowerCase()}`, { platform: site.platform, url: `${url.origin}${url.pathname}`, handle });
        }
      }
    }
  }
  for (const match of text.matchAll(EMAIL)) addEmail(match[0]);
  for (const match of text.matchAll(OBFUSCATED_EMAIL)) {
    const domain = (match[2] ?? '').replace(/\s*[[(]\s*dot\s*[\])]\s*/gi, '.');
    addEmail(`${match[1] ?? ''}@${domain}`);
  }
  for (const match of text.matchAll(PHONE)) {
    const index = match.index;
    if (/[\d\w]/.test(text.charAt(index - 1))) continue;
    const groups = match[0].split(/[\s.()+-]+/).filter(Boolean);
    if (groups.every((g) => /^(19|20)\d\d$/.test(g))) continue;
    // Plain runs of spaced digits are phones only when the text says so.
    const formatted = /[+(]|\d[-.]\d/.test(match[0]);
    const context = text.slice(Math.max(0, index - 30), index).toLowerCase();
    if (!formatted && !/(phone|tel|call|fax|mobile|whatsapp)/.test(context)) continue;
    addPhone(match[0]);
  }
  return { emails: [...emails.values()], phones: [...phones.values()], social: [...social.values()] };
}

function decodeSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
