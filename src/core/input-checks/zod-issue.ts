// One sentence per zod issue for data the host supplies (host options and
// evidence), naming the path from `root`. Tool arguments have their own,
// field-specific messages in tools/arguments.ts.
import type { z } from 'zod';
import { echo } from './echo';

const ARTICLE: Record<string, string> = {
  object: 'an object',
  array: 'an array',
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'a boolean',
  null: 'null',
};

/** `root.a[0].b` for an issue path. */
export function issuePath(root: string, path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : `${text}.${String(key)}`), root);
}

/**
 * A message for people: messages written by our own checks ("must …") are
 * prefixed with the path; zod's own wording never reaches the caller.
 * Needs issues parsed with `reportInput: true` to tell a missing field.
 */
export function issueMessage(root: string, issue: z.core.$ZodIssue): string {
  const path = issuePath(root, issue.path);
  if (issue.code === 'custom') return issue.message;
  if (issue.code === 'unrecognized_keys') return `${path} has unknown field ${echo(issue.keys[0])}`;
  if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.input === undefined) {
    return `${path} is missing`;
  }
  if (issue.message.startsWith('must ')) return `${path} ${issue.message}`;
  if (issue.code === 'invalid_type') return `${path} must be ${ARTICLE[issue.expected] ?? issue.expected}`;
  if (issue.code === 'invalid_value') {
    return `${path} must be ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}`;
  }
  return `${path} is not valid`;
}
