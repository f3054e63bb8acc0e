// The seed's code samples, read from ../shared/seeds at test time and kept
// byte-identical, type-check under the project's strict options and run against
// `@voice/writing-rules/tools` with the results a reader of the seed expects.
// The seed documents live beside this repository only in the team's own
// checkout; in any other clone the suite is skipped and says why. The
// repository's own usage examples (examples/, test/core/examples.test.ts)
// run everywhere.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueVersion, createWritingToolDispatcher, writingReviewTools, type WritingToolResult } from '@voice/writing-rules/tools';
import { buildSampleModules, extractSeedBlocks, type SampleModule, type SeedBlock } from './seed-samples/extract';
import { typeCheckFiles } from './seed-samples/type-check';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const seedsDir = resolve(repoRoot, '..', 'shared', 'seeds');
// Inside the repository, so the samples' import of the package name resolves
// through package.json `exports`; node_modules/ is ignored by git. One folder per
// process, so runs in parallel working copies of the same tree do not collide.
const outDir = join(repoRoot, 'node_modules', '.cache', 'seed-samples', String(process.pid));

const SEED_FILES = ['writing-tools.en.txt', 'writing-tools.de.txt'] as const;
const seedsPresent = SEED_FILES.every((file) => existsSync(join(seedsDir, file)));
const SKIP_REASON = `skipped: the seed documents (${SEED_FILES.join(', ')}) are not in ${seedsDir}`;

// Read while collecting, so that each module gets its own test. With the
// folder present but a document broken, the tests below fail on it.
let seedProblem: Error | undefined;
let englishText = '';
let englishBlocks: SeedBlock[] = [];
let germanBlocks: SeedBlock[] = [];
if (seedsPresent) {
  try {
    englishText = readFileSync(join(seedsDir, SEED_FILES[0]), 'utf8');
    englishBlocks = extractSeedBlocks(englishText);
    germanBlocks = extractSeedBlocks(readFileSync(join(seedsDir, SEED_FILES[1]), 'utf8'));
  } catch (error) {
    seedProblem = error instanceof Error ? error : new Error(String(error));
  }
}
const modules = buildSampleModules(englishBlocks);
function requireSeeds(): void {
  if (seedProblem) throw seedProblem;
}
const fileOf = (module: SampleModule): string => join(outDir, `${module.name}.ts`);

/** Each result a sample computes, checked as a reader of the seed would expect it. */
const expectations: Record<string, (value: unknown) => void | Promise<void>> = {
  definitions(value) {
    expect(value).toBe(writingReviewTools);
  },
  result(value) {
    const result = envelope(value, 'find_writing_signals');
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
    expect(result).toMatchObject({
      ok: true,
      data: {
        catalogueVersion,
        signals: [
          {
            ruleId: 'word-choice',
            kind: 'surface-cue',
            quote: 'powerful',
            start: 2,
            end: 10,
            encoding: 'utf16',
            reviewRequired: true,
            line: 1,
            column: 3,
          },
        ],
        coverage: {
          language: 'en',
          scannedRuleIds: ['word-choice'],
          unscannedRuleIds: [],
          semanticReviewRequired: true,
          maxSignals: 50,
          truncated: false,
        },
      },
    });
  },
  knowledge(value) {
    const knowledge = envelope(value, 'get_writing_rules');
    expect(knowledge).toMatchObject({ ok: true, data: { catalogueVersion, language: 'en', detail: 'full' } });
    const { rules, sources } = (knowledge as { data: FullRules }).data;
    expect(rules.map((rule) => rule.id)).toEqual(['reader-goal', 'word-choice']);
    for (const rule of rules) {
      expect(Object.keys(rule.title).sort()).toEqual(['de', 'en']);
      expect(Object.keys(rule.prompt).sort()).toEqual(['de', 'en']);
    }
    const cited = new Set(rules.flatMap((rule) => rule.evidence.map((entry) => entry.sourceId)));
    expect(sources.map((source) => source.id).sort()).toEqual([...cited].sort());
  },
  async instructions(value) {
    const instructions = envelope(value, 'compose_writing_review_prompt');
    expect(instructions).toMatchObject({ ok: true, data: { catalogueVersion, language: 'en' } });
    const data = (instructions as { data: ComposedPrompt }).data;
    expect(data.ruleIds).toEqual(await profileRuleIds('public-docs'));
    expect(data.prompt).toBe(data.segments.map((segment) => segment.text).join(promptJoiner(data)));
    expect([...new Set(data.segments.map((segment) => segment.source))]).toEqual(['base', 'host', 'rule', 'format', 'guardrail']);
    expect(data.provenance).toMatchObject({ ruleIds: data.ruleIds, hostFields: ['audience', 'goal'] });
  },
  evidenceTools(value) {
    expect(value).toMatchObject({ dispatch: expect.any(Function) });
  },
  evidence(value) {
    const evidence = envelope(value, 'get_model_comparison_evidence');
    expect(evidence).toMatchObject({
      ok: true,
      data: {
        status: 'evidence-missing',
        query: { language: 'en', profile: 'public-docs', role: 'reviewer', cohortId: expect.any(String) },
        bestValue: null,
        highestDetection: null,
        sources: [],
        limitations: [expect.any(String)],
      },
    });
  },
};

interface FullRules {
  rules: { id: string; title: object; prompt: object; evidence: { sourceId: string }[] }[];
  sources: { id: string }[];
}
interface ComposedPrompt {
  ruleIds: string[];
  prompt: string;
  segments: { id: string; source: string; text: string }[];
  provenance: object;
}

/** A dispatch result: a frozen, JSON-safe envelope for `tool`. */
function envelope(value: unknown, tool: string): WritingToolResult {
  expect(value).toMatchObject({ tool });
  expect(Object.isFrozen(value)).toBe(true);
  return value as WritingToolResult;
}

async function profileRuleIds(profile: 'public-docs'): Promise<string[]> {
  const summary = await createWritingToolDispatcher().dispatch({ name: 'get_writing_rules', arguments: { profile } });
  if (!summary.ok) throw new Error(summary.error.message);
  return summary.data.rules.map((rule) => rule.id);
}

/** The separator between segment texts, read off the prompt itself (the seed only says "joined"). */
function promptJoiner(data: ComposedPrompt): string {
  const [first, second] = data.segments;
  if (!first || !second) return '';
  const after = data.prompt.indexOf(first.text) + first.text.length;
  return data.prompt.slice(after, data.prompt.indexOf(second.text, after));
}

if (!seedsPresent) {
  describe('seed code samples', () => {
    it.skip(SKIP_REASON);
  });
}

// Registered only with the seeds present, so a clone reports the one skipped test above.
if (seedsPresent)
  describe('seed code samples', () => {
    beforeAll(() => {
      mkdirSync(outDir, { recursive: true });
      for (const module of modules) writeFileSync(fileOf(module), module.moduleText);
    });
    afterAll(() => rmSync(outDir, { recursive: true, force: true }));

    it('finds the samples, and the German seed prints the same code', () => {
      requireSeeds();
      expect(englishBlocks.filter((block) => !block.continuesPrevious).length).toBeGreaterThan(0);
      expect(germanBlocks.map((block) => block.code)).toEqual(englishBlocks.map((block) => block.code));
      const declared = new Set(modules.flatMap((module) => module.topLevelNames));
      for (const name of ['result', 'knowledge', 'instructions', 'evidence']) expect(declared).toContain(name);
    });

    it('keeps every sample byte-identical in the module written for it', () => {
      requireSeeds();
      for (const module of modules) {
        const written = readFileSync(fileOf(module), 'utf8');
        expect(written.startsWith(module.sampleText)).toBe(true);
        for (const block of module.blocks) {
          expect(written).toContain(block.code);
          expect(englishText).toContain(block.code);
        }
      }
    });

    it('type-checks every sample under the project tsconfig, strict', () => {
      requireSeeds();
      expect(typeCheckFiles(repoRoot, modules.map(fileOf))).toEqual([]);
    }, 60_000);

    it.each(modules.map((module) => [module.name, module] as const))(
      'runs %s and computes the results the seed describes',
      async (_name, module) => {
        const exports = (await import(pathToFileURL(fileOf(module)).href)) as Record<string, unknown>;
        for (const name of module.topLevelNames) {
          expect(exports, `${module.name} exports ${name}`).toHaveProperty(name);
          await expectations[name]?.(exports[name]);
        }
      },
    );
  });
