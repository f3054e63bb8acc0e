// Which files a check reads, what mode each is scanned in, and reading them
// as UTF-8 text. A path that cannot be used becomes an input problem that is
// reported while the other files are still checked.
import { isUtf8 } from 'node:buffer';
import { type Dirent, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';

/** Extensions a directory walk collects, and the scan mode of each. */
export const MODE_BY_EXTENSION = {
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.mdx': 'markdown',
  '.html': 'html',
  '.htm': 'html',
  '.txt': 'text',
} as const;

export type ScanMode = 'markdown' | 'html' | 'text';

/** Folders a walk never enters besides dot-directories. */
const SKIPPED_DIRECTORIES = new Set(['node_modules']);

/** The mode for a file name: by its extension, case-insensitive; text for any other. */
export function modeForPath(path: string): ScanMode {
  const extension = extname(path).toLowerCase();
  return Object.hasOwn(MODE_BY_EXTENSION, extension) ? MODE_BY_EXTENSION[extension as keyof typeof MODE_BY_EXTENSION] : 'text';
}

/** A file to check: as the user named or the walk found it, and absolute. */
export interface InputFile {
  readonly display: string;
  readonly absolute: string;
  /** Standard input (`-`): `display` is its --stdin-name or `-`, `absolute` where that name points. */
  readonly stdin?: true;
}

export interface InputProblem {
  readonly path: string;
  readonly message: string;
}

/**
 * Expands paths (files, directories and `-` for standard input) into files in a stable order:
 * arguments in the order given, each directory's files sorted by path. A file
 * named directly is checked whatever its extension; walked files must have
 * one of MODE_BY_EXTENSION's and not be ignored.
 */
export function collectFiles(
  cwd: string,
  paths: readonly string[],
  isIgnored: (absolutePath: string) => boolean,
  stdinName?: string,
): { files: InputFile[]; problems: InputProblem[] } {
  const files: InputFile[] = [];
  const problems: InputProblem[] = [];
  const seen = new Set<string>();
  const add = (display: string, absolute: string): void => {
    if (seen.has(absolute)) return;
    seen.add(absolute);
    files.push({ display, absolute });
  };
  for (const path of paths) {
    if (path === '-') {
      files.push({ display: stdinName ?? '-', absolute: resolve(cwd, stdinName ?? '-'), stdin: true });
      continue;
    }
    const absolute = resolve(cwd, path);
    let isDirectory: boolean;
    try {
      isDirectory = statSync(absolute).isDirectory();
    } catch (error) {
      problems.push({ path, message: describeFsError(error) });
      continue;
    }
    if (!isDirectory) {
      add(path, absolute);
      continue;
    }
    const walked = walk(absolute, path, problems).filter((file) => !isIgnored(file.absolute));
    walked.sort((a, b) => (a.display < b.display ? -1 : a.display > b.display ? 1 : 0));
    for (const file of walked) add(file.display, file.absolute);
  }
  return { files, problems };
}

function walk(directory: string, display: string, problems: InputProblem[]): InputFile[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(directory, { withFileTypes: true });
  } catch (error) {
    problems.push({ path: display, message: describeFsError(error) });
    return [];
  }
  const found: InputFile[] = [];
  for (const entry of entries) {
    const absolute = join(directory, entry.name);
    const shown = display === '.' ? entry.name : `${display.replace(/\/+$/, '')}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name.startsWith('.') || SKIPPED_DIRECTORIES.has(entry.name)) continue;
      found.push(...walk(absolute, shown, problems));
    } else if (entry.isFile() && Object.hasOwn(MODE_BY_EXTENSION, extname(entry.name).toLowerCase())) {
      found.push({ display: shown, absolute });
    }
  }
  return found;
}

export type ReadResult = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly message: string };

/**
 * Decodes file content as UTF-8 text without a byte order mark. Refuses
 * content with a NUL byte (binary) and invalid UTF-8, with a message that says
 * which. Node's native check and decoder take about half the time of a
 * fatal TextDecoder on the README files under node_modules/.
 */
export function decodeText(bytes: Uint8Array): ReadResult {
  if (bytes.includes(0)) return { ok: false, message: 'is binary (contains a NUL byte), not text' };
  if (!isUtf8(bytes)) return { ok: false, message: 'is not UTF-8 text' };
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  return { ok: true, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
}

export function readTextFile(absolute: string): ReadResult {
  let bytes: Buffer;
  try {
    bytes = readFileSync(absolute);
  } catch (error) {
    return { ok: false, message: describeFsError(error) };
  }
  return decodeText(bytes);
}

function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'does not exist';
  if (code === 'EACCES' || code === 'EPERM') return 'cannot be read (permission denied)';
  if (code === 'EISDIR') return 'is a directory';
  return `cannot be read (${code ?? (error instanceof Error ? error.message : String(error))})`;
}
