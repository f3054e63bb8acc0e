// Application descriptions from Debian's AppStream metadata (DEP-11
// Components-<arch>.yml.gz, one YAML document per application): the text
// software centres show to sell an application, translated by its project.
// Only each component's `Package` and its `Description` block are parsed:
// the files are tens of megabytes of YAML.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parse } from 'yaml';
import { newParagraphs } from '../../test/support/corpus/prose';
import type { CorpusDocument } from '../../test/support/corpus/types';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };

/** AppStream description markup (<p>, <ul>/<ol> of <li>, <em>, <code>) as paragraphs of plain text. */
export function appstreamMarkupToText(markup: string): string {
  return markup
    .replace(/<\/(p|li)>/g, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|apos|#39);/g, (_, name: string) => ENTITIES[name]!);
}

/**
 * One document per component with a description in `language` (English is
 * AppStream's untranslated `C` text), its source
 * `appstream:<package>`; a paragraph already in `seen` is dropped.
 */
export function readAppstreamDescriptions(
  file: string,
  language: string,
  seen: Set<string>,
): { documents: CorpusDocument[]; provenance: string } {
  const raw = readFileSync(file);
  const text = (file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  const documents: CorpusDocument[] = [];
  let components = 0;
  for (const component of text.split(/^---$/m)) {
    const name = /^Package: (.+)$/m.exec(component)?.[1];
    const at = component.search(/^Description:$/m);
    if (!name || at < 0) continue;
    components++;
    // The Description mapping alone (its lines up to the next top-level key), parsed as YAML.
    const lines = component.slice(at).split('\n');
    const end = lines.findIndex((l, i) => i > 0 && l !== '' && !l.startsWith(' '));
    const block = parse(lines.slice(0, end < 0 ? undefined : end).join('\n')) as { Description?: Record<string, unknown> };
    const value = block.Description?.[language === 'en' ? 'C' : language];
    if (typeof value !== 'string') continue;
    const description = appstreamMarkupToText(value);
    const kept = newParagraphs(description, seen);
    if (kept.length > 0) documents.push({ source: `appstream:${name}`, text: kept.join('\n\n') });
  }
  return { documents, provenance: `${file.split('/').pop()}: ${components} components, ${documents.length} with new ${language} text` };
}
