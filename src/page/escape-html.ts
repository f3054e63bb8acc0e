// HTML escaping for text and attribute values the page prints: the messages
// filled in at build time (fill-messages.ts) and the host's review context in
// the Worker's route. The VOIX markup keeps apostrophes (voix-tools.ts).

const ENTITY: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `value` with `& < > " '` replaced by entities, safe in text and quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITY[char] ?? char);
}
