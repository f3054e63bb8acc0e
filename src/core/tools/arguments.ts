// Turns a call's `arguments` into validated values or one message for people
// (docs/api-reference.md#errors). Every tool's arguments pass through here, so no raw
// zod text ever reaches a caller.
import type * as z from 'zod';
import { echo } from '../input-checks/echo';
import type { FieldSpec } from './fields';

export type ArgumentsResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  if (Object.prototype.toString.call(value) !== '[object Object]') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

function issueMessage(
  issue: z.core.$ZodIssue,
  specs: Readonly<Record<string, FieldSpec>>,
  args: Readonly<Record<string, unknown>>,
): string {
  const [key, index] = issue.path;
  const spec = typeof key === 'string' ? specs[key] : undefined;
  if (typeof key !== 'string' || spec === undefined) return 'arguments are not valid';
  const value = args[key];
  if (typeof index === 'number' && Array.isArray(value) && spec.itemProblem !== undefined) {
    return spec.itemProblem(`${key}[${index}]`, value[index]);
  }
  if (value === undefined) return `${key} is required: ${spec.must}`;
  if (issue.code === 'too_big' && issue.origin === 'string' && typeof value === 'string') {
    return `${key} must be at most ${String(issue.maximum)} UTF-16 code units (got ${value.length})`;
  }
  const sized = issue.code === 'too_big' || issue.code === 'too_small';
  const got =
    sized && typeof value === 'string'
      ? `${value.length} units`
      : Array.isArray(value)
        ? sized
          ? `${value.length} items`
          : `an array of ${value.length} ${value.length === 1 ? 'item' : 'items'}`
        : echo(value);
  return `${key} must be ${spec.must} (got ${got})`;
}

/**
 * Validates `input` against a tool's fields: a plain object with only known
 * keys, each value within its bound. The result is zod's fresh copy, so
 * later changes to `input` do not reach the tool.
 */
export function parseArguments<T>(
  toolName: string,
  schema: z.ZodType<T>,
  specs: Readonly<Record<string, FieldSpec>>,
  input: unknown,
): ArgumentsResult<T> {
  const args = input === undefined ? {} : input;
  if (!isPlainObject(args)) {
    // A class instance, Map or Date: echo would only say "an object", which reads as a contradiction.
    const got =
      typeof args === 'object' && args !== null && !Array.isArray(args) ? 'an object that is not a plain JSON object' : echo(args);
    return { ok: false, message: `arguments must be a JSON object (got ${got})` };
  }
  const unknownKey = Reflect.ownKeys(args).find((key) => typeof key !== 'string' || !Object.hasOwn(specs, key));
  if (unknownKey !== undefined) {
    const accepted = Object.keys(specs);
    return {
      ok: false,
      message: `unknown field ${echo(String(unknownKey))}; ${toolName} accepts ${accepted.length === 0 ? 'no fields' : accepted.join(', ')}`,
    };
  }
  const parsed = schema.safeParse(args);
  if (parsed.success) return { ok: true, value: parsed.data };
  const first = parsed.error.issues[0];
  return { ok: false, message: first === undefined ? 'arguments are not valid' : issueMessage(first, specs, args) };
}
