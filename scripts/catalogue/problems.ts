// The one shape every catalogue check reports in: which file, which field, what
// is wrong. The checks collect problems instead of throwing so that a build
// reports all of them at once; build-catalogue.ts prints them.

/** One thing wrong with the catalogue data, located by file and field path. */
export interface CatalogueProblem {
  /** Path relative to the catalogue's root directory, e.g. `catalogue/rules/word-choice.yaml`. */
  readonly file: string;
  /** Dotted field path inside the file, e.g. `title.de` or `evidence[0].sourceId`; empty for the whole file. */
  readonly path: string;
  readonly message: string;
}

/** `file: path: message`, or `file: message` when the problem concerns the whole file. */
export function formatProblem(problem: CatalogueProblem): string {
  return problem.path ? `${problem.file}: ${problem.path}: ${problem.message}` : `${problem.file}: ${problem.message}`;
}

/** `a.b[0].c` for a zod-style path. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === 'number') return `${text}[${key}]`;
    return text ? `${text}.${String(key)}` : String(key);
  }, '');
}

/** Problems in the order the checks found them. */
export class ProblemList {
  readonly items: CatalogueProblem[] = [];

  add(file: string, path: string, message: string): void {
    this.items.push({ file, path, message });
  }
}
