// Timing for the benchmark: warm up, then run many times and keep the median
// and the worst run. Functions compared in one row run interleaved, round by
// round, so that load from other processes falls on all of them alike.

export interface Timing {
  readonly medianMs: number;
  readonly worstMs: number;
  readonly runs: number;
}

function summarise(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  return { medianMs: median, worstMs: sorted[sorted.length - 1] as number, runs: sorted.length };
}

let sink = 0;
function consume(result: unknown): void {
  if (result === sink) sink++; // keeps results observable, so no run is optimised away
}

/** Runs every function `warmup` rounds untimed, then `runs` rounds timed, in turn. */
export function compare<K extends string>(fns: Readonly<Record<K, () => unknown>>, { warmup = 20, runs = 100 } = {}): Record<K, Timing> {
  const names = Object.keys(fns) as K[];
  const times = new Map<K, number[]>(names.map((name) => [name, []]));
  for (let round = 0; round < warmup + runs; round++) {
    for (const name of names) {
      const begin = performance.now();
      consume(fns[name]());
      const elapsed = performance.now() - begin;
      if (round >= warmup) times.get(name)?.push(elapsed);
    }
  }
  return Object.fromEntries(names.map((name) => [name, summarise(times.get(name) ?? [])])) as Record<K, Timing>;
}

/** One async function, `warmup` runs untimed, then `runs` timed; each run awaits it. */
export async function measureAsync(fn: () => Promise<unknown>, { warmup = 20, runs = 100 } = {}): Promise<Timing> {
  const times: number[] = [];
  for (let round = 0; round < warmup + runs; round++) {
    const begin = performance.now();
    consume(await fn());
    if (round >= warmup) times.push(performance.now() - begin);
  }
  return summarise(times);
}

/** Like `compare`, for functions that may be async: every run is awaited, the functions run in turn. */
export async function compareAsync<K extends string>(
  fns: Readonly<Record<K, () => unknown>>,
  { warmup = 20, runs = 100 } = {},
): Promise<Record<K, Timing>> {
  const names = Object.keys(fns) as K[];
  const times = new Map<K, number[]>(names.map((name) => [name, []]));
  for (let round = 0; round < warmup + runs; round++) {
    for (const name of names) {
      const begin = performance.now();
      consume(await fns[name]());
      const elapsed = performance.now() - begin;
      if (round >= warmup) times.get(name)?.push(elapsed);
    }
  }
  return Object.fromEntries(names.map((name) => [name, summarise(times.get(name) ?? [])])) as Record<K, Timing>;
}
