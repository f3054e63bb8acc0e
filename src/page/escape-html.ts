// HTML escaping for text and attribute values the page prints: the VOIX
// markup at build time and the host's review context in the Worker's route.

const ENTITY: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `value` with `& < > " '` replaced by entities, safe in text and quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITY[char] ?? char);
}
