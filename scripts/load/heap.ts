// Reads the Worker isolate's JavaScript heap through workerd's own inspector
// (the one wrangler dev starts with --inspector-addr), after a full garbage
// collection: the figure that tells retained memory from heap headroom.
// Needs a global WebSocket (Node 20: --experimental-websocket).
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** Ports on which `pid` listens, from /proc/net/tcp{,6} and its socket descriptors. */
function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (socket) inodes.add(socket[1]!);
    } catch {
      // Closed meanwhile.
    }
  }
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      // Column 3 is the state (0A = LISTEN), column 9 the socket inode.
      if (columns[3] === '0A' && inodes.has(columns[9] ?? '')) ports.push(parseInt(columns[1]!.split(':')[1]!, 16));
    }
  }
  return ports;
}

export interface HeapReader {
  /** Collects garbage, then answers the used JavaScript heap in KiB. */
  readonly usedAfterGcKiB: () => Promise<number>;
  readonly close: () => void;
}

/** Connects to the inspector of the workerd process `pid` for the Worker named `worker`. */
export async function connectHeapReader(pid: number, worker: string): Promise<HeapReader> {
  const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  if (!cmdline.includes('--inspector-addr')) throw new Error(`workerd ${pid} has no inspector`);
  let target: string | undefined;
  for (const port of listeningPorts(pid)) {
    try {
      const list = (await (await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(2000) })).json()) as { id?: string; webSocketDebuggerUrl?: string }[];
      target = list.find((entry) => entry.id === `core:user:${worker}`)?.webSocketDebuggerUrl;
      if (target !== undefined) break;
    } catch {
      // Not the inspector.
    }
  }
  if (target === undefined) throw new Error(`no inspector target for worker ${worker}`);
  const socket = new WebSocket(target);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = () => reject(new Error('inspector connection failed'));
  });
  let nextId = 0;
  const pending = new Map<number, (result: unknown) => void>();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
    if (message.id !== undefined) pending.delete(message.id);
  };
  const send = (method: string) =>
    new Promise<unknown>((resolve) => {
      nextId += 1;
      pending.set(nextId, resolve);
      socket.send(JSON.stringify({ id: nextId, method, params: {} }));
    });
  return {
    async usedAfterGcKiB() {
      await send('HeapProfiler.collectGarbage');
      const usage = (await send('Runtime.getHeapUsage')) as { usedSize?: number } | undefined;
      return Math.round((usage?.usedSize ?? Number.NaN) / 1024);
    },
    close: () => socket.close(),
  };
}
