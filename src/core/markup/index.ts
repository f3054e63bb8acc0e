// Markdown and HTML mode of find_writing_signals: read the markup, scan the
// projection (the prose only), then map every signal back to the input and
// apply the ignore directives. Pure: no I/O, runs in Node, browsers and workerd.
import { createLineIndex, lineIndexOfStarts } from '../scanner/line-index';
import type { WritingSignal } from '../scanner/types';
import { applyDirectives, type DirectiveProblem, readDirectives } from './directives';
import { readHtml } from './html';
import { readMarkdown } from './markdown';
import { UnitKind } from './mask';
import { project } from './prose-extraction';

export const TEXT_FORMATS = ['text', 'markdown', 'html'] as const;
export type TextFormat = (typeof TEXT_FORMATS)[number];
export type MarkupFormat = Exclude<TextFormat, 'text'>;

/** UTF-16 units of the input that were not scanned, by reason. */
export interface NotScannedUnits {
  /** Code blocks, code spans, and the contents of script, style, pre, code, kbd, samp, var, template. */
  readonly code: number;
  /** Markers, tags and their attributes, comments, link reference definitions, link titles, table pipes. */
  readonly markup: number;
  /** Autolinks, bare URLs and link destinations. */
  readonly url: number;
  /** YAML or TOML front matter. */
  readonly frontMatter: number;
}

export interface MarkupScan<S> {
  readonly signals: S[];
  /** True when more than `limit` signals remained after the directives. */
  readonly truncated: boolean;
  readonly notScannedUnits: NotScannedUnits;
  readonly suppressedSignals: number;
  /** The first MAX_DIRECTIVE_PROBLEMS directive problems. */
  readonly directiveProblems: readonly DirectiveProblem[];
  /** Directive problems found beyond those listed. */
  readonly omittedDirectiveProblems: number;
}

/**
 * Scans the prose of a Markdown or HTML text. `scan` is the plain-text scanner
 * (with `limit`, it may stop after `limit + 1` signals); the signals it finds
 * in the projection come back with offsets, line, column and quote of `text`.
 */
export function scanMarkup<S extends WritingSignal>(
  text: string,
  format: MarkupFormat,
  limit: number,
  scan: (projected: string, limit: number | undefined) => readonly S[],
): MarkupScan<S> {
  const mask = format === 'markdown' ? readMarkdown(text) : readHtml(text);
  const projection = project(mask);
  const lines = mask.lineStarts === null ? createLineIndex(text) : lineIndexOfStarts(mask.lineStarts);
  const { directives, problems, omittedProblems } = readDirectives(mask.comments, lines);
  // Directives may drop signals after the scan: then the scanner must not stop early.
  const found = scan(projection.text, directives.length === 0 ? limit : undefined);
  const mapped = found.map((signal): S => {
    const start = projection.inputStart(signal.start);
    const end = projection.inputEnd(signal.end);
    const { line, column } = lines.locate(start);
    return { ...signal, start, end, quote: text.slice(start, end), line, column };
  });
  const { kept, suppressed } = applyDirectives(mapped, directives);
  const units = projection.unitsByKind;
  const count = (...kinds: UnitKind[]) => kinds.reduce<number>((sum, kind) => sum + (units[kind] as number), 0);
  return {
    signals: kept.length > limit ? kept.slice(0, limit) : kept,
    truncated: kept.length > limit,
    notScannedUnits: {
      code: count(UnitKind.code),
      markup: count(UnitKind.markup, UnitKind.markupBreak),
      url: count(UnitKind.url, UnitKind.urlDropped),
      frontMatter: count(UnitKind.frontMatter),
    },
    suppressedSignals: suppressed,
    directiveProblems: problems,
    omittedDirectiveProblems: omittedProblems,
  };
}
