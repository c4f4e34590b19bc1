import { describe, expect, it } from 'vitest';
import { covers, normalizeSite, SitePermissions, siteOf } from './sites';

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
    const sites = new SitePermissions([{ site: 'example.com', decision: 'allow' }, { site: 'admin.example.com', decision: 'block' }]);
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
