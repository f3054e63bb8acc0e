// Rewrites a tool's JSON Schema into one provider's keyword subset. Each
// provider file states which keywords it keeps, which it drops (and why that is
// safe) and how it rewrites the rest; this walker applies that plan everywhere
// a subschema can sit, and refuses any keyword the plan does not mention.

/** A JSON Schema object, as the descriptors and the providers carry it. */
export type JsonSchemaObject = { readonly [keyword: string]: unknown };

// The part of a tool descriptor that every provider projection reads; the
// descriptors in `writingReviewTools` satisfy it as they are.
/** Name, description and JSON Schema of one tool. */
export interface ProjectableTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Readonly<Record<string, unknown>>;
}

/** How one provider's schema subset treats each keyword. */
export interface SchemaProjectionPlan {
  /** Provider name, used in error messages. */
  readonly provider: string;
  /** Keywords copied as they are (after their subschemas are projected). */
  readonly keep: ReadonlySet<string>;
  /** Keywords removed; the dispatcher still enforces what they said. */
  readonly drop: ReadonlySet<string>;
  /** Turns a node into the provider's form after keep/drop; may replace keywords. */
  readonly rewrite?: (node: Record<string, unknown>, path: string) => Record<string, unknown>;
}

/** A schema holds a keyword that the provider plan neither keeps nor drops. */
export class SchemaProjectionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SchemaProjectionError';
  }
}

// Keywords whose value is one subschema, a list of them, or a name → subschema map.
const SINGLE_SUBSCHEMA = new Set(['items', 'not', 'additionalProperties', 'contains', 'propertyNames']);
const SUBSCHEMA_LIST = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
const SUBSCHEMA_MAP = new Set(['properties', 'patternProperties', '$defs']);

function isSchemaObject(value: unknown): value is JsonSchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function projectValue(keyword: string, value: unknown, plan: SchemaProjectionPlan, path: string): unknown {
  const at = `${path}/${keyword}`;
  if (SINGLE_SUBSCHEMA.has(keyword) && isSchemaObject(value)) return projectNode(value, plan, at);
  if (SUBSCHEMA_LIST.has(keyword) && Array.isArray(value)) {
    return value.map((entry, index) => (isSchemaObject(entry) ? projectNode(entry, plan, `${at}/${index}`) : entry));
  }
  if (SUBSCHEMA_MAP.has(keyword) && isSchemaObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([name, entry]) => [name, isSchemaObject(entry) ? projectNode(entry, plan, `${at}/${name}`) : entry]),
    );
  }
  return structuredClone(value);
}

function projectNode(node: JsonSchemaObject, plan: SchemaProjectionPlan, path: string): Record<string, unknown> {
  const projected: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (plan.drop.has(keyword)) continue;
    if (!plan.keep.has(keyword)) {
      throw new SchemaProjectionError(`${plan.provider} projection has no rule for keyword "${keyword}" at ${path || '/'}`);
    }
    projected[keyword] = projectValue(keyword, value, plan, path);
  }
  return plan.rewrite ? plan.rewrite(projected, path || '/') : projected;
}

/** Projects a whole schema (root included) with the plan; the input is not changed. */
export function projectSchema(schema: JsonSchemaObject, plan: SchemaProjectionPlan): Record<string, unknown> {
  return projectNode(schema, plan, '');
}
