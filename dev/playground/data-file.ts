// The playground's workbook on disk. A file it cannot use is never written over: it is renamed aside and the
// user told where it went. Saves replace the file whole (write a temporary file, rename it into place) and
// leave no temporary file behind when they fail.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { messageOf } from '../gas';

/** What the data file held: nothing (no file), a parsed value to restore, or why it could not be read. */
export type DataFileContent =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'unreadable'; why: string };

export function readDataFile(file: string): DataFileContent {
  if (!existsSync(file)) return { kind: 'none' };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    return { kind: 'unreadable', why: messageOf(e) };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { kind: 'unreadable', why: `not JSON: ${messageOf(e)}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return {
      kind: 'unreadable',
      why: `it holds ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}, not a workbook`,
    };
  }
  return { kind: 'json', value };
}

/**
 * Renames a data file the playground cannot use to a new name beside it (file.unreadable-<time>[-n]) and
 * returns the message that says so.
 */
export function setAside(file: string, why: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  let aside = `${file}.unreadable-${stamp}`;
  for (let n = 2; existsSync(aside); n++) aside = `${file}.unreadable-${stamp}-${n}`;
  renameSync(file, aside);
  return `The saved workbook ${file} could not be used (${why}). It is kept as ${aside}; the playground starts afresh.`;
}

/** Writes the file whole or not at all; throws an Error saying what failed, with no temporary file left. */
export function saveAtomically(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(tmp, text);
    renameSync(tmp, file);
  } catch (e) {
    try {
      rmSync(tmp, { force: true }); // half a file, or none
    } catch {
      // Not a file of ours (a directory of that name made the write fail): leave it.
    }
    throw new Error(`The workbook could not be saved to ${file}: ${messageOf(e)}`);
  }
}
