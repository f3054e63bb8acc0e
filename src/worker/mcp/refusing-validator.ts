// The JSON Schema validator handed to the MCP SDK's `Server` instead of its
// default Ajv. The SDK asks for one only to check a client's answer to an
// elicitation request, which this server never sends; building Ajv for every
// stateless request cost CPU for nothing (see docs/agents.md), and tool
// arguments are validated by the dispatcher's own schemas.
import type { jsonSchemaValidator, JsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';

const refuse: JsonSchemaValidator<never> = () => ({
  valid: false,
  data: undefined,
  errorMessage: 'This server requests no client input, so it accepts none.',
});

/** A validator that refuses every value: this server never asks a client for input. */
export const refusingJsonSchemaValidator: jsonSchemaValidator = {
  getValidator: <T>() => refuse as JsonSchemaValidator<T>,
};
