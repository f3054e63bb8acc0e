// One function per `--format`.
import type { OutputFormat } from '../settings';
import type { RunReport } from '../report';
import { formatGithub } from './github';
import { formatJson } from './json';
import { formatRdjson } from './rdjson';
import { formatSarif } from './sarif';
import { formatText } from './text';

export function formatReport(format: OutputFormat, report: RunReport, options: { color: boolean }): string {
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
