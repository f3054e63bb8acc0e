// The type check of `npm run typecheck` as part of `npm test`: the TypeScript
// programs, each in its own `tsc`, run beside the other test files instead of
// before them. The Worker's program runs once, in
// test/worker-node/worker-types.test.ts: the same files plus two probes, and
// it fails on any error outside the probe that must fail.
import { describe, expect, it } from 'vitest';
import { PROGRAMS, typecheckPrograms } from '../../scripts/typecheck';

const WORKER_PROGRAM = 'src/worker/tsconfig.json';
const HERE = PROGRAMS.filter((program) => program !== WORKER_PROGRAM);

describe('the TypeScript programs', () => {
  it('include the Worker program, which worker-types.test.ts checks', () => {
    expect(PROGRAMS).toContain(WORKER_PROGRAM);
  });

  it(`pass tsc --noEmit: ${HERE.join(', ')}`, async () => {
    const { passed, report } = await typecheckPrograms(HERE);
    expect(passed, report).toBe(true);
  }, 300_000);
});
