// An optional record of what the Markdown reader decided, node by node, in the
// shape the reference implementation's tree has: code, raw HTML and link
// destinations as literal strings, in document order. The conformance test
// and the differential fuzzer compare it with `commonmark`; scans never pass one.

export type TracedNodeType = 'code_block' | 'code' | 'html_block' | 'html_inline' | 'link' | 'image' | 'autolink';

export interface TracedNode {
  readonly type: TracedNodeType;
  /** Code and HTML: the literal. Links and images: the destination as written (escapes not yet resolved). */
  readonly literal: string;
  /** Links and images: the title as written, without its delimiters. */
  readonly title?: string;
  /** Where the node starts in the input, to put block and inline nodes in document order. */
  readonly at: number;
}

export class MarkdownTrace {
  /** Set when a tab was only partly consumed by indentation (the reference writes spaces for its rest). */
  partialTab = false;
  readonly nodes: TracedNode[] = [];

  codeBlock(s: string, lines: readonly number[], fenced: boolean, at: number): void {
    const texts: string[] = [];
    for (let i = 0; i < lines.length; i += 2) texts.push(s.slice(lines[i] as number, lines[i + 1] as number));
    if (!fenced) while (texts.length > 0 && /^[ \t]*$/.test(texts[texts.length - 1] as string)) texts.pop();
    const literal = texts.length === 0 ? '' : `${texts.join('\n')}\n`;
    this.nodes.push({ type: 'code_block', literal, at });
  }

  htmlBlock(s: string, lines: readonly number[]): void {
    const texts: string[] = [];
    for (let i = 0; i < lines.length; i += 2) texts.push(s.slice(lines[i] as number, lines[i + 1] as number));
    this.nodes.push({ type: 'html_block', literal: texts.join('\n'), at: lines[0] as number });
  }

  inline(type: TracedNodeType, literal: string, at: number, title?: string): void {
    this.nodes.push(title === undefined ? { type, literal, at } : { type, literal, title, at });
  }
}
