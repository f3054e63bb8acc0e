// A host that serves model comparison evidence from JSON files: the reader
// only reads, and the dispatcher checks what it returns before any caller
// sees it. Run: npx tsx examples/evidence-from-files.ts
import { pathToFileURL } from 'node:url';
import { readFile } from 'node:fs/promises';
import { createWritingToolDispatcher, type ModelComparisonEvidence, type WritingToolResult } from '@voice/writing-rules/tools';

const folder = new URL('./evidence/', import.meta.url);

export function evidenceHost() {
  return createWritingToolDispatcher({
    modelComparisonContext: {
      availableModelIds: ['example-model-a', 'example-model-b'],
      cohortIds: ['public-docs-example-v1'],
    },
    // One file per language and profile; a host with more scopes would key by all four query fields.
    async getModelComparisonEvidence(query) {
      const text = await readFile(new URL(`${query.language}-${query.profile}.json`, folder), 'utf8');
      return JSON.parse(text);
    },
  });
}

export function askEvidence(language: 'en' | 'de'): Promise<WritingToolResult<ModelComparisonEvidence>> {
  return evidenceHost().dispatch({
    name: 'get_model_comparison_evidence',
    arguments: { language, profile: 'public-docs', role: 'reviewer', cohortId: 'public-docs-example-v1' },
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await askEvidence('en');
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  const { bestValue, highestDetection } = result.data;
  console.log(`best value: ${bestValue?.modelId ?? 'none'}; highest detection: ${highestDetection?.modelId ?? 'none'}`);
}
