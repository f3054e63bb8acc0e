import { defineConfig } from 'vitest/config';

// Core and build tests run in Node on plain objects; the Worker project
// (added by the worker setup) runs inside workerd.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          environment: 'node',
          include: ['test/core/**/*.test.ts', 'test/build/**/*.test.ts', 'test/catalogue/**/*.test.ts'],
        },
      },
    ],
  },
});
