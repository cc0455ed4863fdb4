import { describe, expect, it } from 'vitest';
import { formatUrlMap, parseUrlMap } from '../../../../../renderer/src/lib/url-map-text';

describe('the URL map as text', () => {
  it('reads one URL and path per line, skipping blanks and comments, and round-trips', () => {
    const map = parseUrlMap('# data\nhttps://example.org/a.csv  /data/a.csv\n\nHTTP://x.org/b b c.csv\n');
    expect(map).toEqual({ 'https://example.org/a.csv': '/data/a.csv', 'HTTP://x.org/b': 'b c.csv' });
    expect(parseUrlMap(formatUrlMap(map))).toEqual(map);
  });

  it('names the bad line', () => {
    expect(() => parseUrlMap('https://a.org/x  /x\nftp://b.org/y /y')).toThrow(
      /line 2: 'ftp:\/\/b.org\/y' is not an http\(s\) URL/,
    );
    expect(() => parseUrlMap('https://a.org/x')).toThrow(/line 1: https:\/\/a.org\/x needs a local file/);
  });
});
