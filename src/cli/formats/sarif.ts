// `--format sarif`: SARIF 2.1.0 for code-scanning tools. The catalogue's
// scannable rules are the run's reportingDescriptors; each signal is a result
// with a region in lines and columns and as charOffset/charLength. Offsets are
// UTF-16 code units, as the library reports them, so the run says
// `columnKind: "utf16CodeUnits"`. Lines end at \r\n, \n or a lone \r, as the
// scanner counts them; SARIF's default `newlineSequences` lacks the lone \r,
// so the run declares all three.
import { pathToFileURL } from 'node:url';
import { SCANNABLE_RULE_IDS } from '../../core/index';
import { pathToUriReference } from '../files';
import { endPosition, type RunReport } from '../report';

const SRCROOT = 'SRCROOT';

export { pathToUriReference };

/**
 * Where a file is: relative to %SRCROOT%, as docs/cli.md says. Standard input
 * with a --stdin-name is reported under that name like any file, in results
 * and notifications alike; without one it is `-`, which names no place under
 * the source root, so it stands alone.
 */
function artifactLocation(path: string, stdin: boolean, uri = pathToUriReference(path)): Record<string, string> {
  if (stdin && path === '-') return { uri };
  return { uri, uriBaseId: SRCROOT };
}

export function formatSarif(report: RunReport): string {
  const ruleIds: readonly string[] = SCANNABLE_RULE_IDS;
  const rules = ruleIds.map((id) => {
    const rule = report.rules.get(id);
    const language = report.language;
    const sources = rule?.sources ?? [];
    return {
      id,
      name: id,
      shortDescription: { text: rule?.title[language] ?? id },
      fullDescription: { text: rule?.reviewerText[language] ?? id },
      help: {
        text: [rule?.reviewerText[language] ?? '', ...sources.map((source) => `${source.title}: ${source.url}`)].join('\n'),
      },
      ...(sources[0] ? { helpUri: sources[0].url } : {}),
      defaultConfiguration: { level: 'note' },
      properties: { sources: sources.map((source) => source.url), titles: rule?.title ?? {} },
    };
  });

  const results = report.files.flatMap((file) =>
    file.signals.map((signal) => {
      const end = endPosition(signal);
      const title = report.rules.get(signal.ruleId)?.title[file.language] ?? signal.ruleId;
      return {
        ruleId: signal.ruleId,
        ruleIndex: ruleIds.indexOf(signal.ruleId),
        // A warning signal is a SARIF warning; a suggestion, a note.
        level: signal.level === 'warning' ? 'warning' : 'note',
        message: { text: `${JSON.stringify(signal.quote)}: ${title}. Needs a reviewer's judgment.` },
        locations: [
          {
            physicalLocation: {
              artifactLocation: artifactLocation(file.path, file.stdin),
              region: {
                startLine: signal.line,
                startColumn: signal.column,
                endLine: end.line,
                endColumn: end.column,
                charOffset: signal.start,
                charLength: signal.end - signal.start,
                snippet: { text: signal.quote },
              },
            },
          },
        ],
        properties: { patternId: signal.patternId, signalLevel: signal.level, language: file.language, reviewRequired: true },
      };
    }),
  );

  const notifications = [
    ...report.files.flatMap((file) =>
      (file.coverage.directiveProblems ?? []).map((problem) => ({
        level: 'warning',
        message: { text: problem.message },
        locations: [
          { physicalLocation: { artifactLocation: artifactLocation(file.path, file.stdin), region: { startLine: problem.line } } },
        ],
      })),
    ),
    ...report.problems.map((problem) => ({
      level: 'error',
      message: { text: `${problem.path} ${problem.message}` },
      locations: [{ physicalLocation: { artifactLocation: artifactLocation(problem.path, problem.stdin === true, problem.uri) } }],
    })),
  ];

  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'writing-rules',
            version: report.catalogueVersion,
            rules,
            properties: { catalogueVersion: report.catalogueVersion },
          },
        },
        originalUriBaseIds: { [SRCROOT]: { uri: pathToFileURL(`${report.cwd.replace(/\/+$/, '')}/`).href } },
        columnKind: 'utf16CodeUnits',
        newlineSequences: ['\r\n', '\n', '\r'],
        invocations: [{ executionSuccessful: report.problems.length === 0, toolExecutionNotifications: notifications }],
        results,
      },
    ],
  };
  return `${JSON.stringify(sarif, null, 2)}\n`;
}
