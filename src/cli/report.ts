// The outcome of a run, as every output format reads it.
import type { Language, SignalCoverage, WritingSignal } from '../core/index';
import type { ScanMode } from './files';
import type { RuleInfo } from './rules';

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
  /** Pieces the file was scanned in: 1, or more for a file over the tool's limit. */
  readonly pieces: number;
}

export interface RunReport {
  readonly catalogueVersion: string;
  readonly cwd: string;
  /** Files checked, in order. */
  readonly files: readonly FileReport[];
  /** Files that could not be checked, with a message that completes "<path> …". */
  readonly problems: readonly { readonly path: string; readonly message: string }[];
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
