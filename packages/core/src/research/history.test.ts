import { describe, expect, it } from 'vitest';
import { historySignals, sensitiveSite, sensitiveTitle } from './history';

describe('history signals', () => {
  it('keep only the site and the title: no path, no query, no scheme', () => {
    const out = historySignals(
      [
        {
          url: 'https://www.example.com/trail/tents?id=42&session=secret#top',
          title: 'Trail tents compared',
          visitCount: 3,
          lastVisitTime: 1_000,
        },
      ],
      10,
    );
    expect(out).toEqual([{ domain: 'example.com', title: 'Trail tents compared', visits: 3, lastVisitAt: 1_000 }]);
    expect(JSON.stringify(out)).not.toMatch(/trail\/tents|secret|id=42|https/);
  });

  it('drop sensitive sites (health, finance, adult) by their names and subdomains', () => {
    const out = historySignals(
      [
        { url: 'https://www.webmd.com/a', title: 'Anything' },
        { url: 'https://secure.chase.com/account', title: 'Home' },
        { url: 'https://mybank.example.org/', title: 'Welcome' },
        { url: 'https://mychart.clinic.org/', title: 'Welcome' },
        { url: 'https://pornhub.com/', title: 'Home' },
        { url: 'https://news.example.org/', title: 'Morning news' },
      ],
      10,
    );
    expect(out.map((s) => s.domain)).toEqual(['news.example.org']);
    expect(sensitiveSite('online.wellsfargo.com')).toBe('finance');
    expect(sensitiveSite('example.com')).toBeNull();
  });

  it('drop pages whose titles speak of health, money or sex, on any site', () => {
    const out = historySignals(
      [
        { url: 'https://forum.example.com/1', title: 'Early symptoms of diabetes' },
        { url: 'https://forum.example.com/2', title: 'My credit card statement is wrong' },
        { url: 'https://forum.example.com/3', title: 'NSFW pictures' },
        { url: 'https://forum.example.com/4', title: 'Best ultralight tents of 2026' },
      ],
      10,
    );
    expect(out.map((s) => s.title)).toEqual(['Best ultralight tents of 2026']);
    expect(sensitiveTitle('Depression and anxiety')).toBe('health');
    expect(sensitiveTitle('Sussex walking routes')).toBeNull();
  });

  it('merge visits per site and title, most visited first, and cut at the limit', () => {
    const out = historySignals(
      [
        { url: 'https://a.example/x', title: 'Rust news', visitCount: 2, lastVisitTime: 10 },
        { url: 'https://a.example/y?page=2', title: 'Rust  news', visitCount: 3, lastVisitTime: 30 },
        { url: 'https://b.example/', title: 'Go news', visitCount: 4, lastVisitTime: 5 },
        { url: 'https://c.example/', title: 'Zig news', visitCount: 1, lastVisitTime: 50 },
      ],
      2,
    );
    expect(out).toEqual([
      { domain: 'a.example', title: 'Rust news', visits: 5, lastVisitAt: 30 },
      { domain: 'b.example', title: 'Go news', visits: 4, lastVisitAt: 5 },
    ]);
  });

  it('leave out what is not a web page, and titles that are only the address', () => {
    const out = historySignals(
      [
        { url: 'chrome://settings', title: 'Settings' },
        { url: 'file:///home/me/notes.txt', title: 'notes.txt' },
        { url: 'not a url', title: 'x' },
        { url: 'https://d.example/p/q', title: 'https://d.example/p/q' },
      ],
      10,
    );
    expect(out).toEqual([{ domain: 'd.example', title: '', visits: 1, lastVisitAt: 0 }]);
  });
});
