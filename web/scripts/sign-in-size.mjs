// Prints the gzipped size of the JavaScript the sign-in page (/admin/login) loads, from the build in dist/:
// the entry's static imports, plus the sign-in page's lazy chunk and its static imports, plus the captcha's
// proof-of-work worker. Fails (exit 1) above the budget. Run after `npm run build`: `npm run size`.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const dist = new URL('../dist/', import.meta.url).pathname;
const assets = join(dist, 'assets');
const files = readdirSync(assets);
const read = (name) => readFileSync(join(assets, name), 'utf8');

/** Static imports of a built chunk: `import ... from "./x.js"` and `import "./x.js"`. */
function staticImports(code) {
  const found = new Set();
  for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[^'"();]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) found.add(m[1]);
  return found;
}

function closure(start, seen = new Set()) {
  const todo = [...start];
  while (todo.length) {
    const name = todo.pop();
    if (seen.has(name)) continue;
    seen.add(name);
    for (const dep of staticImports(read(name))) todo.push(dep);
  }
  return seen;
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
const page = files.filter((f) => /^(AdminLoginPage|altchaSetup|Captcha)-.*\.js$/.test(f));
const workers = files.filter((f) => /^sha-.*\.js$/.test(f));
const chunks = [...closure([...entry, ...page]), ...workers];

let total = 0;
const rows = chunks.map((name) => {
  const gz = gzipSync(readFileSync(join(assets, name)), { level: 9 }).length;
  total += gz;
  return [name, gz];
});
rows.sort((a, b) => b[1] - a[1]);
for (const [name, gz] of rows) console.log(`${(gz / 1024).toFixed(1).padStart(8)} KB  ${name}`);
const kb = total / 1024;
console.log(`sign-in page JavaScript: ${kb.toFixed(1)} KB gzipped (${chunks.length} files; budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  console.error(`over the budget of ${BUDGET_KB} KB`);
  process.exit(1);
}
