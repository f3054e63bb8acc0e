// The OpenAPI document of the HTTP API, built from the tool descriptors.
export { buildOpenApiDocument, type DocumentedTool, type OpenApiInput } from './build-openapi-document';
