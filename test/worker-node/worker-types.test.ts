// The Worker's own program (src/worker/tsconfig.json) has the Workers runtime
// types and no Node.js types. Run over the Worker sources plus two probes, tsc
// must accept the sources and a probe that uses Workers APIs, and refuse a
// probe that reaches for Node.js: so Worker code cannot call an API that would
// fail on Workers, even when a dependency's types mention Node.js.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
// Inside node_modules, so a probe left behind never shows up in the checkout.
const probeDir = mkdtempSync(join(root, 'node_modules', '.worker-types-probe-'));
afterAll(() => rmSync(probeDir, { recursive: true, force: true }));

const WORKERS_PROBE = `
export async function cached(kv: KVNamespace, ctx: ExecutionContext): Promise<Response> {
  const hit = await caches.default.match('https://example.org/');
  ctx.waitUntil(kv.get('key'));
  return hit ?? new Response(await crypto.subtle.digest('SHA-256', new TextEncoder().encode('x')));
}
`;

const NODE_PROBE = `
import { readFileSync } from 'node:fs';
export const secret = readFileSync('/etc/hostname', 'utf8') + process.env.HOME + Buffer.from('x').toString('hex');
`;

function typeCheck(): string[] {
  writeFileSync(join(probeDir, 'workers-probe.ts'), WORKERS_PROBE);
  writeFileSync(join(probeDir, 'node-probe.ts'), NODE_PROBE);
  const worker = relative(probeDir, join(root, 'src/worker'));
  writeFileSync(
    join(probeDir, 'tsconfig.json'),
    JSON.stringify({ extends: `${worker}/tsconfig.json`, include: [`${worker}/**/*.ts`, 'workers-probe.ts', 'node-probe.ts'] }),
  );
  try {
    execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '--pretty', 'false', '-p', probeDir], {
      cwd: root,
      encoding: 'utf8',
    });
    return [];
  } catch (error) {
    const output = (error as { stdout?: string }).stdout ?? '';
    return output.split('\n').filter((line) => /error TS\d+/.test(line));
  }
}

describe('the Worker program without Node.js types', () => {
  let errors: string[] = [];
  beforeAll(() => {
    errors = typeCheck();
  });
  const inFile = (name: string) => errors.filter((line) => line.includes(name));

  it('accepts the Worker sources and a probe that uses Workers APIs', () => {
    expect(errors.filter((line) => !line.includes('node-probe.ts'))).toEqual([]);
  });

  it('refuses node:fs, process and Buffer', () => {
    const refused = inFile('node-probe.ts').join('\n');
    expect(refused).toMatch(/Cannot find module 'node:fs'/);
    expect(refused).toMatch(/Cannot find name 'process'/);
    expect(refused).toMatch(/Cannot find name 'Buffer'/);
  });
});
