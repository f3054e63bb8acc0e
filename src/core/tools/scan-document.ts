// find_writing_signals over a whole document of any length, for callers that
// read their own files (the CLI). The tool's 250,000-unit bound protects a
// shared service from one caller's text; a local caller owns its memory and
// time, so here `text` has no bound and is read in one pass by the same markup
// readers and scanner, with the same fields, checks, result and messages as
// the tool. Hosts that pass on text from others (the Worker) keep to the
// dispatcher and its bound.
import * as z from 'zod';
import type { CatalogueView } from '../catalogue/view';
import { deepFreeze, type Frozen } from '../dispatch/freeze';
import type { WritingToolResult } from '../dispatch/types';
import { parseArguments } from './arguments';
import type { FieldSpec } from './fields';
import { type FindWritingSignalsResult, findWritingSignals } from './find-writing-signals';
import type { ToolEnvironment } from './tool';

// Built on the first call, so a bundle that never calls scanDocument (the
// Worker's) leaves this module's code out.
function documentArguments() {
  const text: FieldSpec<z.ZodString> = {
    schema: z.string().meta({ description: 'The document to scan, of any length in UTF-16 code units.' }),
    must: 'a string',
  };
  return { fields: { ...findWritingSignals.fields, text }, schema: findWritingSignals.schema.extend({ text: text.schema }) };
}
let built: ReturnType<typeof documentArguments> | undefined;

/**
 * The arguments of `scanDocument`: those of find_writing_signals (`text`,
 * `language`, `profile`, `ruleIds`, `maxSignals`, `format`), with `text` of
 * any length.
 */
export type ScanDocumentArguments = Frozen<z.input<ReturnType<typeof documentArguments>['schema']>>;

// find_writing_signals reads no host option; the tool environment still names them.
const NO_HOST: ToolEnvironment['host'] = {
  reviewContext: undefined,
  modelComparisonContext: undefined,
  getModelComparisonEvidence: undefined,
};

/**
 * find_writing_signals' answer for `args` with no bound on the text's length,
 * over `catalogue`: the same frozen envelope as `dispatch`, with tool
 * 'find_writing_signals', whose signals and directive problems index the
 * whole text. Never throws.
 */
export async function scanDocumentWith(catalogue: CatalogueView, args: unknown): Promise<WritingToolResult<FindWritingSignalsResult>> {
  const tool = findWritingSignals.name;
  const failure = (message: string) => deepFreeze({ ok: false as const, tool, error: { code: 'invalid-arguments' as const, message } });
  try {
    built ??= documentArguments();
    const parsed = parseArguments('scanDocument', built.schema, built.fields, args);
    if (!parsed.ok) return failure(parsed.message);
    const outcome = await findWritingSignals.run(parsed.value, { catalogue, host: NO_HOST });
    return deepFreeze(
      outcome.ok ? { ok: true, tool, data: outcome.data } : { ok: false, tool, error: { code: outcome.code, message: outcome.message } },
    );
  } catch {
    // As in the dispatcher: only arguments that cannot be read (a throwing getter or proxy) get here.
    return failure('arguments could not be read or processed; they must be a JSON object');
  }
}
