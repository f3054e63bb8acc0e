import { loadProse } from './scripts/bench/prose';
import { createSignalScanner } from './src/core/scanner/scan';
import { SCANNABLE_RULE_IDS } from './src/core/catalogue/ids';
async function main() {
  const path = process.argv[2];
  const { catalogue } = await import(path);
  const records = catalogue.signalRecords;
  const prose = await loadProse('en', 250000);
  if (!prose.ok) throw new Error('no prose');
  const text = prose.text;
  const out: string[] = [];
  for (const rule of [...SCANNABLE_RULE_IDS, 'ALL']) {
    const ruleIds = rule === 'ALL' ? SCANNABLE_RULE_IDS : [rule];
    const scan = createSignalScanner(records);
    const req = { text, language: 'en' as const, ruleIds };
    for (let i = 0; i < 5; i++) scan(req);
    const ts: number[] = [];
    for (let i = 0; i < 25; i++) { const t = performance.now(); scan(req); ts.push(performance.now() - t); }
    ts.sort((a, b) => a - b);
    out.push(`${rule} ${ts[12].toFixed(2)}`);
  }
  console.log(out.join('\n'));
}
main();
