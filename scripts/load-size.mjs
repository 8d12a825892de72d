// The first load's size as a static host sends it (gzip): index.html and
// every file it loads (JS, wasm, CSS). Files loaded later on demand (the
// analyser worker) are listed apart. Fails over the budget.
//   node scripts/load-size.mjs [DIR] [--budget-kb 350] [--report-only]
import { readFileSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const budgetAt = args.indexOf('--budget-kb');
const budgetKb = budgetAt >= 0 ? Number(args.splice(budgetAt, 2)[1]) : 350;
const reportOnly = args.includes('--report-only');
const dir = args.filter((a) => a !== '--report-only')[0] ?? 'dist';

// What index.html loads: its stylesheets, the app's module and its wasm.
const html = readFileSync(join(dir, 'index.html'), 'utf8');
const loaded = new Set(['index.html',
  ...[...html.matchAll(/(?:href|src|from|module_or_path:)\s*=?\s*["']\.\/([^"']+)["']/g)].map((m) => m[1])]);
const files = readdirSync(dir).filter((f) => ['.html', '.js', '.wasm', '.css'].includes(extname(f)));
let total = 0;
const row = (file) => {
  const raw = readFileSync(join(dir, file));
  const gz = gzipSync(raw, { level: 9 }).length;
  console.log(`${file.padEnd(40)} ${(raw.length / 1024).toFixed(1).padStart(8)} KB raw ${(gz / 1024).toFixed(1).padStart(8)} KB gzip`);
  return gz;
};
for (const file of files.filter((f) => loaded.has(f)).sort()) total += row(file);
const later = files.filter((f) => !loaded.has(f)).sort();
if (later.length > 0) {
  console.log('loaded later, on demand:');
  for (const file of later) row(file);
}
console.log(`first load: ${(total / 1024).toFixed(1)} KB gzip (budget ${budgetKb} KB)`);
if (total > budgetKb * 1024) {
  console.error(`load-size: over budget by ${((total - budgetKb * 1024) / 1024).toFixed(1)} KB`);
  if (!reportOnly) process.exit(1);
}
