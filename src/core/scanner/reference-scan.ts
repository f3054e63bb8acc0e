// The straightforward scanner: each record's own regex over the whole text, one
// record after another. It defines what the fast scanner must return; tests
// compare both, and the benchmark measures the fast one against it.
import type { CompiledSignalRecord } from '../catalogue/compiled-types';
import { markBlockBoundaries } from './block-boundaries';
import { readProse } from './non-prose';
import { selectRecords, type ScanRequest } from './scan-request';
import { compareSignals } from './signal-order';
import type { WritingSignal } from './types';

type Span = Omit<WritingSignal, 'line' | 'column'>;

function withPositions(text: string, spans: readonly Span[]): WritingSignal[] {
  const located: WritingSignal[] = [];
  let index = 0;
  let line = 1;
  let lineStart = 0;
  for (const span of spans) {
    for (; index < span.start; index++) {
      const unit = text.charCodeAt(index);
      if (unit === 0x0d && text.charCodeAt(index + 1) === 0x0a) index++;
      if (unit === 0x0a || unit === 0x0d) {
        line++;
        lineStart = index + 1;
      }
    }
    located.push({ ...span, line, column: span.start - lineStart + 1 });
  }
  return located;
}

/**
 * Every signal of the selected rules' records in `language` (and levels), sorted. Each
 * record's regex runs over the text with its block boundaries marked
 * (block-boundaries.ts) and its non-prose tokens masked (non-prose.ts), which
 * has the same offsets; a match is kept when it is a use of a cue in prose
 * (non-prose.ts); quotes come from the text.
 */
export function referenceScan(records: readonly CompiledSignalRecord[], request: ScanRequest): WritingSignal[] {
  const spans: Span[] = [];
  const prose = readProse(markBlockBoundaries(request.text), request.language);
  for (const record of selectRecords(records, request)) {
    for (const match of prose.text.matchAll(new RegExp(record.source, record.flags))) {
      if (!prose.isUse(match.index, match.index + match[0].length)) continue;
      spans.push({
        ruleId: record.ruleId,
        patternId: record.id,
        level: record.level,
        kind: 'surface-cue',
        quote: request.text.slice(match.index, match.index + match[0].length),
        start: match.index,
        end: match.index + match[0].length,
        encoding: 'utf16',
        reviewRequired: true,
      });
    }
  }
  return withPositions(request.text, spans.sort(compareSignals));
}
