// Glob patterns for the config file's `ignore` and `overrides[].files`,
// matched against paths relative to the config file's directory with `/`
// separators: `*` matches within one path segment, `**` any number of
// segments, `?` one character; a pattern without `/` matches the file name
// at any depth, as in .gitignore.

/** A matcher for one pattern. */
export function globMatcher(pattern: string): (relativePath: string) => boolean {
  const anchored = pattern.includes('/');
  const body = pattern.replace(/^\.\//, '').replace(/^\//, '');
  const source = toRegExpSource(anchored ? body : `**/${body}`);
  const regexp = new RegExp(`^${source}$`, 'u');
  return (relativePath) => regexp.test(relativePath);
}

function toRegExpSource(pattern: string): string {
  let source = '';
  for (let at = 0; at < pattern.length; at++) {
    const char = pattern[at] as string;
    if (char === '*' && pattern[at + 1] === '*') {
      const slashAfter = pattern[at + 2] === '/';
      // `**/` matches zero or more whole segments; a trailing `**` matches the rest.
      source += slashAfter ? '(?:[^/]*/)*' : '.*';
      at += slashAfter ? 2 : 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[\\^$.|+()[\]{}]/g, '\\$&');
  }
  return source;
}
