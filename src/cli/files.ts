// Which files a check reads, what mode each is scanned in, and reading them
// as UTF-8 text. A path that cannot be used becomes an input problem that is
// reported while the other files are still checked.
import { isUtf8 } from 'node:buffer';
import { type Dirent, closeSync, constants, fstatSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
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

/**
 * The most bytes one input may hold: 16 MiB, read and scanned whole (the
 * tool's 250,000-unit limit is for the HTTP service). Reading stops one byte past it, so
 * an endless stream (`check /dev/zero`, `yes | check -`) ends with an error
 * instead of filling memory.
 */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024;

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
  /** The path as a relative URI reference of its bytes, for a name that is not UTF-8 (`path` shows it escaped). */
  readonly uri?: string;
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

// Names are read as bytes: a name that is not UTF-8 would otherwise come back
// with U+FFFD in place of its bytes, naming a file that does not exist.
function walk(directory: string, display: string, problems: InputProblem[]): InputFile[] {
  let entries: Dirent<Buffer>[];
  try {
    entries = readdirSync(directory, { withFileTypes: true, encoding: 'buffer' });
  } catch (error) {
    problems.push({ path: display, message: describeFsError(error) });
    return [];
  }
  const found: InputFile[] = [];
  for (const entry of entries) {
    const utf8 = isUtf8(entry.name);
    const name = utf8 ? entry.name.toString('utf8') : escapedBytes(entry.name);
    const absolute = join(directory, name);
    const shown = display === '.' ? name : `${display.replace(/\/+$/, '')}/${name}`;
    const wanted = entry.isDirectory()
      ? !name.startsWith('.') && !SKIPPED_DIRECTORIES.has(name)
      : entry.isFile() && Object.hasOwn(MODE_BY_EXTENSION, extname(name).toLowerCase());
    if (!wanted) continue;
    if (!utf8) {
      // The URI carries the name's own bytes (%FF), where `shown` spells them as text (\xff) that names another file.
      const uri = `${display === '.' ? '' : `${pathToUriReference(display.replace(/\/+$/, ''))}/`}${percentEncodedBytes(entry.name)}`;
      problems.push({ path: shown, message: 'has a name that is not UTF-8, so it was not checked; rename it', uri });
    } else if (entry.isDirectory()) found.push(...walk(absolute, shown, problems));
    else found.push({ display: shown, absolute });
  }
  return found;
}

/** Bytes as a URI path segment: unreserved ASCII as it is, every other byte as %XX. */
function percentEncodedBytes(name: Uint8Array): string {
  return [...name]
    .map((byte) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte)) && byte < 0x80
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** A relative URI reference for a `/`-separated path: each segment percent-encoded. */
export function pathToUriReference(path: string): string {
  return path
    .split('/')
    .map((segment) => (segment === '.' || segment === '..' ? segment : encodeURIComponent(segment)))
    .join('/');
}

/** A name that is not UTF-8, printable: ASCII as it is, every other byte as \xNN. */
function escapedBytes(name: Uint8Array): string {
  return [...name]
    .map((byte) => (byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : `\\x${byte.toString(16).padStart(2, '0')}`))
    .join('');
}

export type ReadResult = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly message: string };

/**
 * Gathers an input's bytes chunk by chunk, and says when reading can stop: at
 * a NUL byte (the input is binary, and will be refused whatever follows) or
 * one byte past `maxBytes` (it will be refused as too large).
 */
export class InputBytes {
  private readonly chunks: Uint8Array[] = [];
  private size = 0;

  constructor(private readonly maxBytes: number = MAX_INPUT_BYTES) {}

  /** Keeps a copy of (at most the needed part of) `chunk`; false when reading can stop. */
  add(chunk: Uint8Array): boolean {
    const part = chunk.subarray(0, this.maxBytes + 1 - this.size);
    this.chunks.push(Uint8Array.from(part));
    this.size += part.length;
    return this.size <= this.maxBytes && !part.includes(0);
  }

  bytes(): Uint8Array {
    return Buffer.concat(this.chunks);
  }
}

const tooLarge = (maxBytes: number) => `is larger than ${maxBytes} bytes, the most one input may hold`;

/**
 * Decodes file content as UTF-8 text without a byte order mark. Refuses
 * content over `maxBytes`, with a NUL byte (binary) and invalid UTF-8, with a
 * message that says which. Node's native check and decoder take about half
 * the time of a fatal TextDecoder on the README files under node_modules/.
 */
export function decodeText(bytes: Uint8Array, maxBytes: number = MAX_INPUT_BYTES): ReadResult {
  if (bytes.includes(0)) return { ok: false, message: 'is binary (contains a NUL byte), not text' };
  if (bytes.length > maxBytes) return { ok: false, message: tooLarge(maxBytes) };
  if (!isUtf8(bytes)) return { ok: false, message: 'is not UTF-8 text' };
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  return { ok: true, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
}

/**
 * Reads a file as UTF-8 text. A regular file is read whole when its size is
 * within `maxBytes`; anything else (a device, a pipe) in chunks, stopping as
 * soon as the input is known to be refused.
 */
export function readTextFile(absolute: string, maxBytes: number = MAX_INPUT_BYTES): ReadResult {
  let fd: number | undefined;
  try {
    // Without O_NONBLOCK, opening a named pipe waits for a writer, forever if none comes.
    fd = openSync(absolute, constants.O_RDONLY | constants.O_NONBLOCK);
    const stats = fstatSync(fd);
    if (stats.isFIFO() || stats.isSocket()) {
      return { ok: false, message: 'is a named pipe or socket, not a file; send its content to standard input (-) instead' };
    }
    if (stats.isFile() && stats.size > maxBytes) return { ok: false, message: tooLarge(maxBytes) };
    // A size of 0 may not be the truth (files under /proc): those are read in chunks too.
    if (stats.isFile() && stats.size > 0) return decodeText(readFileSync(fd), maxBytes);
    const input = new InputBytes(maxBytes);
    const buffer = Buffer.allocUnsafe(64 * 1024);
    for (;;) {
      const read = readSync(fd, buffer, 0, buffer.length, null);
      if (read === 0 || !input.add(buffer.subarray(0, read))) break;
    }
    return decodeText(input.bytes(), maxBytes);
  } catch (error) {
    return { ok: false, message: describeFsError(error) };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'does not exist';
  if (code === 'EACCES' || code === 'EPERM') return 'cannot be read (permission denied)';
  if (code === 'EISDIR') return 'is a directory';
  if (code === 'ELOOP') return 'is a loop of symbolic links';
  return `cannot be read (${code ?? (error instanceof Error ? error.message : String(error))})`;
}
