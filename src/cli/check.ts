// Checks one text with the library's find_writing_signals, through the same
// dispatcher hosts use. Texts over the tool's limit go in pieces (pieces.ts);
// the signals come back with offsets, lines and columns of the whole text.
import {
  MAX_TEXT_UNITS,
  createWritingToolDispatcher,
  writingReviewTools,
  type SignalCoverage,
  type WritingSignal,
  type FindWritingSignalsResult,
  type WritingToolArgumentsByName,
} from '../core/index';
import type { ScanMode } from './files';
import { MAX_DIRECTIVE_PROBLEMS } from '../core/markup/directives';
import { splitIntoPieces } from './pieces';
import { UsageError, type ScanSettings } from './settings';

export interface FileSignals {
  readonly signals: readonly WritingSignal[];
  readonly coverage: SignalCoverage;
  /** The mode the text was scanned in: the file's, or text where the library has no markup modes. */
  readonly mode: ScanMode;
  /** How many pieces the text was scanned in (1 within the tool's limit). */
  readonly pieces: number;
  /** Where the text had to be split inside a word or markup, since no safe split point was in reach. */
  readonly unsafeSplits: readonly UnsafeSplit[];
}

export interface UnsafeSplit {
  /** Where the split fell. */
  readonly line: number;
  readonly column: number;
  /** "a word", "a tag", "<script>", "fenced code" … */
  readonly inside: string;
  /** Where the next piece started, when the rest of the word or skipped markup was passed over. */
  readonly resumed?: { readonly line: number; readonly column: number };
}

/** Whether this build of the library takes find_writing_signals' `format` argument (Markdown, HTML). */
export const LIBRARY_SCANS_MARKUP = (() => {
  const descriptor = writingReviewTools.find((tool) => tool.name === 'find_writing_signals');
  const properties = descriptor?.inputSchema.properties as Record<string, unknown> | undefined;
  return properties !== undefined && 'format' in properties;
})();

/** The mode a file is scanned in, given the mode its name asks for. */
export function effectiveMode(requested: ScanMode, scansMarkup = LIBRARY_SCANS_MARKUP): ScanMode {
  return scansMarkup ? requested : 'text';
}

export interface TextChecker {
  check(text: string, mode: ScanMode, settings: ScanSettings): Promise<FileSignals>;
}

/** A checker over one dispatcher; `pieceUnits` is the piece size (the tool's limit; smaller in tests). */
export function createTextChecker(pieceUnits: number = MAX_TEXT_UNITS): TextChecker {
  const dispatcher = createWritingToolDispatcher();

  const scan = async (text: string, mode: ScanMode, settings: ScanSettings): Promise<FindWritingSignalsResult> => {
    const args: WritingToolArgumentsByName['find_writing_signals'] = {
      text,
      language: settings.language,
      maxSignals: settings.maxSignals,
      ...(settings.profile === undefined ? {} : { profile: settings.profile }),
      ...(settings.rules === undefined ? {} : { ruleIds: [...settings.rules] }),
      ...(mode === 'text' ? {} : { format: mode }),
    };
    const result = await dispatcher.dispatch({ name: 'find_writing_signals', arguments: args });
    // Texts and sizes are the CLI's own; only the settings can be refused, in
    // practice rules outside the profile. The user wrote `rules`, not `ruleIds[n]`.
    if (!result.ok) throw new UsageError(result.error.message.replace(/^ruleIds(?:\[\d+\])?/, 'rules'));
    return result.data;
  };

  return {
    async check(text, requested, settings) {
      const mode = effectiveMode(requested);
      const pieces = splitIntoPieces(text, pieceUnits, { mode });
      if (pieces.length === 1 && pieces[0]?.ownedEnd === text.length) {
        const data = await scan(text, mode, settings);
        return { signals: data.signals, coverage: data.coverage, mode, pieces: 1, unsafeSplits: [] };
      }
      const signals: WritingSignal[] = [];
      const directiveProblems: { line: number; message: string }[] = [];
      let omittedDirectiveProblems = 0;
      let coverage: SignalCoverage | undefined;
      let truncated = false;
      const unsafeSplits: UnsafeSplit[] = [];
      // The previous piece's signals that run past its end, into this piece.
      let reaching: WritingSignal[] = [];
      for (const [index, piece] of pieces.entries()) {
        const data = await scan(text.slice(piece.start, piece.scanEnd), mode, settings);
        coverage ??= data.coverage;
        const split = piece.unsafeEnd;
        if (split !== undefined) {
          const resumed = split.resume === undefined ? {} : { resumed: { line: split.resume.line, column: split.resume.column } };
          unsafeSplits.push({ line: split.line, column: split.column, inside: split.inside, ...resumed });
        }
        const owned = data.signals
          .filter((signal) => piece.start + signal.start < piece.ownedEnd)
          .map((signal) => ({
            ...signal,
            start: piece.start + signal.start,
            end: piece.start + signal.end,
            line: piece.line + signal.line - 1,
            column: signal.line === 1 ? piece.column + signal.column - 1 : signal.column,
          }))
          // A phrase across the split point is the previous piece's, which saw
          // all of it; this piece, starting inside it, may match its tail
          // ("worth noting that" of "It is\nworth noting that"): drop that. A
          // rule has one record per language, and a record's matches never
          // overlap in a scan of the whole text, so an overlap within the rule
          // is always such a tail.
          .filter((signal) => !reaching.some((earlier) => earlier.ruleId === signal.ruleId && signal.start < earlier.end));
        signals.push(...owned);
        reaching = owned.filter((signal) => signal.end > piece.ownedEnd);
        // Directive problems of the overlap belong to the next piece, which reports them.
        const nextLine = pieces[index + 1]?.line ?? Number.POSITIVE_INFINITY;
        for (const problem of data.coverage.directiveProblems ?? []) {
          const line = piece.line + problem.line - 1;
          if (line >= nextLine) continue;
          // The file lists as many as one answer does, so pieces and the whole file agree.
          if (directiveProblems.length < MAX_DIRECTIVE_PROBLEMS) directiveProblems.push({ ...problem, line });
          else omittedDirectiveProblems += 1;
        }
        // A piece omits problems only past its first 100, near its end: one in the overlap
        // may be counted again by the next piece, a rare over-count of a count that is already past the cap.
        omittedDirectiveProblems += data.coverage.omittedDirectiveProblems ?? 0;
        // A cut piece whose last signal lies in its own part may have lost owned
        // signals; the file already has maxSignals, so stop and say more existed.
        const last = data.signals.at(-1);
        if (data.coverage.truncated && last !== undefined && piece.start + last.start < piece.ownedEnd) {
          truncated = true;
          break;
        }
        if (signals.length > settings.maxSignals) break;
      }
      if (signals.length > settings.maxSignals) truncated = true;
      // The overlap after each split is read twice, so per-piece unit and
      // suppression counts would not add up to the file's: leave them out.
      const {
        notScannedUnits: _units,
        suppressedSignals: _suppressed,
        directiveProblems: _problems,
        omittedDirectiveProblems: _omitted,
        ...shared
      } = coverage as SignalCoverage;
      return {
        signals: signals.slice(0, settings.maxSignals),
        coverage: { ...shared, truncated, ...(mode === 'text' ? {} : { directiveProblems, omittedDirectiveProblems }) },
        mode,
        pieces: pieces.length,
        unsafeSplits,
      };
    },
  };
}
