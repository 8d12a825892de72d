// The first load's size as a static host sends it (gzip): index.html and
// every file it loads (JS, wasm, CSS). Fails over the budget.
//   node scripts/load-size.mjs [DIR] [--budget-kb 350] [--report-only]
import { readFileSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const budgetAt = args.indexOf('--budget-kb');
const budgetKb = budgetAt >= 0 ? Number(args.splice(budgetAt, 2)[1]) : 350;
const reportOnly = args.includes('--report-only');
const dir = args.filter((a) => a !== '--report-only')[0] ?? 'dist';

const firstLoad = readdirSync(dir).filter((f) => ['.html', '.js', '.wasm', '.css'].includes(extname(f)) && !f.startsWith('sw'));
let total = 0;
for (const file of firstLoad.sort()) {
  const raw = readFileSync(join(dir, file));
  const gz = gzipSync(raw, { level: 9 }).length;
  total += gz;
  console.log(`${file.padEnd(40)} ${(raw.length / 1024).toFixed(1).padStart(8)} KB raw ${(gz / 1024).toFixed(1).padStart(8)} KB gzip`);
}
console.log(`first load: ${(total / 1024).toFixed(1)} KB gzip (budget ${budgetKb} KB)`);
if (total > budgetKb * 1024) {
  console.error(`load-size: over budget by ${((total - budgetKb * 1024) / 1024).toFixed(1)} KB`);
  if (!reportOnly) process.exit(1);
}
