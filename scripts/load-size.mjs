// The first load's size as a static host sends it (gzip): index.html, every
// file it loads (CSS, the app's module and its wasm) and every module those
// import in turn. Files loaded later on demand (the screens' split modules,
// the analyser worker) are listed apart. Fails over the budget.
//   node scripts/load-size.mjs [DIR] [--budget-kb 350] [--report-only]
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, extname, join, normalize, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const budgetAt = args.indexOf('--budget-kb');
const budgetKb = budgetAt >= 0 ? Number(args.splice(budgetAt, 2)[1]) : 350;
const reportOnly = args.includes('--report-only');
const dir = args.filter((a) => a !== '--report-only')[0] ?? 'dist';

// Relative references in a file: attributes (quoted or not: the release's
// HTML is minified) and module_or_path in HTML, static imports in JS (a
// dynamic import() is a later load).
const references = (file) => {
  const text = readFileSync(join(dir, file), 'utf8');
  const pattern = file.endsWith('.html')
    ? /(?:href|src|from|module_or_path:)\s*=?\s*(?:["'](\.\/[^"']+)["']|(\.\/[^\s"'>]+))/g
    : /(?:^|[;\s])(?:import|export)\s[^;()]*?from\s*["'](\.{1,2}\/[^"']+)["']|(?:^|[;\s])import\s*["'](\.{1,2}\/[^"']+)["']/gm;
  return [...text.matchAll(pattern)].map((m) => normalize(join(dirname(file), m[1] ?? m[2])).split(sep).join('/'));
};
const loaded = new Set();
const visit = (file) => {
  if (loaded.has(file)) return;
  loaded.add(file);
  if (['.html', '.js'].includes(extname(file))) references(file).forEach(visit);
};
visit('index.html');

const files = readdirSync(dir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => relative(dir, join(entry.parentPath ?? entry.path, entry.name)).split(sep).join('/'))
  .filter((f) => ['.html', '.js', '.wasm', '.css'].includes(extname(f)) && f !== 'sw.js');
let total = 0;
const row = (file) => {
  const raw = readFileSync(join(dir, file));
  const gz = gzipSync(raw, { level: 9 }).length;
  console.log(`${file.padEnd(56)} ${(raw.length / 1024).toFixed(1).padStart(8)} KB raw ${(gz / 1024).toFixed(1).padStart(8)} KB gzip`);
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
