// The Worker entry: the HTTP API with every agent route, MCP at /mcp included.
import { createWorkerHandler } from './app';
import { mcpRoutes } from './routes/mcp';

export default createWorkerHandler({ mcpRoutes });
