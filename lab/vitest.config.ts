import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The lab's own tests: the precision sample and its reader, the pruning
// ceiling, and the scanner's recall on the labelled sets. They run in Node
// with `npm run test:lab` at the root, apart from the product's `npm test`.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // The flag tests start `tsx` once per case; a busy machine takes seconds for each.
    testTimeout: 30_000,
  },
});
