// The usage examples in examples/ run on any clone: each file's exported
// functions answer as a reader of the file expects, and each file runs as a
// script (`npx tsx examples/<file>.ts`) and prints what its comment promises.
// They import the built library, `@voice/writing-rules/tools` (dist/).
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { findWritingSignalsResultSchema } from '../../src/core/index';
import { checkText } from '../../examples/check-a-text';
import { askEvidence } from '../../examples/evidence-from-files';
import { answerToolCall, openAiTools } from '../../examples/provider-tool-loop';
import { reviewPrompt } from '../../examples/review-prompt';

const examplesDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'examples');
const run = promisify(execFile);

describe('examples/', () => {
  it('check-a-text finds the signals with their positions', async () => {
    const data = await checkText('Plain words.\nA powerful, seamless setup.');
    expect(data.signals.map((s) => [s.quote, s.line, s.column])).toEqual([
      ['powerful', 2, 3],
      ['seamless setup', 2, 13], // a seamless-plus-noun pair spans both words
    ]);
    expect(findWritingSignalsResultSchema.safeParse(data).success).toBe(true);
  });

  it('review-prompt composes the prompt with the host context, guardrails last, in both languages', async () => {
    for (const language of ['en', 'de'] as const) {
      const data = await reviewPrompt(language);
      expect(data.prompt).toContain('Administrators installing the service');
      expect(data.segments.at(-1)?.source).toBe('guardrail');
      expect(data.language).toBe(language);
    }
  });

  it('evidence-from-files serves the example evidence, checked by the dispatcher', async () => {
    const en = await askEvidence('en');
    expect(en).toMatchObject({ ok: true, data: { status: 'available', bestValue: { modelId: 'example-model-a' } } });
    const de = await askEvidence('de');
    expect(de).toMatchObject({ ok: true, data: { query: { language: 'de' } } });
  });

  it('provider-tool-loop answers a model’s tool call with the envelope, and a broken one with invalid-arguments', async () => {
    expect(openAiTools).toHaveLength(4);
    const ok = await answerToolCall({ id: 'c1', function: { name: 'get_writing_rules', arguments: '{"ruleIds":["word-choice"]}' } });
    expect(JSON.parse(ok.content)).toMatchObject({ ok: true, tool: 'get_writing_rules' });
    const broken = await answerToolCall({ id: 'c2', function: { name: 'find_writing_signals', arguments: '{"text":' } });
    expect(broken.tool_call_id).toBe('c2');
    expect(JSON.parse(broken.content)).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } });
  });

  it('runs every example as a script', async () => {
    const files = readdirSync(examplesDir).filter((file) => file.endsWith('.ts'));
    expect(files.sort()).toEqual(['check-a-text.ts', 'evidence-from-files.ts', 'provider-tool-loop.ts', 'review-prompt.ts']);
    const outputs = await Promise.all(
      files.map(async (file) => (await run(process.execPath, ['--import', 'tsx', join(examplesDir, file)])).stdout),
    );
    const [check, evidence, loop, prompt] = outputs;
    expect(check).toContain('2:15 word-choice "powerful"');
    expect(evidence).toContain('best value: example-model-a; highest detection: example-model-b');
    expect(loop).toContain("tool_call_id: 'call_1'");
    expect(prompt).toMatch(/^base\nhost\n/);
  }, 60_000);
});
