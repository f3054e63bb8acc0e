import { validate } from '@readme/openapi-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_TOOL_FORMATS } from '../../src/core/projections';
import { createWritingToolDispatcher, writingReviewTools } from '../../src/core/index';
import { statusFor } from '../../src/worker/errors';
import { buildOpenApiDocument, OPERATION_ERROR_CODES } from '../../src/worker/openapi/document';
import { ROUTES } from '../../src/worker/routes/table';

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
    expect(schemas['find_writing_signals.arguments'].properties.minLevel).toMatchObject({
      type: 'string',
      enum: ['warning', 'suggestion'],
    });
    expect(schemas['find_writing_signals.result'].properties.signals.items.properties.level).toMatchObject({
      enum: ['warning', 'suggestion'],
    });
  });

  it('lists every status of the dispatch route with the envelope codes it carries', () => {
    const responses = paths['/v1/dispatch'].post.responses;
    expect(Object.keys(responses)).toEqual(['200', '400', '401', '413', '415', '429', '500', '502', '503']);
    expect(errorCodes(responses['429'])).toEqual(['rate-limited']);
    expect(responses['429'].headers['Retry-After'].schema).toEqual({ type: 'integer' });
    expect(errorCodes(responses['400'])).toEqual(['unknown-tool', 'invalid-arguments', 'invalid-request']);
    expect(errorCodes(responses['502'])).toEqual(['host-evidence-failed', 'invalid-host-evidence']);
    expect(errorCodes(responses['503'])).toEqual(['context-missing']);
    const success = responses['200'].content['application/json'].schema;
    expect(success.oneOf).toEqual(tools.map((tool) => ({ $ref: `#/components/schemas/${tool.name}.response` })));
    expect(success.discriminator.propertyName).toBe('tool');
  });

  it('describes each tool’s 200 answer as its success envelope with that tool’s output schema', () => {
    for (const tool of tools) {
      const response = schemas[`${tool.name}.response`];
      expect(response.properties).toEqual({
        ok: { const: true },
        tool: { const: tool.name },
        data: { $ref: `#/components/schemas/${tool.name}.result` },
      });
      expect(response.required).toEqual(['ok', 'tool', 'data']);
      expect(schemas[`${tool.name}.result`]).toEqual(tool.outputSchema);
    }
  });

  it('accepts real dispatch answers under the per-tool request and response schemas, and refuses altered ones', async () => {
    const dispatcher = createWritingToolDispatcher({
      reviewContext: { audience: 'Readers of the API', goal: 'Check the document' },
      modelComparisonContext: { availableModelIds: ['model-a'], cohortIds: ['cohort-a'] },
    });
    const calls = [
      { name: 'get_writing_rules', arguments: { detail: 'full' } },
      { name: 'get_writing_rules', arguments: { language: 'de' } },
      { name: 'compose_writing_review_prompt', arguments: { language: 'de', maxFindings: 2 } },
      { name: 'find_writing_signals', arguments: { text: 'We leverage a powerful, seamless setup.' } },
      {
        name: 'get_model_comparison_evidence',
        arguments: { language: 'en', profile: 'public-docs', role: 'reviewer', cohortId: 'cohort-a' },
      },
    ];
    // The document's components as one schema resource, so `$ref`s resolve as in the document.
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema({ $id: 'openapi', components: structuredClone(document.components) });
    for (const call of calls) {
      const validCall = ajv.getSchema(`openapi#/components/schemas/${call.name}.call`)!;
      expect(validCall(call), ajv.errorsText(validCall.errors)).toBe(true);
      const answer = JSON.parse(JSON.stringify(await dispatcher.dispatch(call)));
      const validResponse = ajv.getSchema(`openapi#/components/schemas/${call.name}.response`)!;
      expect(validResponse(answer), `${call.name}: ${ajv.errorsText(validResponse.errors)}`).toBe(true);
      expect(validResponse({ ...answer, data: { ...answer.data, unlisted: 1 } })).toBe(false);
      expect(validResponse({ ...answer, tool: 'another_tool' })).toBe(false);
    }
  });

  it('offers the provider formats on GET /v1/tools and a 304 for revalidation', () => {
    const get = paths['/v1/tools'].get;
    const format = get.parameters.find((parameter: Json) => parameter.name === 'format');
    expect(format.schema.enum).toEqual([...SUPPORTED_TOOL_FORMATS]);
    expect(Object.keys(get.responses)).toEqual(['200', '304', '400', '401', '429', '500']);
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

describe('the route table', () => {
  it('lists every path of the document, with its methods; only the review page is not in the API document', () => {
    const documented = document.paths as Record<string, Record<string, unknown>>;
    const apiRoutes = ROUTES.filter((route) => route.path !== '/');
    expect(Object.keys(documented).sort()).toEqual(apiRoutes.map((route) => route.path).sort());
    for (const route of apiRoutes) {
      for (const method of route.methods) expect(Object.keys(documented[route.path] ?? {}), route.path).toContain(method.toLowerCase());
    }
  });
});
