// `--format json`: the library's signals and coverage per file, as
// find_writing_signals returns them, with the catalogue version.
import { signalCount, type RunReport } from '../report';

export function formatJson(report: RunReport): string {
  const files = report.files.map((file) => ({
    path: file.path,
    language: file.language,
    mode: file.mode,
    pieces: file.pieces,
    signals: file.signals,
    coverage: file.coverage,
  }));
  const output = {
    catalogueVersion: report.catalogueVersion,
    files,
    problems: report.problems,
    summary: {
      filesChecked: report.files.length,
      filesWithSignals: report.files.filter((file) => file.signals.length > 0).length,
      signals: signalCount(report),
      problems: report.problems.length,
    },
  };
  return `${JSON.stringify(output, null, 2)}\n`;
}
