// Turns Markdown and HTML documentation into plain prose for the corpora that
// the precision measurement (and the benchmark) scan. The filters are simple on
// purpose: docs/precision.md documents each step so a rerun gets the same text.
import { createHash } from 'node:crypto';
import type { CorpusDocument } from './types';

/** Markdown → prose: drops code (fenced, indented, inline), HTML, images, link targets and URLs. */
export function markdownToProse(markdown: string): string {
  const kept: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const opener = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence !== null) {
      if (opener && opener[1]!.startsWith(fence)) fence = null;
      continue;
    }
    if (opener) {
      fence = opener[1]!;
      continue;
    }
    if (/^(\t| {4,})/.test(line) && !/^\s*([-*+]|\d+[.)])\s/.test(line)) continue; // indented code
    if (/^\s*\[[^\]]+\]:\s*\S+/.test(line)) continue; // link reference definition
    if (/^\s*\|?\s*:?-{3,}/.test(line)) continue; // table separator row
    kept.push(line);
  }
  return stripInlineNoise(
    kept
      .join('\n')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<(pre|code|script|style)\b[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<[^>\n]+>/g, ' ')
      .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
      .replace(/!\[[^\]]*\]\[[^\]]*\]/g, ' ')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
      .replace(/`[^`\n]*`/g, ' ')
      .replace(/\|/g, '\n')
      .replace(/^\s{0,3}#{1,6}\s+/gm, ''),
  );
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  shy: '',
  auml: 'ä',
  ouml: 'ö',
  uuml: 'ü',
  Auml: 'Ä',
  Ouml: 'Ö',
  Uuml: 'Ü',
  szlig: 'ß',
  laquo: '«',
  raquo: '»',
  bdquo: '„',
  ldquo: '“',
  rdquo: '”',
  lsquo: '‘',
  rsquo: '’',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  copy: '©',
};

/** HTML → prose: drops head, scripts, styles, preformatted and code blocks and tags; decodes entities. */
export function htmlToProse(html: string): string {
  return stripInlineNoise(
    html
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<(head|script|style|pre|code|kbd|samp|tt)\b[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<\/?(p|div|br|li|tr|td|th|h\d|dt|dd|table|ul|ol|dl|section|title)\b[^>]*>/gi, '\n\n')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, name: string) => {
        if (name[0] === '#') {
          const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
          return Number.isFinite(code) ? String.fromCodePoint(code) : ' ';
        }
        return ENTITIES[name] ?? all;
      }),
  );
}

function stripInlineNoise(text: string): string {
  return text
    .replace(/\b(?:https?|ftp):\/\/[^\s)>\]]+/gi, ' ')
    .replace(/\bwww\.[^\s)>\]]+/gi, ' ')
    .replace(/\*+/g, '')
    .replace(/(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, '');
}

/**
 * Splits prose into paragraphs (blank-line separated, white space collapsed) and
 * drops every paragraph already seen in `seen` (compared case-insensitively).
 */
export function newParagraphs(text: string, seen: Set<string>): string[] {
  const out: string[] = [];
  for (const raw of text.split(/\n[ \t]*\n/)) {
    const paragraph = raw.replace(/\s+/g, ' ').trim();
    if (countWords(paragraph) < 3) continue;
    const key = paragraph.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(paragraph);
  }
  return out;
}

const WORD = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu;

/** Words: runs of letters, marks and digits (an inner apostrophe joins, a hyphen splits). */
export function countWords(text: string): number {
  let n = 0;
  for (const _ of text.matchAll(WORD)) n++;
  return n;
}

/**
 * Source texts as corpus documents, in order: a text whose prose repeats an
 * earlier one whole is dropped, and so is every paragraph already seen.
 */
export function distinctDocuments(sources: readonly { source: string; prose: string }[]): CorpusDocument[] {
  const seenTexts = new Set<string>();
  const seenParagraphs = new Set<string>();
  const documents: CorpusDocument[] = [];
  for (const { source, prose } of sources) {
    const hash = createHash('sha256').update(prose).digest('hex');
    if (seenTexts.has(hash)) continue;
    seenTexts.add(hash);
    const paragraphs = newParagraphs(prose, seenParagraphs);
    if (paragraphs.length > 0) documents.push({ source, text: paragraphs.join('\n\n') });
  }
  return documents;
}
