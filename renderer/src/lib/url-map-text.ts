// The Settings screen's URL map as text: one `URL  local path` per line (# starts a comment), parsed with a clear
// error for a bad line.
/** `URL  local path` lines → the URL map; a line without a path, or a URL that is not http(s), is an error. */
export function parseUrlMap(text: string): Record<string, string> {
  const map: Record<string, string> = {};
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [url = '', ...rest] = line.split(/\s+/);
    const file = rest.join(' ').trim();
    if (!/^https?:\/\//i.test(url)) throw new Error(`URL map, line ${i + 1}: '${url}' is not an http(s) URL`);
    if (!file) throw new Error(`URL map, line ${i + 1}: ${url} needs a local file after it`);
    map[url] = file;
  }
  return map;
}

export function formatUrlMap(map: Record<string, string>): string {
  return Object.entries(map)
    .map(([url, file]) => `${url}  ${file}`)
    .join('\n');
}
