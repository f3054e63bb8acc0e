// Recall of the scanner on a labelled set: per rule and overall, the share of
// cues found and of near-misses that raised a signal.
//
//   npm run measure:recall -- lab/data/labelled-set.en.yaml [more files]
//   npm run measure:recall -- --verbose FILE     also list every miss and alarm
//   npm run measure:recall -- --language de FILE when the name has no .en/.de
//
// Uses the built catalogue (run `npm run build` after changing catalogue/).
import { resolve } from 'node:path';
import { catalogue } from '../../src/core/catalogue/catalogue.generated';
import type { Language } from '../../src/core/catalogue/ids';
import { createSignalScanner } from '../../src/core/scanner/scan';
import { languageOfFile, measureRecall, readLabelledSet, totalRecall } from './labelled-set';

const pct = (n: number, d: number) => (d === 0 ? '–' : `${((100 * n) / d).toFixed(1)} %`);

function main(argv: readonly string[]): number {
  const verbose = argv.includes('--verbose');
  const languageAt = argv.indexOf('--language');
  const forced = languageAt >= 0 ? (argv[languageAt + 1] as Language | undefined) : undefined;
  const files = argv.filter((a, i) => !a.startsWith('--') && !(languageAt >= 0 && i === languageAt + 1));
  if (files.length === 0) {
    console.error('usage: npm run measure:recall -- [--verbose] [--language en|de] FILE...');
    return 2;
  }
  const scan = createSignalScanner(catalogue.signalRecords);
  console.log(`catalogue ${catalogue.catalogueVersion}`);
  for (const file of files) {
    const language = forced ?? languageOfFile(file);
    if (language !== 'en' && language !== 'de') {
      console.error(`${file}: cannot tell the language; name it *.en.yaml or *.de.yaml, or pass --language en|de`);
      return 2;
    }
    // npm runs the script in lab/; a path is meant from where the command was typed.
    const rows = measureRecall(readLabelledSet(resolve(process.env.INIT_CWD ?? process.cwd(), file)), language, scan);
    const total = totalRecall(rows);
    console.log(`\n${file} (${language})\n`);
    console.log('| rule | cues | found | recall | near-misses | alarms | alarm rate |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const r of rows) {
      console.log(
        `| ${r.ruleId} | ${r.cues} | ${r.found} | ${pct(r.found, r.cues)} | ${r.nearMisses} | ${r.alarms} | ${pct(r.alarms, r.nearMisses)} |`,
      );
    }
    console.log(
      `| **all** | ${total.cues} | ${total.found} | **${pct(total.found, total.cues)}** | ${total.nearMisses} | ${total.alarms} | **${pct(total.alarms, total.nearMisses)}** |`,
    );
    if (verbose) {
      for (const r of rows) {
        for (const m of r.missed) console.log(`MISS  ${r.ruleId}: [${m.cue}] ${m.text}  ← signals ${JSON.stringify(m.quotes)}`);
        for (const a of r.falseAlarms) console.log(`ALARM ${r.ruleId}: ${a.text}  ← ${JSON.stringify(a.quotes)}`);
      }
    }
  }
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 2;
}
