// The comparison behind the conformance test and the differential fuzzer:
// the code, raw HTML and link destinations the CommonMark reference
// implementation (`commonmark`) puts in its tree, against what the Markdown
// reader marks, as literal strings in document order. Extensions are off on
// our side: the reference knows no GFM or front matter.
import { isDeepStrictEqual } from 'node:util';
import { Parser } from 'commonmark';
import { readMarkdown } from '../../../src/core/markup/markdown';
import { MarkdownTrace } from '../../../src/core/markup/markdown-trace';

// The reference's own unescaping and URL normalisation, which its package does not export.
const common = (await import(new URL('../../../node_modules/commonmark/lib/common.js', import.meta.url).href)) as {
  unescapeString: (s: string) => string;
  normalizeURI: (s: string) => string;
};

/** One node the comparison covers, in the reference's terms. */
export interface ComparedNode {
  readonly type: 'code_block' | 'code' | 'html_block' | 'html_inline' | 'link' | 'image';
  readonly literal: string;
  readonly title?: string;
}

const parser = new Parser();

export function referenceNodes(markdown: string): ComparedNode[] {
  const walker = parser.parse(markdown).walker();
  const nodes: ComparedNode[] = [];
  for (let event = walker.next(); event !== null; event = walker.next()) {
    if (!event.entering) continue;
    const { node } = event;
    switch (node.type) {
      case 'code_block':
      case 'code':
      case 'html_block':
      case 'html_inline':
        nodes.push({ type: node.type, literal: node.literal ?? '' });
        break;
      case 'link':
      case 'image':
        nodes.push({ type: node.type, literal: node.destination ?? '', title: node.title ?? '' });
        break;
      default:
    }
  }
  return nodes;
}

export interface OurNodes {
  readonly nodes: ComparedNode[];
  /** A tab was partly consumed by indentation: the reference writes spaces there, we keep the tab. */
  readonly partialTab: boolean;
}

export function ourNodes(markdown: string): OurNodes {
  const trace = new MarkdownTrace();
  readMarkdown(markdown, { extensions: false, trace });
  const ordered = trace.nodes.map((node, index) => ({ node, index })).sort((a, b) => a.node.at - b.node.at || a.index - b.index);
  const nodes = ordered.map(({ node }): ComparedNode => {
    switch (node.type) {
      case 'autolink':
        return { type: 'link', literal: common.normalizeURI(node.literal), title: '' };
      case 'link':
      case 'image':
        return {
          type: node.type,
          literal: common.normalizeURI(common.unescapeString(node.literal)),
          title: common.unescapeString(node.title ?? ''),
        };
      default:
        return { type: node.type, literal: node.literal };
    }
  });
  return { nodes, partialTab: trace.partialTab };
}

/** The spec's test cases write a tab as →. */
export const specMarkdown = (markdown: string) => markdown.replace(/→/g, '\t');

/**
 * Whether our nodes agree with the reference. Where a tab was only partly
 * consumed by indentation, the reference writes spaces for its rest and we
 * keep the tab: such documents compare with spaces and tabs left out.
 */
export function agrees(ours: OurNodes, reference: readonly ComparedNode[]): 'same' | 'same-but-tabs' | 'different' {
  if (isDeepStrictEqual(ours.nodes, reference)) return 'same';
  if (!ours.partialTab) return 'different';
  const blind = (nodes: readonly ComparedNode[]) => nodes.map((node) => ({ ...node, literal: node.literal.replace(/[ \t]/g, '') }));
  return isDeepStrictEqual(blind(ours.nodes), blind(reference)) ? 'same-but-tabs' : 'different';
}
