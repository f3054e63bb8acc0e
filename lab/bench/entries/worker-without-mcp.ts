// Bench-only Worker entry: the shipped app without POST /mcp, so the bundle
// row can weigh the Worker with and without the MCP path. Never deployed.
import { createWorkerHandler } from '../../../src/worker/app';

export default createWorkerHandler({});
