// Ignore directives in HTML comments, in the form markdownlint made familiar:
//   <!-- writing-rules-disable [ruleId …] -->            off from here on
//   <!-- writing-rules-enable [ruleId …] -->             on again from here on
//   <!-- writing-rules-disable-next-line [ruleId …] -->  off for the next line
// Without rule IDs a directive applies to every rule. An unknown rule ID or
// directive name is reported with its line and otherwise ignored.
import { RULE_IDS, type RuleId } from '../catalogue/ids';
import { echo } from '../input-checks/echo';
import type { LineIndex } from '../scanner/line-index';
import type { CommentSpan } from './mask';

const PREFIX = 'writing-rules-';
const KNOWN_RULES: ReadonlySet<string> = new Set(RULE_IDS);

type Action = 'disable' | 'enable' | 'disable-next-line';

interface Directive {
  readonly action: Action;
  /** Input offset from which the directive holds: just after its comment. */
  readonly from: number;
  /** The line the directive's comment ends on. */
  readonly line: number;
  /** Null: every rule. */
  readonly ruleIds: readonly RuleId[] | null;
}

/** A directive that could not be read fully, with the 1-based line of its comment. */
export interface DirectiveProblem {
  readonly line: number;
  readonly message: string;
}

/**
 * The most directive problems one answer lists. A problem's message is about
 * 100 bytes and a comment naming many unknown IDs costs 2 bytes per ID, so
 * without a cap an answer could grow 50 times its request.
 */
export const MAX_DIRECTIVE_PROBLEMS = 100;

export interface Directives {
  readonly directives: readonly Directive[];
  /** The first MAX_DIRECTIVE_PROBLEMS problems, in document order. */
  readonly problems: readonly DirectiveProblem[];
  /** Problems found beyond those listed. */
  readonly omittedProblems: number;
}

/** Reads the directives among a document's comments (in document order). */
export function readDirectives(comments: readonly CommentSpan[], lines: LineIndex): Directives {
  const directives: Directive[] = [];
  const problems: DirectiveProblem[] = [];
  let omittedProblems = 0;
  const report = (problem: DirectiveProblem) => {
    if (problems.length < MAX_DIRECTIVE_PROBLEMS) problems.push(problem);
    else omittedProblems += 1;
  };
  for (const comment of comments) {
    const words = comment.body.trim().split(/\s+/);
    const name = words[0] ?? '';
    if (!name.startsWith(PREFIX)) continue;
    const line = lines.locate(Math.max(comment.start, comment.end - 1)).line;
    const action = name.slice(PREFIX.length);
    if (action !== 'disable' && action !== 'enable' && action !== 'disable-next-line') {
      report({
        line,
        message: `unknown directive ${echo(name)}; use writing-rules-disable, writing-rules-enable or writing-rules-disable-next-line`,
      });
      continue;
    }
    const ruleIds: RuleId[] = [];
    for (const word of words.slice(1)) {
      if (KNOWN_RULES.has(word)) ruleIds.push(word as RuleId);
      else report({ line, message: `${name} names ${echo(word)}, which is not a catalogue rule; ignored` });
    }
    // Only unknown IDs: the directive applies to none, not to all.
    if (words.length > 1 && ruleIds.length === 0) continue;
    directives.push({ action, from: comment.end, line, ruleIds: words.length > 1 ? ruleIds : null });
  }
  return { directives, problems, omittedProblems };
}

/**
 * Keeps the signals no directive switches off. `signals` are in input order;
 * each carries its rule, input start and line.
 */
export function applyDirectives<S extends { readonly ruleId: RuleId; readonly start: number; readonly line: number }>(
  signals: readonly S[],
  directives: readonly Directive[],
): { kept: S[]; suppressed: number } {
  if (directives.length === 0) return { kept: [...signals], suppressed: 0 };
  let allOff = false;
  /** Exceptions to `allOff`: rules switched the other way. */
  const exceptions = new Set<RuleId>();
  const nextLine = new Map<number, Set<RuleId> | null>();
  let next = 0;
  const kept: S[] = [];
  for (const signal of signals) {
    while (next < directives.length && (directives[next] as Directive).from <= signal.start) {
      const directive = directives[next++] as Directive;
      if (directive.action === 'disable-next-line') {
        const line = directive.line + 1;
        const current = nextLine.get(line);
        if (directive.ruleIds === null || current === null) nextLine.set(line, null);
        else nextLine.set(line, new Set([...(current ?? []), ...directive.ruleIds]));
      } else if (directive.ruleIds === null) {
        allOff = directive.action === 'disable';
        exceptions.clear();
      } else {
        // A rule is an exception when its state differs from allOff.
        const off = directive.action === 'disable';
        for (const id of directive.ruleIds) {
          if (off === allOff) exceptions.delete(id);
          else exceptions.add(id);
        }
      }
    }
    const ruleOff = allOff !== exceptions.has(signal.ruleId);
    const lineRules = nextLine.get(signal.line);
    const lineOff = lineRules === null || lineRules?.has(signal.ruleId) === true;
    if (!ruleOff && !lineOff) kept.push(signal);
  }
  return { kept, suppressed: signals.length - kept.length };
}
