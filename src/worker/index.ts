// The Worker entry: the HTTP API with every agent route, MCP at /mcp included.
import { registerMcpRoute } from './routes/mcp';
import { createWorkerHandler } from './worker-handler';

export default createWorkerHandler({ registerMcp: registerMcpRoute });
