import { describe, expect, it } from 'vitest';
import { canonicalHost, covers, isLoopback, isPublicSuffix, normalizeSite, parseSite, SitePermissions, siteKey, siteOf } from './sites';

describe('site matching', () => {
  it('a rule covers its domain and subdomains, never look-alikes', () => {
    expect(covers('example.com', 'example.com')).toBe(true);
    expect(covers('example.com', 'www.example.com')).toBe(true);
    expect(covers('example.com', 'a.b.example.com')).toBe(true);
    expect(covers('example.com', 'evil-example.com')).toBe(false);
    expect(covers('example.com', 'example.com.evil.net')).toBe(false);
    expect(covers('example.com', 'notexample.com')).toBe(false);
    expect(covers('www.example.com', 'example.com')).toBe(false);
  });

  it('the most specific rule wins; no rule means ask', () => {
    const sites = new SitePermissions([
      { site: 'example.com', decision: 'allow' },
      { site: 'admin.example.com', decision: 'block' },
    ]);
    expect(sites.decide('shop.example.com').decision).toBe('allow');
    expect(sites.decide('admin.example.com').decision).toBe('block');
    expect(sites.decide('x.admin.example.com').decision).toBe('block');
    expect(sites.decide('example.org').decision).toBe('ask');
  });

  it('reads sites the way people write them', () => {
    expect(normalizeSite('https://www.Example.com/path?q=1')).toBe('www.example.com');
    expect(normalizeSite('*.example.com')).toBe('example.com');
    expect(normalizeSite('example.com:8080')).toBe('example.com');
    expect(normalizeSite('not a site!')).toBe('');
    expect(siteOf('http://127.0.0.1:4170/shop')).toBe('127.0.0.1');
    expect(siteOf('not a url')).toBe('');
  });
});

describe('public suffixes and Unicode names', () => {
  it('knows which names many owners share (the Public Suffix List, private suffixes included)', () => {
    for (const suffix of ['com', 'co.uk', 'github.io', 'blogspot.com', 's3.amazonaws.com'])
      expect(isPublicSuffix(suffix), suffix).toBe(true);
    for (const site of ['example.co.uk', 'user.github.io', 'localhost', '127.0.0.1', 'example.com'])
      expect(isPublicSuffix(site), site).toBe(false);
  });

  it('refuses a rule or secret for a bare public suffix, saying why', () => {
    expect(parseSite('co.uk')).toEqual({
      ok: false,
      error:
        'co.uk is a public suffix: sites of many different owners end in it (like example.co.uk), so a rule or secret for it would cover all of them. Name the site itself.',
    });
    const pages = parseSite('https://github.io/');
    expect(pages.ok ? '' : pages.error).toContain('github.io is a public suffix');
    expect(parseSite('*.github.io')).toMatchObject({ ok: false });
    expect(parseSite('me.github.io')).toEqual({ ok: true, site: 'me.github.io' });
    expect(parseSite('localhost')).toEqual({ ok: true, site: 'localhost' });
    expect(parseSite('')).toEqual({ ok: false, error: 'Name a site, like example.com.' });
    expect(parseSite('not a site!')).toMatchObject({ ok: false, error: '"not a site!" is not a site name; write one like example.com.' });
  });

  it('an allow rule stored for a suffix before they were refused allows nothing; a block still blocks', () => {
    const sites = new SitePermissions([
      { site: 'co.uk', decision: 'allow' },
      { site: 'github.io', decision: 'block' },
    ]);
    expect(sites.decide('evil.co.uk').decision).toBe('ask');
    expect(sites.decide('someone.github.io').decision).toBe('block');
  });

  it('accepts Unicode names and compares them in punycode, as the browser does', () => {
    expect(normalizeSite('bücher.de')).toBe('xn--bcher-kva.de');
    expect(normalizeSite('https://Bücher.de/angebote')).toBe('xn--bcher-kva.de');
    expect(siteOf('https://www.bücher.de/x')).toBe('www.xn--bcher-kva.de');
    const sites = new SitePermissions([{ site: normalizeSite('bücher.de'), decision: 'block' }]);
    expect(sites.decide(siteOf('https://shop.bücher.de/')).decision).toBe('block');
  });

  it('one site is what one owner controls: subdomains of a registrable domain', () => {
    expect(siteKey('www.example.co.uk')).toBe('example.co.uk');
    expect(siteKey('shop.example.co.uk')).toBe('example.co.uk');
    expect(siteKey('docs.me.github.io')).toBe('me.github.io');
    expect(siteKey('you.github.io')).not.toBe(siteKey('me.github.io'));
    expect(siteKey('127.0.0.1')).toBe('127.0.0.1');
    expect(siteKey('localhost')).toBe('localhost');
  });

  it('one host, however it is written: IPv4 inside IPv6, number forms, trailing dots, brackets', () => {
    expect(siteOf('http://[::ffff:127.0.0.1]:4170/')).toBe('127.0.0.1');
    expect(siteOf('http://[::ffff:7f00:1]/')).toBe('127.0.0.1');
    expect(siteOf('http://[0:0:0:0:0:ffff:c0a8:0101]/')).toBe('192.168.1.1');
    expect(siteOf('http://127.1/')).toBe('127.0.0.1');
    expect(siteOf('http://0x7f.0.0.1/')).toBe('127.0.0.1');
    expect(siteOf('http://2130706433/')).toBe('127.0.0.1');
    expect(siteOf('https://Example.COM./')).toBe('example.com');
    expect(siteOf('http://[::1]/')).toBe('::1');
    expect(canonicalHost('[::FFFF:10.0.0.1]')).toBe('10.0.0.1');
    expect(parseSite('[::ffff:127.0.0.1]')).toEqual({ ok: true, site: '127.0.0.1' });
  });

  it('a block on this machine holds under every name for it; other rules stay as written', () => {
    const blocked = new SitePermissions([{ site: '127.0.0.1', decision: 'block' }]);
    for (const url of [
      'http://localhost:4170/',
      'http://0.0.0.0:4170/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::1]/',
      'http://127.0.0.2/',
      'http://[::]/',
    ])
      expect(blocked.decide(siteOf(url)).decision, url).toBe('block');
    expect(blocked.decide('example.com').decision).toBe('ask');
    expect(isLoopback('192.168.1.1')).toBe(false);
    // A subdomain of localhost is a site of its own: blocking it blocks only it.
    expect(new SitePermissions([{ site: 'evil.localhost', decision: 'block' }]).decide('127.0.0.1').decision).toBe('ask');
    // An allow on one name does not allow the others (asking more, never less).
    const allowed = new SitePermissions([{ site: 'localhost', decision: 'allow' }]);
    expect(allowed.decide('127.0.0.1').decision).toBe('ask');
    // A more specific allow does not lift a block on the machine.
    const both = new SitePermissions([
      { site: 'localhost', decision: 'block' },
      { site: '127.0.0.1', decision: 'allow' },
    ]);
    expect(both.decide(siteOf('http://[::ffff:127.0.0.1]/')).decision).toBe('block');
  });
});
