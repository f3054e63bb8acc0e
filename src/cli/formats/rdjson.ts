// `--format rdjson`: reviewdog's Diagnostic Format (one DiagnosticResult), for
// `reviewdog -f=rdjson`. reviewdog counts columns in UTF-8 bytes, so columns are
// converted from the library's UTF-16 units; ranges end exclusively.
import { endPosition, utf8Column } from '../positions';
import type { RunReport } from '../report';

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
        severity: 'INFO',
        code: rule?.sources[0] ? { value: signal.ruleId, url: rule.sources[0].url } : { value: signal.ruleId },
      };
    }),
  );
  const result = { source: { name: 'writing-rules' }, severity: 'INFO', diagnostics };
  return `${JSON.stringify(result)}\n`;
}
