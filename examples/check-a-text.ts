// Check a text for writing signals and print each one with its line and column.
// Run: npx tsx examples/check-a-text.ts
import { pathToFileURL } from 'node:url';
import { createWritingToolDispatcher, type FindWritingSignalsResult } from '@voice/writing-rules/tools';

export async function checkText(text: string): Promise<FindWritingSignalsResult> {
  const dispatcher = createWritingToolDispatcher();
  // The literal tool name types the answer: `result.data` is a FindWritingSignalsResult.
  const result = await dispatcher.dispatch({ name: 'find_writing_signals', arguments: { text, language: 'en' } });
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.data;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const text = 'This guide explains how to install the tool.\nWe leverage a powerful, seamless setup.';
  const { signals, coverage } = await checkText(text);
  for (const signal of signals) {
    console.log(`${signal.line}:${signal.column} ${signal.ruleId} "${signal.quote}"`);
  }
  console.log(`scanned: ${coverage.scannedRuleIds.join(', ')}`);
  console.log(`for a reviewer: ${coverage.unscannedRuleIds.join(', ')}`);
}
