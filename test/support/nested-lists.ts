// Markdown lists nested `depth` deep, level after level and back to the top,
// each item a short line with a signal phrase: the shape that made the block
// reader quadratic in nesting depth (every open container re-read the line's
// indentation).

/** `units` UTF-16 units of list items nested 0 to depth − 1 levels deep, two spaces a level. */
export function nestedLists(depth: number, units: number): string {
  const lines: string[] = [];
  let length = 0;
  for (let level = 0; length < units; level = (level + 1) % depth) {
    const line = `${'  '.repeat(level)}- powerful item\n`;
    lines.push(line);
    length += line.length;
  }
  return lines.join('').slice(0, units);
}
