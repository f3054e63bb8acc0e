// Shorter message keys in the served page. The sources and tests name each
// message by a readable key such as `signals.summary`; the page the build
// writes carries a code of one or two characters instead, in its data-t
// attributes, its JSON table and the string literals of its script, which
// keeps about 200 bytes (gzipped) off every page. Keys the script builds at
// run time keep their names: `tool.<name>`, the `.one` and `.other` forms,
// and keys without a dot (which could match another string of the script).

/** Whether `key` is shortened in the served page. */
export const shortens = (key: string): boolean => key.includes('.') && !key.startsWith('tool.') && !/\.(one|other)$/.test(key);

/** The code of each shortened key: its position among them, in base 36. */
export function keyCodes(keys: readonly string[]): ReadonlyMap<string, string> {
  return new Map(keys.filter(shortens).map((key, index) => [key, index.toString(36)]));
}

/** `text` with every double-quoted key (`"signals.summary"`) written as its double-quoted code. */
export function shortenKeys(text: string, codes: ReadonlyMap<string, string>): string {
  return text.replace(/"([a-z][\w.-]*\.[\w.-]+)"/g, (quoted, key: string) => {
    const code = codes.get(key);
    return code === undefined ? quoted : `"${code}"`;
  });
}
