// `--format text`: one line per signal, `path:line:column  ruleId  "quote"  title`,
// grouped by file, then a summary line. Colour only when asked for (a TTY
// without NO_COLOR); the plain text is the same either way.
import { summaryLine, type RunReport } from '../report';

export interface TextStyle {
  readonly color: boolean;
}

const paint = (on: boolean, code: string, text: string): string => (on ? `\u001b[${code}m${text}\u001b[0m` : text);

export function formatText(report: RunReport, { color }: TextStyle): string {
  const groups: string[] = [];
  for (const file of report.files) {
    const problems = file.coverage.directiveProblems ?? [];
    if (file.signals.length === 0 && problems.length === 0) continue;
    const lines = file.signals.map((signal) => {
      const title = report.rules.get(signal.ruleId)?.title[file.language] ?? '';
      const where = paint(color, '2', `${file.path}:${signal.line}:${signal.column}`);
      return `${where}  ${paint(color, '33', signal.ruleId)}  ${paint(color, '1', JSON.stringify(signal.quote))}  ${title}`;
    });
    for (const problem of problems) lines.push(`${file.path}:${problem.line}  ${paint(color, '31', 'directive')}  ${problem.message}`);
    if (file.coverage.truncated) {
      lines.push(`${file.path}: more signals than --max-signals ${file.coverage.maxSignals}; the first ${file.signals.length} are shown`);
    }
    groups.push(lines.join('\n'));
  }
  const summary = summaryLine(report);
  const closing = groups.length === 0 ? summary : `${summary}. Each signal needs a reviewer's judgment.`;
  return `${[...groups, paint(color, '1', closing)].join('\n\n')}\n`;
}
