// get_model_comparison_evidence: the host's retained evidence for one exact
// scope, read through the host's callback and validated before it is
// returned (see docs/api-reference.md#get_model_comparison_evidence). Model
// and cohort IDs come only from the host.
import { missingEvidence } from '../evidence/missing';
import { parseModelComparisonEvidence } from '../evidence/parse';
import { evidenceSchemas, type ModelComparisonEvidence, type ModelComparisonQuery } from '../evidence/schema';
import { deepFreeze } from '../dispatch/freeze';
import { echo } from '../input-checks/echo';
import { fields } from './fields';
import { defineTool } from './tool';

export type GetModelComparisonEvidenceResult = ModelComparisonEvidence;

export const getModelComparisonEvidence = defineTool({
  name: 'get_model_comparison_evidence',
  title: 'Reading the model comparison evidence',
  description:
    "Returns the host's retained evidence on which models review best for one scope: language, profile, role and cohort, all required. " +
    'An available comparison names a best-value model, a highest-detection model or both, with sample counts, quality counts, ' +
    "total cost and the sources behind them; status 'evidence-missing' means the host has none. The tool never runs or ranks models itself.",
  fields: {
    language: fields.requiredLanguage,
    profile: fields.requiredProfile,
    role: fields.role,
    cohortId: fields.cohortId,
  },
  // The result is the evidence itself: the schema host evidence is parsed
  // with, so what the tool returns and what it accepts cannot drift.
  result: () => evidenceSchemas().modelComparisonEvidenceSchema,
  async run(args, { host }) {
    const query: ModelComparisonQuery = deepFreeze({ ...args });
    const context = host.modelComparisonContext;
    if (context !== undefined && !context.cohortIds.includes(query.cohortId)) {
      return {
        ok: false,
        code: 'invalid-arguments',
        message: `cohortId ${echo(query.cohortId)} is not one of the host's cohort IDs`,
      };
    }
    const reader = host.getModelComparisonEvidence;
    if (context === undefined) return { ok: true, data: missingEvidence(query, 'no-context') };
    if (reader === undefined) return { ok: true, data: missingEvidence(query, 'no-reader') };
    if (context.availableModelIds.length === 0) return { ok: true, data: missingEvidence(query, 'no-models') };
    let returned: unknown;
    try {
      returned = await reader(query, context);
    } catch {
      return {
        ok: false,
        code: 'host-evidence-failed',
        message: "the host's evidence reader failed for this scope; its error is not passed on",
      };
    }
    const parsed = parseModelComparisonEvidence(returned, query, context);
    return parsed.ok
      ? { ok: true, data: parsed.evidence }
      : { ok: false, code: 'invalid-host-evidence', message: `the host's evidence is not valid: ${parsed.message}` };
  },
});
