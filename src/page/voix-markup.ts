// The VOIX <tool> and <prop> elements of the review page, built at build time
// from the tool descriptors (scripts/build-page.ts), so the page declares the
// same names, descriptions and bounds as the library. Arrays of IDs, which
// VOIX props cannot type, become one comma-separated string (see docs/page.md).
import type { WritingToolDescriptor } from '../core/types';
import { plainLineProblem } from '../core/plain-line';
import { escapeHtml } from './escape-html';

interface PropertySchema {
  readonly type?: string;
  readonly description?: string;
  readonly items?: { readonly type?: string; readonly enum?: readonly string[] };
}

/** The separator of the string form of an ID list in a VOIX call. */
export const LIST_SEPARATOR = ',';

function propType(tool: string, name: string, schema: PropertySchema): { type: string; description: string } {
  const description = schema.description ?? '';
  switch (schema.type) {
    case 'string':
      return { type: 'string', description };
    case 'integer':
    case 'number':
      return { type: 'number', description };
    case 'boolean':
      return { type: 'boolean', description };
    case 'array': {
      const values = schema.items?.enum;
      if (schema.items?.type !== 'string' || values === undefined) break;
      return {
        type: 'string',
        description:
          `Comma-separated list, such as "${values.slice(-2).join(LIST_SEPARATOR)}"; spaces around the commas are ignored ` +
          `and an empty item is refused. ${description} Allowed values: ${values.join(', ')}.`,
      };
    }
  }
  throw new Error(`${tool}.${name}: no VOIX prop type for JSON Schema type ${JSON.stringify(schema.type)}`);
}

function toolMarkup(tool: WritingToolDescriptor): string {
  const problem = plainLineProblem(`${tool.name} title`, tool.title);
  if (problem !== undefined) throw new Error(problem);
  const properties = (tool.inputSchema.properties ?? {}) as Readonly<Record<string, PropertySchema>>;
  const required = new Set((tool.inputSchema.required ?? []) as readonly string[]);
  const props = Object.entries(properties).map(([name, schema]) => {
    const { type, description } = propType(tool.name, name, schema);
    const flag = required.has(name) ? ' required' : '';
    return `<prop name="${escapeHtml(name)}" type="${type}" description="${escapeHtml(description)}"${flag}></prop>`;
  });
  return (
    `<tool name="${escapeHtml(tool.name)}" description="${escapeHtml(tool.description)}" ` +
    `data-title="${escapeHtml(tool.title)}" return>${props.join('')}</tool>`
  );
}

/** One <tool return> element per descriptor, with a <prop> per argument. Throws on a title that is not one plain line. */
export function voixToolsMarkup(tools: readonly WritingToolDescriptor[]): string {
  return tools.map(toolMarkup).join('\n');
}
