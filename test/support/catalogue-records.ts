// The scanner records (each language's record and its suggestion record), compiled from catalogue/signals/*.yaml the way the
// build compiles them. The benchmark and the scanner's equality tests use them,
// so both run before or without a catalogue build.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { compileSignalRecord, levelRecordsOf } from '../../src/core/catalogue/compile';
import type { CompiledSignalRecord } from '../../src/core/catalogue/compiled-types';
import { LANGUAGES, SCANNABLE_RULE_IDS } from '../../src/core/catalogue/ids';
import { signalFileSchema } from '../../src/core/catalogue/files-schema';

const signalsDir = fileURLToPath(new URL('../../catalogue/signals/', import.meta.url));

/** Every record of the catalogue, English and German with their suggestion records, in rule order. */
export function loadSignalRecords(): CompiledSignalRecord[] {
  return SCANNABLE_RULE_IDS.flatMap((ruleId) => {
    const file = signalFileSchema.parse(parse(readFileSync(`${signalsDir}${ruleId}.yaml`, 'utf8')));
    return LANGUAGES.flatMap((language) => levelRecordsOf(file[language], ruleId, language).map(compileSignalRecord));
  });
}

/** The records the service ships (the built catalogue), or the YAML compiled here when it is not built. */
export async function loadShippedRecords(): Promise<{ records: readonly CompiledSignalRecord[]; origin: string }> {
  try {
    const { catalogue } = await import('../../src/core/catalogue/catalogue.generated');
    return { records: catalogue.signalRecords, origin: `built catalogue ${catalogue.catalogueVersion}` };
  } catch {
    return { records: loadSignalRecords(), origin: 'catalogue/signals/*.yaml (catalogue not built: run npm run build)' };
  }
}
