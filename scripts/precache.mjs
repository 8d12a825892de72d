// Writes the service worker into a build: public/sw.js with, in front, the
// build's version (a hash of every file and of the worker) and the list of
// its files to cache. Run by Trunk after each build (Trunk.toml's
// post_build hook, on $TRUNK_STAGING_DIR), or on a built folder:
//   node scripts/precache.mjs [DIR]
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('precache: give the built folder (or run as a Trunk hook)');
  process.exit(2);
}
const worker = readFileSync(new URL('../public/sw.js', import.meta.url), 'utf8');

const files = readdirSync(dir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => relative(dir, join(entry.parentPath ?? entry.path, entry.name)).split(sep).join('/'))
  .filter((file) => file !== 'sw.js')
  .sort();

const hash = createHash('sha256').update(worker);
for (const file of files) {
  const content = readFileSync(join(dir, file));
  hash.update(`\0${file}\0${content.length}\0`).update(content);
}
const version = hash.digest('hex').slice(0, 16);

// './' too: the app is opened at its folder's address as often as at index.html.
const build = { version, files: ['./', ...files] };
writeFileSync(join(dir, 'sw.js'), `const BUILD = ${JSON.stringify(build)};\n${worker}`);
console.log(`precache: sw.js caches ${files.length} files, version ${version}`);
