// Stands in for the `ajv` and `ajv-formats` packages in the Worker bundle
// (wrangler.toml [alias]). The MCP SDK's server module imports Ajv to build its
// default JSON Schema validator, but the Worker hands the SDK a validator of its
// own (handle-mcp-request.ts), so Ajv is never constructed: keeping it out
// saves about 140 KiB. Should a change ever reach it, the call fails loudly
// instead of validating nothing.
export default function ajvUnavailable(): never {
  throw new Error('Ajv is not bundled in the Worker: pass the SDK a jsonSchemaValidator (see handle-mcp-request.ts).');
}
