// docs/api-reference.md#principles: the library does no I/O (no network, KV, env, clock or
// model calls). Every tool runs with fetch and the clocks watched, including
// evidence whose source locations are URLs; and no core module names them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWritingToolDispatcher } from '../../src/core/index';
import { modelContext, query, reviewContext, validEvidence } from './helpers';

const calls = [
  { name: 'get_writing_rules', arguments: { detail: 'full' } },
  { name: 'compose_writing_review_prompt', arguments: { language: 'de' } },
  { name: 'find_writing_signals', arguments: { text: 'A powerful, seamless tool. https://example.org/' } },
  { name: 'get_model_comparison_evidence', arguments: query },
];

describe('no I/O', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each(calls)('%o calls neither fetch nor a clock', async (call) => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const dateNow = vi.spyOn(Date, 'now');
    const performanceNow = vi.spyOn(performance, 'now');
    const dispatcher = createWritingToolDispatcher({
      reviewContext,
      modelComparisonContext: modelContext,
      getModelComparisonEvidence: () => validEvidence(),
    });
    const result = await dispatcher.dispatch(call);
    expect(result.ok).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
    expect(dateNow).not.toHaveBeenCalled();
    expect(performanceNow).not.toHaveBeenCalled();
  });

  it('returns source locations as data, unchanged', async () => {
    const dispatcher = createWritingToolDispatcher({
      modelComparisonContext: modelContext,
      getModelComparisonEvidence: () => validEvidence(),
    });
    const result = await dispatcher.dispatch({ name: 'get_model_comparison_evidence', arguments: query });
    expect(result).toMatchObject({ ok: true, data: { sources: validEvidence().sources } });
  });

  it('has no core module outside the generated catalogue that names network, env, clock or randomness', () => {
    const root = join(__dirname, '../../src/core');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('catalogue.generated.ts'),
    );
    expect(files.length).toBeGreaterThan(20);
    const forbidden =
      /\bfetch\s*\(|\bprocess\.|\bDate\.now\b|\bnew Date\b|\bperformance\.now\b|\bMath\.random\b|\bsetTimeout\b|\bsetInterval\b|\bXMLHttpRequest\b|\bWebSocket\b|from 'node:/;
    const offenders = files.filter((file) => forbidden.test(readFileSync(join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
