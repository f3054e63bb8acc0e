// Compose review instructions for a reviewer model. The host fixes the
// audience and goal; the document itself never enters the prompt.
// Run: npx tsx examples/review-prompt.ts
import { pathToFileURL } from 'node:url';
import { createWritingToolDispatcher, type ComposeWritingReviewPromptResult } from '@voice/writing-rules/tools';

export async function reviewPrompt(language: 'en' | 'de'): Promise<ComposeWritingReviewPromptResult> {
  const dispatcher = createWritingToolDispatcher({
    reviewContext: {
      audience: 'Administrators installing the service',
      goal: 'Finish the installation without support',
    },
  });
  const result = await dispatcher.dispatch({
    name: 'compose_writing_review_prompt',
    arguments: { profile: 'public-docs', language, maxFindings: 3 },
  });
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.data;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { prompt, segments } = await reviewPrompt('en');
  console.log(segments.map((segment) => segment.id).join('\n'));
  console.log(`\n${prompt.length} characters; send the prompt, then the document, to the reviewer model.`);
}
