// The type check of `npm run typecheck` as part of `npm test`: the four
// TypeScript programs, each in its own `tsc`, run beside the other test files
// instead of before them.
import { describe, expect, it } from 'vitest';
import { PROGRAMS, typecheckPrograms } from '../../scripts/typecheck';

describe('the TypeScript programs', () => {
  it(`pass tsc --noEmit: ${PROGRAMS.join(', ')}`, async () => {
    const { passed, report } = await typecheckPrograms();
    expect(passed, report).toBe(true);
  }, 300_000);
});
