import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_TOOL_FORMATS } from '../../src/core/projections';
import { writingReviewTools } from '../../src/core/index';
import { statusFor } from '../../src/worker/errors';
import { buildOpenApiDocument, OPERATION_ERROR_CODES } from '../../src/worker/openapi/document';

const tools = writingReviewTools;
const document = buildOpenApiDocument({ tools, catalogueVersion: 'test+0' });

type Json = Record<string, any>;
const paths = document.paths as Json;
const schemas = (document.components as Json).schemas as Json;

// The validator may dereference in place, so it always gets a copy.
const check = (doc: unknown) => validate(structuredClone(doc) as Parameters<typeof validate>[0]);

function errorCodes(response: Json): string[] {
  return response.content['application/json'].schema.allOf[1].properties.error.properties.code.enum;
}

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document for a standard validator', async () => {
    const result = await check(document);
    expect(result).toMatchObject({ valid: true, specification: 'OpenAPI' });
    expect(document.openapi).toBe('3.1.0');
  });

  it('fails the same validator on a broken document, so the check can fail', async () => {
    const unversioned = structuredClone(document);
    delete (unversioned.info as Json).version;
    expect((await check(unversioned)).valid).toBe(false);
    const duplicateIds = structuredClone(document);
    (duplicateIds.paths as Json)['/healthz'].get.operationId = 'listTools';
    expect((await check(duplicateIds)).valid).toBe(false);
  });

  it('describes each dispatch body as the tool name and that tool’s own input schema', () => {
    const body = paths['/v1/dispatch'].post.requestBody.content['application/json'].schema;
    expect(body.oneOf).toHaveLength(tools.length);
    for (const tool of tools) {
      const call = schemas[`${tool.name}.call`];
      expect(call.properties.name).toEqual({ const: tool.name });
      expect(call.properties.arguments).toEqual({ $ref: `#/components/schemas/${tool.name}.arguments` });
      expect(call.required).toEqual(['name', 'arguments']);
      expect(schemas[`${tool.name}.arguments`]).toEqual(tool.inputSchema);
      expect(body.discriminator.mapping[tool.name]).toBe(`#/components/schemas/${tool.name}.call`);
    }
  });

  it('lists every status of the dispatch route with the envelope codes it carries', () => {
    const responses = paths['/v1/dispatch'].post.responses;
    expect(Object.keys(responses)).toEqual(['200', '400', '401', '413', '415', '500', '502', '503']);
    expect(errorCodes(responses['400'])).toEqual(['unknown-tool', 'invalid-arguments', 'invalid-request']);
    expect(errorCodes(responses['502'])).toEqual(['host-evidence-failed', 'invalid-host-evidence']);
    expect(errorCodes(responses['503'])).toEqual(['context-missing']);
    expect(responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/SuccessEnvelope' });
  });

  it('offers the provider formats on GET /v1/tools and a 304 for revalidation', () => {
    const get = paths['/v1/tools'].get;
    const format = get.parameters.find((parameter: Json) => parameter.name === 'format');
    expect(format.schema.enum).toEqual([...SUPPORTED_TOOL_FORMATS]);
    expect(Object.keys(get.responses)).toEqual(['200', '304', '400', '401', '500']);
  });

  it('marks the token-guarded operations and leaves the health check open', () => {
    expect(paths['/v1/dispatch'].post.security).toEqual([{ bearerAuth: [] }, {}]);
    expect(paths['/mcp'].post.security).toEqual([{ bearerAuth: [] }, {}]);
    expect(paths['/healthz'].get.security).toBeUndefined();
  });

  it('answers GET and DELETE on /mcp with 405 only', () => {
    expect(Object.keys(paths['/mcp'].get.responses)).toEqual(['405']);
    expect(Object.keys(paths['/mcp'].delete.responses)).toEqual(['405']);
  });

  it('documents each error code under the status the Worker answers it with', () => {
    for (const [operation, codes] of Object.entries(OPERATION_ERROR_CODES)) {
      const [method, path] = operation.split(' ') as [string, string];
      const responses = paths[path][method.toLowerCase()].responses;
      for (const code of codes) expect(errorCodes(responses[String(statusFor(code))]), `${operation} ${code}`).toContain(code);
    }
  });
});
