// The sealed plans' calls as the sidebar makes them, the fixture's players, and the server's random draws made
// repeatable, for the tests of seal, reveal and logged roll; and the scans for a leaked plan (every cell, the page).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { DIST, type LoadedWorkbook } from '../../dev/gas';
import type { Written } from '../../src/contract/api';
import { defined } from '../../src/rules';
import { call, comparable, FORD, newId, state, values } from './emulation';

/** The players of the fixture's Ford of Avanil, and the GM. */
export const ANA = 'ana@example.com'; // Avanil, side A (row 2)
export const BOB = 'bob@example.com'; // Ghoere, side B (row 3)
export const GM = 'gm@example.com';

/** Makes the server's random draws repeat from `seed` (salts and dice), as a test needs to compare two runs. */
export function seeded(lw: LoadedWorkbook, seed = 1): void {
  let n = seed;
  const utilities = lw.services.Utilities as { getUuid: () => string };
  utilities.getUuid = () => {
    const h = createHash('sha256').update(String(n++)).digest('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
  };
}

export const seal = (lw: LoadedWorkbook, side: 0 | 1, plan: string, id = newId(), battle = FORD) =>
  call<Written>(lw, 'sidebarSeal', { id, battle, side, plan });
/** A seal as the sidebar sends it: with the side's armies as loaded, by which the server finds the side. */
export const sealArmies = (
  lw: LoadedWorkbook,
  side: 0 | 1,
  armies: readonly string[],
  plan: string,
  id = newId(),
  battle = FORD,
) => call<Written>(lw, 'sidebarSeal', { id, battle, side, armies, plan });
export const reveal = (lw: LoadedWorkbook, id = newId(), battle = FORD) =>
  call<Written>(lw, 'sidebarReveal', { id, battle });
export const roll = (lw: LoadedWorkbook, id = newId(), battle = FORD) =>
  call<Written>(lw, 'sidebarRoll', { id, battle });

/** Every cell of every sheet, values and formulas, as text. */
export function everyCell(lw: LoadedWorkbook): string {
  const out: string[] = [];
  for (const name of ['Units', 'Characters', 'Battles', 'Log', 'Undo', 'Settings']) {
    out.push(JSON.stringify(values(lw, name)));
    const model = lw.workbook.sheet(name);
    if (!model) continue;
    const rows = lw.workbook.lastRow(model);
    const columns = lw.workbook.lastColumn(model);
    if (rows > 0 && columns > 0) {
      out.push(
        JSON.stringify(lw.workbook.formulas(model, { row: 1, col: 1, numRows: rows, numCols: columns })),
      );
    }
  }
  return out.join('\n');
}

/** The built sidebar, the same for everyone: the page differs from it only by the answer put in it. */
const SIDEBAR = readFileSync(join(DIST, 'Sidebar.html'), 'utf8');
const ANSWER = /<script type="application\/json" id="load-answer">([\s\S]*?)<\/script>/;

/**
 * What the page Warcard → Battle… builds for the active user carries of the campaign: the load's answer in it.
 * The rest is the built sidebar (its code lists every plan's name), checked to be exactly that.
 */
export function page(lw: LoadedWorkbook): string {
  lw.run('openBattleSidebar');
  const content = defined(lw.workbook.ui.sidebar ?? undefined, 'the sidebar').content;
  const answer = defined(ANSWER.exec(content)?.[1], 'the load answer in the page');
  expect(content.replace(answer, '')).toBe(
    SIDEBAR.replace(ANSWER, '<script type="application/json" id="load-answer"></script>'),
  );
  return answer;
}

/**
 * The workbook and its document properties; the Log's When and a seal's minute stand as one word each. A kept seal
 * no Sealed cell names any more (sealed again, revealed) is left out: forgetting it is a courtesy that may fail, and
 * nothing reads it again.
 */
export const sealedSeen = (lw: LoadedWorkbook): string => {
  const cells = JSON.stringify(state(lw).Battles);
  const kept = [...lw.workbook.properties].filter(
    ([k]) => !k.startsWith('warcard.seal.') || cells.includes(`#${k.slice('warcard.seal.'.length)}"`),
  );
  return comparable({ cells: state(lw), kept: Object.fromEntries(kept) }, (s) =>
    s.replace(/\d{4}-\d\d-\d\d \d\d:\d\d UTC/g, 'TIME'),
  );
};
