// The part of a tool descriptor that every provider projection reads; the
// descriptors in `writingReviewTools` satisfy it as they are.

/** Name, description and JSON Schema of one tool. */
export interface ProjectableTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Readonly<Record<string, unknown>>;
}
