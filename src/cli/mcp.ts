// `writing-rules mcp`: the four tools for a local MCP client (Claude Code,
// Claude Desktop, Cursor, VS Code) over stdio, with the same dispatcher,
// descriptors and JSON-RPC handling as the Worker's /mcp. The host's context
// comes from flags, else the config file's `mcp` section, checked with the
// core's own checks; the server writes nothing but its answers on stdout and
// its log lines on stderr, and returns when its input ends.
import { relative, resolve } from 'node:path';
import { printable } from '../core/input-checks/echo';
import {
  MAX_COHORT_ID_UNITS,
  MAX_MODEL_ID_UNITS,
  MAX_REVIEW_CONTEXT_UNITS,
  catalogueVersion,
  createWritingToolDispatcher,
  idListProblem,
  plainTextProblem,
  writingReviewTools,
} from '../core/index';
import type { ModelComparisonContext, WritingToolHost } from '../core/dispatch/types';
import { serveMcpStdio } from '../mcp/stdio';
import type { CliIo } from './cli';
import { loadConfig } from './config';
import { loadEvidenceDirectory } from './evidence-dir';
import type { McpCommand } from './options';
import { UsageError } from './settings';

function checked<T>(value: T, problem: (value: T) => string | undefined): T {
  const message = problem(value);
  if (message !== undefined) throw new UsageError(message);
  return value;
}

const idLabels = (option: string) => ({ list: option, item: (index: number) => `${option} item ${index + 1}` });

/** Serves MCP on `io.input` and `io.stdout` until the input ends; returns the exit code. */
export async function runMcp(command: McpCommand, io: CliIo): Promise<number> {
  const config = loadConfig(io.cwd, command.configFile);
  const section = config.mcp;
  // Flags are checked here; the config file's values were checked when it was read.
  const flagText = (option: string, value: string | undefined) =>
    value === undefined ? undefined : checked(value, (text) => plainTextProblem(option, text, MAX_REVIEW_CONTEXT_UNITS));
  const flagIds = (option: string, ids: readonly string[] | undefined, maxUnits: number) =>
    ids === undefined ? undefined : checked(ids, (list) => idListProblem(list, maxUnits, idLabels(option)));
  const audience = flagText('--audience', command.audience) ?? section.audience;
  const goal = flagText('--goal', command.goal) ?? section.goal;
  const modelIds = flagIds('--model-ids', command.modelIds, MAX_MODEL_ID_UNITS) ?? section.modelIds;
  const cohortIds = flagIds('--cohort-ids', command.cohortIds, MAX_COHORT_ID_UNITS) ?? section.cohortIds;
  const evidenceDir = command.evidenceDir !== undefined ? resolve(io.cwd, command.evidenceDir) : section.evidenceDir;

  if ((audience === undefined) !== (goal === undefined)) {
    throw new UsageError('--audience and --goal (or mcp.audience and mcp.goal) must be given together, or neither');
  }
  const context: ModelComparisonContext | undefined =
    modelIds === undefined && cohortIds === undefined ? undefined : { availableModelIds: modelIds ?? [], cohortIds: cohortIds ?? [] };
  if (evidenceDir !== undefined && context === undefined) {
    throw new UsageError(
      '--evidence-dir needs --model-ids and --cohort-ids (or mcp.modelIds and mcp.cohortIds): evidence is checked against them',
    );
  }
  const evidence =
    evidenceDir === undefined || context === undefined ? undefined : await loadEvidenceDirectory(evidenceDir, io.cwd, context);

  const host: WritingToolHost = {
    ...(audience !== undefined && goal !== undefined ? { reviewContext: { audience, goal } } : {}),
    ...(context ? { modelComparisonContext: context } : {}),
    ...(evidence ? { getModelComparisonEvidence: evidence.reader } : {}),
  };
  const dispatcher = createWritingToolDispatcher(host);

  const described = [
    `catalogue ${catalogueVersion}`,
    host.reviewContext ? 'review context set' : 'no review context',
    context ? `${context.availableModelIds.length} model IDs, ${context.cohortIds.length} cohort IDs` : 'no model comparison context',
    evidence
      ? `${evidence.files.length} evidence files from ${printable(relative(io.cwd, evidenceDir ?? '') || '.')}`
      : 'no evidence files',
  ];
  io.stderr.write(`writing-rules mcp: serving ${writingReviewTools.length} tools on stdio (${described.join('; ')})\n`);
  for (const warning of evidence?.warnings ?? []) io.stderr.write(`writing-rules mcp: ${warning}\n`);

  if (io.input === undefined) throw new Error('writing-rules mcp needs standard input as a stream');
  await serveMcpStdio(io.input, (line) => io.stdout.write(`${line}\n`), {
    tools: writingReviewTools,
    dispatch: (call) => dispatcher.dispatch(call),
    version: catalogueVersion,
  });
  return 0;
}
