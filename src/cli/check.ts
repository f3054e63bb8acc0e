// Checks one text with the library's scanDocument: find_writing_signals
// without the tool's length bound, so a file of any size the CLI reads is
// read and scanned whole, and every signal has offsets, lines and columns of
// the whole file.
import { scanDocument, type FindWritingSignalsResult, type ScanDocumentArguments } from '../core/index';
import type { ScanMode } from './files';
import { UsageError, type ScanSettings } from './settings';

export interface FileSignals {
  readonly signals: FindWritingSignalsResult['signals'];
  readonly coverage: FindWritingSignalsResult['coverage'];
  /** The mode the text was scanned in: the file's. */
  readonly mode: ScanMode;
}

export interface TextChecker {
  check(text: string, mode: ScanMode, settings: ScanSettings): Promise<FileSignals>;
}

export function createTextChecker(): TextChecker {
  return {
    async check(text, mode, settings) {
      const args: ScanDocumentArguments = {
        text,
        language: settings.language,
        maxSignals: settings.maxSignals,
        minLevel: settings.minLevel,
        ...(settings.profile === undefined ? {} : { profile: settings.profile }),
        ...(settings.rules === undefined ? {} : { ruleIds: [...settings.rules] }),
        ...(mode === 'text' ? {} : { format: mode }),
      };
      const result = await scanDocument(args);
      // Texts are the CLI's own; only the settings can be refused, in
      // practice rules outside the profile. The user wrote `rules`, not `ruleIds[n]`.
      if (!result.ok) throw new UsageError(result.error.message.replace(/^ruleIds(?:\[\d+\])?/, 'rules'));
      return { signals: result.data.signals, coverage: result.data.coverage, mode };
    },
  };
}
