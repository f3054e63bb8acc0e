// Pull-request annotations for the two review tools that read them:
// `--format github`, GitHub Actions workflow commands (each warning signal a
// `::warning` annotation on the pull request, each suggestion a `::notice`,
// each unreadable path an `::error`;
// no upload step is needed), and `--format rdjson`, reviewdog's Diagnostic
// Format (one DiagnosticResult) for `reviewdog -f=rdjson`. reviewdog counts
// columns in UTF-8 bytes, so its columns are converted from the library's
// UTF-16 units; its ranges end exclusively.
import { printable } from '../../core/input-checks/echo';
import { endPosition, summaryLine, utf8Column, type RunReport } from '../report';

/**
 * Escapes a command's message: `%`, CR and LF as the runner reads them, and
 * every other control, format or separator character (ESC, BEL, U+202E) as
 * `\u{…}`, as the text output shows them, so no file name or quote can
 * drive the log's terminal or reorder what it shows.
 */
export function escapeData(value: string): string {
  return printable(value.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A'));
}

/** Escapes a property value: as data, plus `:` and `,`, which delimit properties. */
export function escapeProperty(value: string): string {
  return escapeData(value).replaceAll(':', '%3A').replaceAll(',', '%2C');
}

function command(name: string, properties: Record<string, string | number>, message: string): string {
  const props = Object.entries(properties)
    .map(([key, value]) => `${key}=${escapeProperty(String(value))}`)
    .join(',');
  return `::${name} ${props}::${escapeData(message)}`;
}

export function formatGithub(report: RunReport): string {
  const lines: string[] = [];
  for (const file of report.files) {
    for (const signal of file.signals) {
      const rule = report.rules.get(signal.ruleId);
      const end = endPosition(signal);
      // GitHub reads endColumn only on single-line annotations.
      const span: Record<string, number> = end.line === signal.line ? { endLine: end.line, endColumn: end.column } : { endLine: end.line };
      const title = `${signal.ruleId}: ${rule?.title[file.language] ?? signal.ruleId}`;
      const message = `${JSON.stringify(signal.quote)}: ${rule?.reviewerText[file.language] ?? ''}`.trim();
      lines.push(
        command(
          signal.level === 'warning' ? 'warning' : 'notice',
          { file: file.path, line: signal.line, col: signal.column, ...span, title },
          message,
        ),
      );
    }
    for (const problem of file.coverage.directiveProblems ?? []) {
      lines.push(command('warning', { file: file.path, line: problem.line, title: 'writing-rules directive' }, problem.message));
    }
    if (file.coverage.truncated) {
      lines.push(
        command(
          'warning',
          { file: file.path, title: 'writing-rules' },
          `More signals than --max-signals ${file.coverage.maxSignals}; the first ${file.signals.length} are shown.`,
        ),
      );
    }
  }
  for (const problem of report.problems) {
    lines.push(command('error', { file: problem.path, title: 'writing-rules' }, `${problem.path} ${problem.message}`));
  }
  lines.push(summaryLine(report));
  return `${lines.join('\n')}\n`;
}

export function formatRdjson(report: RunReport): string {
  const diagnostics = report.files.flatMap((file) =>
    file.signals.map((signal) => {
      const rule = report.rules.get(signal.ruleId);
      const end = endPosition(signal);
      return {
        message: `${JSON.stringify(signal.quote)}: ${rule?.title[file.language] ?? signal.ruleId}. Needs a reviewer's judgment.`,
        location: {
          path: file.path,
          range: {
            start: { line: signal.line, column: utf8Column(file.text, signal.start, signal.column) },
            end: { line: end.line, column: utf8Column(file.text, signal.end, end.column) },
          },
        },
        severity: signal.level === 'warning' ? 'WARNING' : 'INFO',
        code: rule?.sources[0] ? { value: signal.ruleId, url: rule.sources[0].url } : { value: signal.ruleId },
      };
    }),
  );
  const result = { source: { name: 'writing-rules' }, severity: 'INFO', diagnostics };
  return `${JSON.stringify(result)}\n`;
}
