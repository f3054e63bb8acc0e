// The ids of JSON-RPC messages exactly as the client wrote them. JSON.parse
// turns 9007199254740993 into 9007199254740992, and JSON-RPC requires the
// answer to carry the request's id unchanged: so the answer is written with
// the id's own source text. One linear pass over text JSON.parse has accepted.

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);

/**
 * The source text of the `id` member of each message: for a single message a
 * one-item array, for a batch one item per element (undefined where an
 * element is not an object or has no `id`). With duplicate keys the last
 * wins, as in JSON.parse. `json` must be valid JSON.
 */
export function rawIdsOf(json: string): (string | undefined)[] {
  let at = skipWhitespace(json, 0);
  if (json[at] !== '[') return [rawIdOfMessage(json, at).id];
  const ids: (string | undefined)[] = [];
  at = skipWhitespace(json, at + 1);
  while (json[at] !== ']') {
    const { id, end } = rawIdOfMessage(json, at);
    ids.push(id);
    at = skipWhitespace(json, end);
    if (json[at] === ',') at = skipWhitespace(json, at + 1);
  }
  return ids;
}

/** The raw `id` of the value at `start` if it is an object, and where the value ends. */
function rawIdOfMessage(json: string, start: number): { id: string | undefined; end: number } {
  if (json[start] !== '{') return { id: undefined, end: endOfValue(json, start) };
  let id: string | undefined;
  let at = skipWhitespace(json, start + 1);
  while (json[at] !== '}') {
    const keyEnd = endOfString(json, at);
    const key = JSON.parse(json.slice(at, keyEnd)) as string;
    const valueStart = skipWhitespace(json, skipWhitespace(json, keyEnd) + 1);
    const valueEnd = endOfValue(json, valueStart);
    if (key === 'id') id = json.slice(valueStart, valueEnd);
    at = skipWhitespace(json, valueEnd);
    if (json[at] === ',') at = skipWhitespace(json, at + 1);
  }
  return { id, end: at + 1 };
}

function skipWhitespace(json: string, from: number): number {
  let at = from;
  while (WHITESPACE.has(json[at] as string)) at += 1;
  return at;
}

/** `start` is at a quote: the index after the closing quote. */
function endOfString(json: string, start: number): number {
  let at = start + 1;
  while (json[at] !== '"') at += json[at] === '\\' ? 2 : 1;
  return at + 1;
}

/** The index after the value that begins at `start`; containers are skipped by counting depth, without recursion. */
function endOfValue(json: string, start: number): number {
  const first = json[start];
  if (first === '"') return endOfString(json, start);
  if (first === '{' || first === '[') {
    let depth = 0;
    let at = start;
    do {
      const char = json[at];
      if (char === '"') {
        at = endOfString(json, at);
        continue;
      }
      if (char === '{' || char === '[') depth += 1;
      else if (char === '}' || char === ']') depth -= 1;
      at += 1;
    } while (depth > 0);
    return at;
  }
  let at = start;
  while (at < json.length && !WHITESPACE.has(json[at] as string) && json[at] !== ',' && json[at] !== '}' && json[at] !== ']') at += 1;
  return at;
}
