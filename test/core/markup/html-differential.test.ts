// Differential test of the HTML reader against the same rules on htmlparser2's
// tokenizer (html-reference.ts): random documents, and the Debian Reference
// when it is installed. Both must mark every unit alike, decode the same
// references and find the same comments (where ignore directives live): 5,000
// random documents times WRITING_RULES_TEST_SCALE (test/test-scale.ts);
// `npx tsx lab/markup/fuzz.ts html` runs any number.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scaled, scaledTimeout } from '../../test-scale';
import { seededRandom } from '../../support/seeded-random';
import { readHtml } from '../../../src/core/markup/html';
import { difference, randomHtml } from './html-reference';

const DOCUMENTS = scaled(5_000);
const DEBIAN_REFERENCE = '/usr/share/debian-reference';

describe('the HTML reader against htmlparser2 12', () => {
  it(
    `agrees on ${DOCUMENTS} random documents`,
    () => {
      const rand = seededRandom(20261130);
      const differing: { text: string; difference: string }[] = [];
      for (let i = 0; i < DOCUMENTS && differing.length < 5; i++) {
        const text = randomHtml(rand);
        const found = difference(text);
        if (found !== null) differing.push({ text, difference: found });
      }
      expect(differing).toEqual([]);
    },
    scaledTimeout(60_000),
  );

  it.skipIf(!existsSync(DEBIAN_REFERENCE))(
    'agrees on every page of the Debian Reference',
    () => {
      const differing: string[] = [];
      for (const name of readdirSync(DEBIAN_REFERENCE).filter((file) => file.endsWith('.html'))) {
        const found = difference(readFileSync(join(DEBIAN_REFERENCE, name), 'utf8'));
        if (found !== null) differing.push(`${name}: ${found}`);
      }
      expect(differing).toEqual([]);
    },
    scaledTimeout(60_000),
  );

  it('reads the examples htmlparser2 12 reads differently from the HTML reader it replaced', () => {
    // A closing tag with attributes ends at its `>`; a reference after `</>` starts at its `&`.
    const text = '</em x>a&amp;b</>&rsquo;<code x="y">it</code z>';
    expect(difference(text)).toBeNull();
    const { replacements } = readHtml(text);
    expect(replacements.map((r) => [r.start, r.end, r.text])).toEqual([
      [8, 13, '&'],
      [17, 24, '’'],
    ]);
  });
});
