// What one tool is: its fields, the strict zod schema built from them, the
// zod schema of its result, the descriptor generated from both, and its
// handler. Each file in tools/ defines one tool with `defineTool`; the
// dispatcher runs them. Both zod schemas are built when first read: the
// argument schema at the tool's first call, the result schema when the tools
// are listed, so a new process builds no schema it does not use.
import * as z from 'zod';
import type { CatalogueView } from '../catalogue/view';
import { deepFreeze, type Frozen, onFirstCall, onFirstRead } from '../dispatch/freeze';
import type { HostSnapshot } from '../dispatch/host-options';
import type { WritingToolDescriptor, WritingToolErrorCode, WritingToolName } from '../dispatch/types';
import type { FieldSpec } from './fields';

/** What a handler answers: data, or an error code with a message for people. */
export type ToolOutcome<Data = unknown> =
  | { readonly ok: true; readonly data: Data }
  | { readonly ok: false; readonly code: WritingToolErrorCode; readonly message: string };

export interface ToolEnvironment {
  readonly catalogue: CatalogueView;
  readonly host: HostSnapshot;
}

type Shape<F extends Record<string, FieldSpec>> = { [K in keyof F]: F[K]['schema'] };
type Args<F extends Record<string, FieldSpec>> = z.output<z.ZodObject<Shape<F>, z.core.$strict>>;

/**
 * The shape every result schema has: a JSON object. MCP requires an
 * outputSchema of type "object", and every envelope's `data` is one.
 */
export type ResultSchema = z.ZodObject | z.ZodDiscriminatedUnion<z.ZodObject[]>;

/** The data a result schema describes, readonly because the dispatcher freezes it. */
export type ResultOf<R extends ResultSchema> = Frozen<z.output<R>>;

export interface ToolDefinition<
  N extends WritingToolName = WritingToolName,
  F extends Record<string, FieldSpec> = Record<string, FieldSpec>,
  R extends ResultSchema = ResultSchema,
> {
  readonly name: N;
  readonly fields: F;
  readonly schema: z.ZodObject<Shape<F>, z.core.$strict>;
  readonly resultSchema: R;
  readonly descriptor: WritingToolDescriptor;
  readonly run: (args: Args<F>, env: ToolEnvironment) => ToolOutcome<ResultOf<R>> | Promise<ToolOutcome<ResultOf<R>>>;
}

/** Any tool, as the registry and the dispatcher hold it. */
export interface RegisteredTool {
  readonly name: WritingToolName;
  readonly fields: Readonly<Record<string, FieldSpec>>;
  readonly schema: z.ZodType;
  readonly resultSchema: ResultSchema;
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

/** A plain enumerable property holding `v`, beside the getters of onFirstRead. */
const value = (v: unknown): PropertyDescriptor => ({ enumerable: true, value: v });

/** JSON Schema 2020-12 of a result schema, with `type: "object"` at the root also for a union of objects. */
function outputJsonSchema(resultSchema: ResultSchema): Record<string, unknown> {
  const { $schema, ...rest } = z.toJSONSchema(resultSchema, { io: 'output' }) as Record<string, unknown>;
  return { $schema, type: 'object', ...rest };
}

/**
 * A tool whose descriptor's `inputSchema` comes from the schema that validates
 * its calls, and whose `outputSchema` comes from the schema its handler's
 * data is typed by. `result` builds the result schema; it is called once,
 * when `resultSchema` or the descriptor's `outputSchema` is first read.
 */
export function defineTool<N extends WritingToolName, F extends Record<string, FieldSpec>, R extends ResultSchema>(spec: {
  readonly name: N;
  readonly title: string;
  readonly description: string;
  readonly fields: F;
  readonly result: () => R;
  readonly run: ToolDefinition<N, F, R>['run'];
}): ToolDefinition<N, F, R> {
  const schema = onFirstCall(() =>
    z.strictObject(Object.fromEntries(Object.entries(spec.fields).map(([key, field]) => [key, field.schema])) as Shape<F>),
  );
  const resultSchema = onFirstCall(spec.result);
  const descriptor = descriptorWithSchemasOnFirstRead(
    spec,
    () => z.toJSONSchema(schema(), { io: 'input' }) as Record<string, unknown>,
    () => outputJsonSchema(resultSchema()),
  );
  return Object.defineProperties({} as ToolDefinition<N, F, R>, {
    name: value(spec.name),
    fields: value(spec.fields),
    schema: { enumerable: true, get: schema },
    resultSchema: { enumerable: true, get: resultSchema },
    descriptor: value(descriptor),
    run: value(spec.run),
  });
}

/**
 * A tool's result schema: for the library's exported constants
 * (`findWritingSignalsResultSchema`, ...), each marked pure where it is
 * called, so a bundle that imports none of them (the Worker's) drops the call
 * and builds the schema only when the tools are listed.
 */
export function resultSchemaOf<T extends { readonly resultSchema: ResultSchema }>(tool: T): T['resultSchema'] {
  return tool.resultSchema;
}

/**
 * A frozen descriptor whose JSON Schemas are generated from the zod schemas
 * when first read (listing the tools, MCP's tools/list), not when the module
 * loads: a process that only dispatches never pays for them. Same keys, in
 * the same order, and the same values as a plain frozen object.
 */
function descriptorWithSchemasOnFirstRead(
  spec: { readonly name: WritingToolName; readonly title: string; readonly description: string },
  inputSchema: () => Record<string, unknown>,
  outputSchema: () => Record<string, unknown>,
): WritingToolDescriptor {
  return Object.freeze(
    Object.defineProperties(
      {},
      {
        name: value(spec.name),
        title: value(spec.title),
        description: value(spec.description),
        inputSchema: onFirstRead(() => deepFreeze(inputSchema())),
        outputSchema: onFirstRead(() => deepFreeze(outputSchema())),
        annotations: value(Object.freeze({ ...ANNOTATIONS })),
      },
    ),
  ) as WritingToolDescriptor;
}
