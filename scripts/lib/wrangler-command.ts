// The project's own wrangler as a command line for spawn: this Node.js running
// wrangler's bin script, which is what `npx wrangler` runs, without npx's own
// start-up (about half a second of CPU each time).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** wrangler's bin script, as installed for this project. */
export const WRANGLER_BIN = join(dirname(require.resolve('wrangler/package.json')), 'bin', 'wrangler.js');

/** The executable and arguments that run `wrangler …args`. */
export function wranglerCommand(args: readonly string[]): [string, string[]] {
  return [process.execPath, [WRANGLER_BIN, ...args]];
}
