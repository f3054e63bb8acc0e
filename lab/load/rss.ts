// Samples the resident memory of the workerd processes under one process
// (wrangler dev) from /proc, for the load script's "memory steady" check.
import { readdirSync, readFileSync } from 'node:fs';

interface ProcessInfo {
  readonly pid: number;
  readonly parent: number;
  readonly name: string;
}

function processes(): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …; comm may hold spaces, so split after the last ')'.
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      found.push({ pid: Number(entry), parent, name });
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

/** PIDs of processes named `name` among the descendants of `root`. */
export function descendantsNamed(root: number, name: string): number[] {
  const all = processes();
  const children = new Map<number, ProcessInfo[]>();
  for (const info of all) children.set(info.parent, [...(children.get(info.parent) ?? []), info]);
  const result: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      if (child.name === name) result.push(child.pid);
      queue.push(child.pid);
    }
  }
  return result;
}

/** Resident set size of `pids` together, in KiB (0 for a process that has ended). */
export function residentKiB(pids: readonly number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      total += Number(match?.[1] ?? 0);
    } catch {
      // Ended.
    }
  }
  return total;
}
