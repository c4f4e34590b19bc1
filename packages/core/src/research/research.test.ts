import { describe, expect, it } from 'vitest';
import { contentFingerprint, fingerprintDistance, nearDuplicate, normaliseUrl, relevance } from './dedupe';
import { readSearchResults, readVideoResults } from './serp';
import { searchAddress } from './search';
import { reweigh } from './types';

// The pure parts of research: reading results pages of different engines' shapes, telling
// the same page and the same story apart, judging a result against an interest, and how
// reactions move an interest's weight.

const DDG = `<div class="results"><div class="result"><h2 class="result__title"><a class="result__a" href="//duckduckgo.com/l/?uddg=https%3A%2F%2Fexample.com%2Ftrail%3Fa%3D1&amp;rut=x">Trail &amp; running</a></h2>
<a class="result__url" href="//duckduckgo.com/l/?uddg=x">example.com/trail</a><a class="result__snippet">Shoes that <b>grip</b> wet rock.</a></div>
<div class="result"><h2><a href="https://other.example/tents">Tents</a></h2><div>Light shelters.</div></div></div>`;

const GOOGLE = `<div id="search"><div class="g"><a href="/url?q=https://news.example/a&amp;sa=U"><h3>Alpine races</h3></a><div><span>news.example › a</span></div><div>Five winter races.</div></div>
<div class="g"><a href="https://b.example/"><h3>Second</h3></a><div>Another.</div></div></div><h2><a href="/search?q=more">Related searches</a></h2>`;

const YOUTUBE = `<ytd-video-renderer><a id="thumbnail" href="/watch?v=abc"><img src="https://i.ytimg.com/vi/abc/hq.jpg"><span>12:04</span></a>
<h3><a id="video-title" title="Form drills for hills" href="/watch?v=abc">Form drills for hills</a></h3>
<div id="metadata"><a href="/@HillLab">Hill Lab</a><span>48K views</span><span>2 weeks ago</span></div></ytd-video-renderer>
<ytd-video-renderer><h3><a href="/watch?v=def">Second video</a></h3><span>1:02:03</span><span>1.2M views</span><span>Packed Light</span></ytd-video-renderer>
<ytd-shelf-renderer><h2><a href="/feed/trending">Trending</a></h2></ytd-shelf-renderer>`;

describe('reading results pages', () => {
  it('DuckDuckGo-like: redirect links unwrapped, snippets without the shown address', () => {
    expect(readSearchResults(DDG, 'https://html.duckduckgo.com/html/?q=trail')).toEqual([
      { title: 'Trail & running', url: 'https://example.com/trail?a=1', snippet: 'Shoes that grip wet rock.' },
      { title: 'Tents', url: 'https://other.example/tents', snippet: 'Light shelters.' },
    ]);
  });

  it('decodes every entity HTML defines, named (with or without ;) and numeric; a malformed address skips only its result', () => {
    const html = `<div><h3><a href="https://a.example/caf&eacute;">Caf&eacute; cr&egrave;me &ndash; na&iuml;ve &frac12; &euro;5 &hearts; &#x1F600; &#128512;</a></h3><div>Fish &amp chips &copy; 2026 &notanentity;</div></div>
<div><h3><a href="http://[not an address">Broken</a></h3><div>Skipped.</div></div>
<div><h3><a href="https://search.example/l/?uddg=http%3A%2F%2F%5Bbroken">Broken redirect</a></h3><div>Its own link.</div></div>`;
    expect(readSearchResults(html, 'https://search.example/?q=cafe')).toEqual([
      {
        title: 'Café crème – naïve ½ €5 ♥ 😀 😀',
        url: 'https://a.example/caf%C3%A9',
        // As browsers read it: &not is one of the legacy names that need no semicolon.
        snippet: 'Fish & chips © 2026 ¬anentity;',
      },
      { title: 'Broken redirect', url: 'https://search.example/l/?uddg=http%3A%2F%2F%5Bbroken', snippet: 'Its own link.' },
    ]);
  });

  it("Google-like: a link holding the heading, the engine's own links left out", () => {
    const results = readSearchResults(GOOGLE, 'https://www.google.com/search?q=races');
    expect(results.map((r) => r.url)).toEqual(['https://news.example/a', 'https://b.example/']);
    expect(results[0]?.snippet).toBe('Five winter races.');
  });

  it('videos: title, channel, duration, views, thumbnail; shelves are not videos', () => {
    expect(readVideoResults(YOUTUBE, 'https://www.youtube.com/results?search_query=x')).toEqual([
      {
        title: 'Form drills for hills',
        channel: 'Hill Lab',
        duration: '12:04',
        views: '48K views',
        url: 'https://www.youtube.com/watch?v=abc',
        thumbnail: 'https://i.ytimg.com/vi/abc/hq.jpg',
      },
      {
        title: 'Second video',
        channel: 'Packed Light',
        duration: '1:02:03',
        views: '1.2M views',
        url: 'https://www.youtube.com/watch?v=def',
      },
    ]);
  });

  it('a search address needs %s and http(s)', () => {
    expect(searchAddress('https://s.example/?q=%s', 'a b&c')).toBe('https://s.example/?q=a%20b%26c');
    expect(() => searchAddress('https://s.example/', 'x')).toThrow('has no %s');
    expect(() => searchAddress('javascript:%s', 'x')).toThrow('must start with http');
  });
});

describe('telling found things apart', () => {
  it('normalises addresses: no fragment, tracking parameters, www or trailing slash; the rest sorted', () => {
    expect(normaliseUrl('https://www.Example.com/a/?utm_source=x&b=2&a=1#top')).toBe('example.com/a?a=1&b=2');
    expect(normaliseUrl('https://example.com/a?a=1&b=2')).toBe('example.com/a?a=1&b=2');
    // One result with a malformed escape is compared as written, never aborts the run.
    expect(normaliseUrl('https://example.com/sale?100%=off&%75tm_source=x')).toBe('example.com/sale?100%=off');
    expect(normaliseUrl('https://example.com/a?id=1')).not.toBe(normaliseUrl('https://example.com/a?id=2'));
    expect(normaliseUrl('mailto:x@example.com')).toBe('');
  });

  it('the same story with a new byline and footer is a near duplicate; another story is not', () => {
    const story = Array.from({ length: 8 }, (_, i) => `Sentence ${i} about trail shoes on wet granite after rain, tested for grip.`).join(
      ' ',
    );
    const copy = `By the wire desk. ${story} Distributed by Gym Wire.`;
    const other = Array.from({ length: 8 }, (_, i) => `Line ${i}: a sourdough starter needs warm water, flour and patience each day.`).join(
      ' ',
    );
    expect(nearDuplicate(contentFingerprint(story), contentFingerprint(copy))).toBe(true);
    expect(fingerprintDistance(contentFingerprint(story), contentFingerprint(other))).toBeGreaterThan(12);
    expect(contentFingerprint('too short')).toBe('');
    expect(nearDuplicate('', '')).toBe(false);
  });

  it('judges a result by the share of the interest it mentions, and says why', () => {
    expect(relevance('trail running', 'Trail running shoes', 'x')).toEqual({
      score: 1,
      why: 'Found searching "trail running": the title mentions trail, running.',
    });
    expect(relevance('ultralight tents', 'Pitching a tent in wind', '').score).toBe(0.5);
    expect(relevance('ultralight tents', 'Bike lanes', 'city council').score).toBe(0);
  });
});

describe('reactions', () => {
  it('up ×1.25, down ×0.8, kept within 0.1..5', () => {
    expect(reweigh(1, 'up')).toBe(1.25);
    expect(reweigh(1, 'down')).toBe(0.8);
    expect(reweigh(4.5, 'up')).toBe(5);
    expect(reweigh(0.11, 'down')).toBe(0.1);
  });
});
