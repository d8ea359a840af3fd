// The size in lines of every function of src/ (declarations, arrow functions bound to a name, methods), from its
// first line to its closing brace, nested ones counted on their own too, and the size of every module.
// `node scripts/function-sizes.mjs [dir…] [--over N]` prints the functions over N lines (default: all, largest
// first); test/scripts/function-sizes.test.ts holds src and dev to 120 lines a function and 400 a module. No
// TypeScript parser: strings, template literals and comments are skipped, and a body is the block that opens the
// first line at bracket depth 0 ending with `{`.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The text with every string, template literal text and comment blanked (newlines kept), so brackets count. */
export function codeOnly(text) {
  let out = '';
  // A stack of what encloses the current point: 'code' in a template's ${...}, else the literal it is in.
  const stack = [];
  let i = 0;
  const blank = (c) => (c === '\n' ? '\n' : ' ');
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    const top = stack[stack.length - 1];
    if (top === '`') {
      if (c === '\\') {
        out += blank(c) + blank(next ?? '');
        i += 2;
      } else if (c === '`') {
        stack.pop();
        out += c;
        i++;
      } else if (c === '$' && next === '{') {
        stack.push('${');
        out += '  ';
        i += 2;
      } else {
        out += blank(c);
        i++;
      }
      continue;
    }
    if (c === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') {
        out += ' ';
        i++;
      }
      continue;
    }
    if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      for (; i < stop; i++) out += blank(text[i]);
      continue;
    }
    if (c === "'" || c === '"') {
      out += c;
      i++;
      while (i < text.length && text[i] !== c && text[i] !== '\n') {
        if (text[i] === '\\') {
          out += ' ';
          i++;
        }
        out += blank(text[i] ?? '');
        i++;
      }
      out += text[i] ?? '';
      i++;
      continue;
    }
    if (c === '`') {
      stack.push('`');
      out += c;
      i++;
      continue;
    }
    if (top === '${' && c === '}') {
      stack.pop();
      out += ' ';
      i++;
      continue;
    }
    if (top === '${' && c === '{') stack.push('{');
    else if (top === '{' && c === '}') stack.pop();
    out += c;
    i++;
  }
  return out;
}

const STARTS = [
  /^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?function\s*\*?\s*([\w$]+)/,
  /^\s*(?:export\s+)?(?:const|let)\s+([\w$]+)\s*(?::[^=]+)?=\s*(?:async\s+)?(?:<[^>]*>)?\s*(?:\(|[\w$]+\s*=>)/,
  /^\s+(?:async\s+)?(?:get\s+|set\s+)?([\w$]+)\s*(?:<[^>]*>)?\((?!.*=>).*$/,
];
const NOT_METHODS = new Set(['if', 'for', 'while', 'switch', 'catch', 'return', 'function', 'new', 'super']);

/** Every function of a module: its name, first line and number of lines. */
export function functionSizes(text) {
  const code = codeOnly(text).split('\n');
  const found = [];
  for (let start = 0; start < code.length; start++) {
    const line = code[start];
    let name;
    for (const p of STARTS) {
      const m = p.exec(line);
      if (m && !NOT_METHODS.has(m[1])) {
        name = m[1];
        break;
      }
    }
    if (!name) continue;
    // The body: the first line at bracket depth 0 (from the start) that ends with `{` opens it.
    let depth = 0;
    let body = -1;
    for (let l = start; l < code.length && l < start + 40; l++) {
      const text = code[l];
      const trimmed = text.trimEnd();
      for (const ch of text) {
        if (ch === '(' || ch === '[') depth++;
        else if (ch === ')' || ch === ']') depth--;
      }
      if (depth <= 0 && trimmed.endsWith('{')) {
        body = l;
        break;
      }
      // An expression body ends the signature without a block: `=> value;` or a one-line function.
      if (depth <= 0 && /[;,]$/.test(trimmed)) break;
    }
    if (body < 0) continue;
    // Count braces from the body's line to the one that closes the block opened last on it.
    let braces = 0;
    let end = -1;
    for (let l = body; l < code.length; l++) {
      for (const ch of code[l]) {
        if (ch === '{') braces++;
        else if (ch === '}') braces--;
      }
      if (braces <= 0) {
        end = l;
        break;
      }
    }
    if (end < 0) continue;
    found.push({ name, line: start + 1, lines: end - start + 1 });
  }
  return found;
}

function modules(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return modules(path);
    return /\.ts$/.test(e.name) ? [path] : [];
  });
}

/** Every function of the modules under `dirs`, largest first. */
export function sizesUnder(root, dirs) {
  return dirs
    .flatMap((d) => modules(join(root, d)))
    .flatMap((file) =>
      functionSizes(readFileSync(file, 'utf8')).map((f) => ({ file: relative(root, file), ...f })),
    )
    .sort((a, b) => b.lines - a.lines);
}

/** Every module under `dirs` with its number of lines (as `wc -l` counts them), largest first. */
export function moduleSizes(root, dirs) {
  return dirs
    .flatMap((d) => modules(join(root, d)))
    .map((file) => ({ file: relative(root, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
    .sort((a, b) => b.lines - a.lines);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--over');
  const over = at >= 0 ? Number(args[at + 1]) : 0;
  const dirs = args.filter((a, i) => a !== '--over' && i !== at + 1);
  const root = join(import.meta.dirname, '..');
  for (const f of sizesUnder(root, dirs.length ? dirs : ['src'])) {
    if (f.lines > over) console.log(`${String(f.lines).padStart(4)}  ${f.file}:${f.line}  ${f.name}`);
  }
}
