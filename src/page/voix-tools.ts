// The VOIX <tool> and <prop> declarations of the review page, derived from the
// tool descriptors: the same names, titles, descriptions and bounds as the
// library. The page's script creates the elements from the descriptors it
// also registers with WebMCP, so the page carries each description once; the
// build runs the same derivation first, so an unsupported type fails the build.
// Arrays of IDs, which VOIX props cannot type, become one comma-separated
// string (see docs/page.md).

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
  const props = Object.entries(properties).map(([name, schema]) => ({ name, ...propType(tool.name, name, schema), required: required.has(name) }));
  return { name: tool.name, title: tool.title, description: tool.description, props };
}
