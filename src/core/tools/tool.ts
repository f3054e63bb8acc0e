// What one tool is: its fields, the strict zod schema built from them, the
// descriptor generated from that schema, and its handler. Each file in
// tools/ defines one tool with `defineTool`; the dispatcher runs them.
import * as z from 'zod';
import type { CatalogueView } from '../catalogue/view';
import { deepFreeze } from '../freeze';
import type { HostSnapshot } from '../host';
import type { WritingToolDescriptor, WritingToolErrorCode, WritingToolName } from '../types';
import type { FieldSpec } from './fields';

/** What a handler answers: data, or an error code with a message for people. */
export type ToolOutcome =
  | { readonly ok: true; readonly data: unknown }
  | { readonly ok: false; readonly code: WritingToolErrorCode; readonly message: string };

export interface ToolEnvironment {
  readonly catalogue: CatalogueView;
  readonly host: HostSnapshot;
}

type Shape<F extends Record<string, FieldSpec>> = { [K in keyof F]: F[K]['schema'] };
type Args<F extends Record<string, FieldSpec>> = z.output<z.ZodObject<Shape<F>, z.core.$strict>>;

export interface ToolDefinition<F extends Record<string, FieldSpec> = Record<string, FieldSpec>> {
  readonly name: WritingToolName;
  readonly fields: F;
  readonly schema: z.ZodObject<Shape<F>, z.core.$strict>;
  readonly descriptor: WritingToolDescriptor;
  readonly run: (args: Args<F>, env: ToolEnvironment) => ToolOutcome | Promise<ToolOutcome>;
}

/** Any tool, as the registry and the dispatcher hold it. */
export interface RegisteredTool {
  readonly name: WritingToolName;
  readonly fields: Readonly<Record<string, FieldSpec>>;
  readonly schema: z.ZodType;
  readonly descriptor: WritingToolDescriptor;
  /** Takes the value `schema` produced for this tool. */
  readonly run: (args: never, env: ToolEnvironment) => ToolOutcome | Promise<ToolOutcome>;
}

const ANNOTATIONS = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;

/** A tool whose descriptor's `inputSchema` comes from the schema that validates its calls. */
export function defineTool<F extends Record<string, FieldSpec>>(spec: {
  readonly name: WritingToolName;
  readonly title: string;
  readonly description: string;
  readonly fields: F;
  readonly run: ToolDefinition<F>['run'];
}): ToolDefinition<F> {
  const shape = Object.fromEntries(
    Object.entries(spec.fields).map(([key, field]) => [key, field.schema]),
  ) as Shape<F>;
  const schema = z.strictObject(shape);
  const descriptor: WritingToolDescriptor = deepFreeze({
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema: z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>,
    annotations: { ...ANNOTATIONS },
  });
  return { name: spec.name, fields: spec.fields, schema, descriptor, run: spec.run };
}
