// The VOIX <tool> and <prop> markup of the review page, built at build time
// (scripts/build-page.ts) from the tool descriptors, so the page declares the
// same names, titles, descriptions and bounds as the library, readable without
// running the page's script. Arrays of IDs, which VOIX props cannot type,
// become one comma-separated string (see docs/page.md).

/**
 * Escapes a value for a double-quoted attribute. Apostrophes stay as they are
 * (legal there), so the descriptions read the same as in the script's JSON and
 * compress against it.
 */
const attribute = (value: string) => value.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** What the page knows of a descriptor: name, title, description, input schema. */
export interface ToolSource {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: Readonly<Record<string, unknown>>;
}

/** One VOIX <prop>. */
export interface VoixProp {
  readonly name: string;
  readonly type: 'string' | 'number' | 'boolean';
  readonly description: string;
  readonly required: boolean;
}

/** One VOIX <tool return> with its props. */
export interface VoixTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly props: readonly VoixProp[];
}

interface PropertySchema {
  readonly type?: string;
  readonly description?: string;
  readonly items?: { readonly type?: string; readonly enum?: readonly string[] };
}

/** The separator of the string form of an ID list in a VOIX call. */
export const LIST_SEPARATOR = ',';

function propType(tool: string, name: string, schema: PropertySchema): Pick<VoixProp, 'type' | 'description'> {
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

/** The VOIX declaration of one descriptor. Throws on a property type VOIX cannot carry. */
export function voixTool(tool: ToolSource): VoixTool {
  const properties = (tool.inputSchema.properties ?? {}) as Readonly<Record<string, PropertySchema>>;
  const required = new Set((tool.inputSchema.required ?? []) as readonly string[]);
  const props = Object.entries(properties).map(([name, schema]) => ({
    name,
    ...propType(tool.name, name, schema),
    required: required.has(name),
  }));
  return { name: tool.name, title: tool.title, description: tool.description, props };
}

function toolMarkup(tool: VoixTool): string {
  const props = tool.props.map(
    (prop) =>
      `<prop name="${attribute(prop.name)}" type="${prop.type}" description="${attribute(prop.description)}"${prop.required ? ' required' : ''}></prop>`,
  );
  return `<tool name="${attribute(tool.name)}" description="${attribute(tool.description)}" data-title="${attribute(tool.title)}" return>${props.join('')}</tool>`;
}

/** One <tool return> element per descriptor, with a <prop> per argument. Throws on a type VOIX cannot carry. */
export function voixToolsMarkup(tools: readonly ToolSource[]): string {
  return tools.map((tool) => toolMarkup(voixTool(tool))).join('\n');
}
