// One function per `--format`. The two formats for people and scripts live
// here: `text`, one line per signal (`path:line:column  level  ruleId  "quote"  title`)
// grouped by file with a summary line, coloured only when asked for (a TTY
// without NO_COLOR; the plain text is the same either way); and `json`, the
// library's signals and coverage per file as find_writing_signals returns
// them, with the catalogue version. The review tools' formats have files of
// their own (annotations.ts, sarif.ts).
import { printable } from '../../core/input-checks/echo';
import { signalCount, summaryLine, type RunReport } from '../report';
import type { OutputFormat } from '../settings';
import { formatGithub, formatRdjson } from './annotations';
import { formatSarif } from './sarif';

export function formatReport(format: OutputFormat, report: RunReport, options: TextStyle): string {
  switch (format) {
    case 'text':
      return formatText(report, options);
    case 'json':
      return formatJson(report);
    case 'sarif':
      return formatSarif(report);
    case 'rdjson':
      return formatRdjson(report);
    case 'github':
      return formatGithub(report);
  }
}

interface TextStyle {
  readonly color: boolean;
}

const paint = (on: boolean, code: string, text: string): string => (on ? `\u001b[${code}m${text}\u001b[0m` : text);

function formatText(report: RunReport, { color }: TextStyle): string {
  const groups: string[] = [];
  for (const file of report.files) {
    const problems = file.coverage.directiveProblems ?? [];
    if (file.signals.length === 0 && problems.length === 0) continue;
    // A file name may hold control characters (an escape sequence, a line break): written as \u{…}.
    const path = printable(file.path);
    const lines = file.signals.map((signal) => {
      const title = report.rules.get(signal.ruleId)?.title[file.language] ?? '';
      const where = paint(color, '2', `${path}:${signal.line}:${signal.column}`);
      return `${where}  ${signal.level}  ${paint(color, '33', signal.ruleId)}  ${paint(color, '1', JSON.stringify(signal.quote))}  ${title}`;
    });
    for (const problem of problems) lines.push(`${path}:${problem.line}  ${paint(color, '31', 'directive')}  ${problem.message}`);
    if (file.coverage.truncated) {
      lines.push(`${path}: more signals than --max-signals ${file.coverage.maxSignals}; the first ${file.signals.length} are shown`);
    }
    groups.push(lines.join('\n'));
  }
  const summary = summaryLine(report);
  const closing = groups.length === 0 ? summary : `${summary}. Each signal needs a reviewer's judgment.`;
  return `${[...groups, paint(color, '1', closing)].join('\n\n')}\n`;
}

function formatJson(report: RunReport): string {
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
    problems: report.problems.map(({ path, message }) => ({ path, message })),
    summary: {
      filesChecked: report.files.length,
      filesWithSignals: report.files.filter((file) => file.signals.length > 0).length,
      signals: signalCount(report),
      problems: report.problems.length,
    },
  };
  return `${JSON.stringify(output, null, 2)}\n`;
}
