// The outcome of a run, as every output format reads it, and what the reports
// say about a rule: its title and reviewer text in both languages and the
// sources it cites, read once from get_writing_rules.
import { createWritingToolDispatcher, type Language, type SignalCoverage, type WritingSignal } from '../core/index';
import type { ScanMode } from './files';

export interface FileReport {
  /** The path as given or walked, `/`-separated under the working directory. */
  readonly path: string;
  /** True for standard input. */
  readonly stdin: boolean;
  readonly language: Language;
  readonly mode: ScanMode;
  /** The checked text, for positions the formats compute (UTF-8 columns, end lines). */
  readonly text: string;
  readonly signals: readonly WritingSignal[];
  readonly coverage: SignalCoverage;
  /**
   * Pieces the file was scanned in: always 1, as every file is scanned whole.
   * The JSON format has always carried it, so scripts reading it keep working.
   */
  readonly pieces: 1;
}

export interface RunReport {
  readonly catalogueVersion: string;
  readonly cwd: string;
  /** Files checked, in order. */
  readonly files: readonly FileReport[];
  /** Files that could not be checked, with a message that completes "<path> …"; `stdin` for standard input. */
  readonly problems: readonly { readonly path: string; readonly message: string; readonly stdin?: boolean; readonly uri?: string }[];
  readonly rules: ReadonlyMap<string, RuleInfo>;
  /** The language of rule texts that describe the whole run (SARIF rule descriptors). */
  readonly language: Language;
}

export function signalCount(report: RunReport): number {
  return report.files.reduce((sum, file) => sum + file.signals.length, 0);
}

/** Summary for people: "3 signals in 2 of 5 files". */
export function summaryLine(report: RunReport): string {
  const signals = signalCount(report);
  const withSignals = report.files.filter((file) => file.signals.length > 0).length;
  const files = report.files.length;
  const problems = report.problems.length;
  const counted = `${signals} ${signals === 1 ? 'signal' : 'signals'} in ${withSignals} of ${files} ${files === 1 ? 'file' : 'files'}`;
  return problems > 0 ? `${counted}; ${problems} ${problems === 1 ? 'path' : 'paths'} could not be checked` : counted;
}

// Positions the output formats need beyond a signal's start line and column:
// where it ends (a quote can run across lines, since a space in a phrase
// matches any white space) and columns counted in UTF-8 bytes (rdjson).
// Lines end at \n, \r\n or \r, as the scanner counts them.

export interface Position {
  readonly line: number;
  readonly column: number;
}

/** Line and column (UTF-16, 1-based) just after the signal's last unit: exclusive. */
export function endPosition(signal: WritingSignal): Position {
  const breaks = [...signal.quote.matchAll(/\r\n?|\n/g)];
  const last = breaks.at(-1);
  if (last === undefined) return { line: signal.line, column: signal.column + signal.quote.length };
  return { line: signal.line + breaks.length, column: signal.quote.length - (last.index + last[0].length) + 1 };
}

/** The 1-based UTF-8 byte column of a UTF-16 `offset` whose UTF-16 column is `column`. */
export function utf8Column(text: string, offset: number, column: number): number {
  return Buffer.byteLength(text.slice(offset - column + 1, offset), 'utf8') + 1;
}

export interface RuleInfo {
  readonly id: string;
  readonly title: Readonly<Record<Language, string>>;
  /** The rule's instruction to a reviewer. */
  readonly reviewerText: Readonly<Record<Language, string>>;
  readonly sources: readonly { readonly title: string; readonly url: string }[];
}

export async function loadRuleInfo(): Promise<ReadonlyMap<string, RuleInfo>> {
  const result = await createWritingToolDispatcher().dispatch({ name: 'get_writing_rules', arguments: { detail: 'full' } });
  if (!result.ok) throw new Error(`get_writing_rules failed: ${result.error.message}`);
  const data = result.data;
  // Asked for detail 'full', so anything else is a library fault, not the user's.
  if (data.detail !== 'full') throw new Error(`get_writing_rules answered detail '${data.detail}' for 'full'`);
  const sources = new Map(data.sources.map((source) => [source.id, source]));
  const rules = new Map<string, RuleInfo>();
  for (const rule of data.rules) {
    rules.set(rule.id, {
      id: rule.id,
      title: rule.title,
      reviewerText: rule.prompt,
      sources: rule.evidence.flatMap(({ sourceId }) => {
        const source = sources.get(sourceId);
        return source ? [{ title: source.title, url: source.url }] : [];
      }),
    });
  }
  return rules;
}
