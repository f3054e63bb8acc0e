// The signal shape the scanner reports and find_writing_signals returns. The
// zod schema is the one source: the type below and the tool's output schema
// (MCP outputSchema, OpenAPI) are both derived from it.
import * as z from 'zod';
import { RULE_IDS, SIGNAL_LEVELS } from '../catalogue/ids';
import { type Frozen, onFirstCall } from '../dispatch/freeze';

/**
 * The schema of one signal, built when first called: only the tool's result
 * schema reads it (listing the tools, the library's exported result schemas),
 * so a Worker that answers calls never builds it.
 */
export const writingSignalSchema = onFirstCall(() => {
  const offset = z.number().int().min(0);
  const position = z.number().int().min(1);
  return z.strictObject({
    ruleId: z.enum(RULE_IDS),
    patternId: z.string().meta({ description: "The scanner record that matched, e.g. 'word-choice.en'." }),
    level: z.enum(SIGNAL_LEVELS).meta({
      description:
        "'warning': a cue a reviewer of the rule would want to look at nearly every time; 'suggestion': a cue that is common and often fine in careful prose.",
    }),
    kind: z.literal('surface-cue'),
    quote: z.string().meta({ description: 'The matched text, exactly as it stands in the input.' }),
    start: offset.meta({ description: 'Inclusive UTF-16 offset into the text.' }),
    end: offset.meta({ description: 'Exclusive UTF-16 offset: text.slice(start, end) equals quote.' }),
    encoding: z.literal('utf16'),
    reviewRequired: z.literal(true),
    line: position.meta({ description: '1-based line.' }),
    column: position.meta({ description: '1-based column in UTF-16 units.' }),
  });
});

/** One surface cue found in the text; always needs a reviewer's judgment. */
export type WritingSignal = Frozen<z.infer<ReturnType<typeof writingSignalSchema>>>;
