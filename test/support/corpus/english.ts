// The English corpus: README.md files of the installed npm packages, as prose.
// Deterministic for one node_modules tree: files in sorted path order,
// duplicate files and duplicate paragraphs dropped.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { markdownToProse, newParagraphs } from './prose';
import type { Corpus } from './types';

function findReadmes(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) findReadmes(path, out);
    else if (entry.isFile() && entry.name.toLowerCase() === 'readme.md') out.push(path);
  }
}

/** Builds the English corpus from `<root>/node_modules/**\/README.md`. */
export function buildEnglishCorpus(root: string): Corpus {
  const files: string[] = [];
  findReadmes(join(root, 'node_modules'), files);
  files.sort();
  const seenFiles = new Set<string>();
  const seenParagraphs = new Set<string>();
  const documents = [];
  for (const file of files) {
    const markdown = readFileSync(file, 'utf8');
    const hash = createHash('sha256').update(markdown).digest('hex');
    if (seenFiles.has(hash)) continue;
    seenFiles.add(hash);
    const paragraphs = newParagraphs(markdownToProse(markdown), seenParagraphs);
    if (paragraphs.length > 0) documents.push({ source: relative(root, file), text: paragraphs.join('\n\n') });
  }
  const lock = readFileSync(join(root, 'package-lock.json'));
  return {
    language: 'en',
    documents,
    provenance: [
      `README.md files of node_modules: ${files.length} found, ${seenFiles.size} distinct, ${documents.length} with prose`,
      `package-lock.json sha256 ${createHash('sha256').update(lock).digest('hex').slice(0, 16)}`,
    ],
  };
}
