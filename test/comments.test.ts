// Every source file a test's opening comment names exists: a comment still naming a module by the folder it left
// (the sidebar's, for what is now in src/sheets/server/) sends its reader to nothing. A name with a folder is a path from the repository,
// from src/ or from the test's own folder, or the end of one; a bare name is some file's in the repository. And no
// JSDoc block in src is left stranded above another, away from the declaration it was written for.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean);
const tests = files.filter((f) => f.startsWith('test/') && f.endsWith('.ts'));

/** The comment lines a file opens with, as one text. */
const openingComment = (text: string): string => {
  const head: string[] = [];
  for (const line of text.split('\n')) {
    if (!/^\s*\/\//.test(line)) break;
    head.push(line.replace(/^\s*\/\/\s?/, ''));
  }
  return head.join(' ');
};

/** The source files a text names (`.ts`, `.mjs`), with their folders as written. */
const namedSources = (text: string): string[] =>
  [...text.matchAll(/(?:\.{0,2}\/)?[\w.-]+(?:\/[\w.-]+)*\.(?:ts|mjs)\b/g)].map((m) => m[0]);

/** Whether a named file is one of `files`, for a test at `from`. */
function exists(name: string, from: string, known: readonly string[] = files): boolean {
  if (!name.includes('/')) return known.some((f) => f === name || f.endsWith(`/${name}`));
  const candidates = [normalize(join(dirname(from), name)), normalize(name), normalize(join('src', name))];
  return known.some((f) => candidates.includes(f) || f.endsWith(`/${normalize(name)}`));
}

describe("tests' opening comments", () => {
  it('find a name as a path, from src/, from the test, or as some file', () => {
    const known = ['src/sheets/server/undo.ts', 'test/contract/crafted.ts'];
    expect(namedSources('Undo (server/undo.ts) and ./crafted.ts, not sidebar/undo.ts or undo.tsx')).toEqual([
      'server/undo.ts',
      './crafted.ts',
      'sidebar/undo.ts',
    ]);
    expect(exists('server/undo.ts', 'test/sheets/server/undo.test.ts', known)).toBe(true);
    expect(exists('src/sheets/server/undo.ts', 'test/x.test.ts', known)).toBe(true);
    expect(exists('./crafted.ts', 'test/contract/request-parsers.test.ts', known)).toBe(true);
    expect(exists('undo.ts', 'test/x.test.ts', known)).toBe(true);
    expect(exists('sidebar/undo.ts', 'test/sheets/server/undo.test.ts', known)).toBe(false);
    expect(exists('redo.ts', 'test/x.test.ts', known)).toBe(false);
  });

  it('name only files that exist', () => {
    const missing = tests.flatMap((test) =>
      namedSources(openingComment(readFileSync(test, 'utf8')))
        .filter((name) => !exists(name, test))
        .map((name) => `${test} names ${name}`),
    );
    expect(missing).toEqual([]);
  });
});

/** A JSDoc block closed and another opened at once: the first has lost the declaration it was written above. */
const STACKED_DOC = /\*\/\n\s*\/\*\*/;

describe('JSDoc blocks', () => {
  it('each stands above a declaration in src, never above another JSDoc block', () => {
    const stacked = files
      .filter((f) => f.startsWith('src/') && f.endsWith('.ts'))
      .filter((f) => STACKED_DOC.test(readFileSync(f, 'utf8')));
    expect(stacked).toEqual([]);
  });

  it('the check finds a stranded one', () => {
    expect(STACKED_DOC.test('/** Stranded. */\n/**\n * Its own.\n */\nfunction f() {}')).toBe(true);
    expect(STACKED_DOC.test('/** One. */\nconst a = 1;\n/** Two. */\nconst b = 2;')).toBe(false);
  });
});
