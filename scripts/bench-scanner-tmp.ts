import { loadShippedRecords } from './bench/catalogue-records';
import { loadProse } from './bench/prose';
import { scannerRows } from './bench/scanner-rows';
import { adversarialRows } from './bench/adversarial-rows';
import { bundleRows } from './bench/bundle-rows';
const { records } = await loadShippedRecords();
const prose: any = {};
for (const l of ['en','de'] as const) { const x = await loadProse(l, 250_000); prose[l] = x.ok ? { text: x.text } : { skipped: x.reason }; }
const context = { records, prose } as any;
for (const r of [...scannerRows(context), ...adversarialRows(context), ...bundleRows(process.cwd())]) console.log(`| ${r.measure} | ${r.en} | ${r.de} | ${r.target} | ${r.met === null ? '' : r.met ? 'yes' : 'NO'} |`);
