// The rights at the server's door (SHEETS.md "Players"): the person acting is read first, and a write they may
// not make is refused before anything is read for writing, as far as the request tells (an apply names both
// sides' armies); once the write is planned, every cell it would change is held to the realms they command
// before anything is written (an undo or a new round is known only then).
import type { BattleSetup } from '../../contract/campaign';
import { checkWrite, commandsSide, isGM, type Person, refusal } from '../../contract/rights';
import { nameKey } from '../../rules';
import { cellAt, indexOfSheetRow } from '../sheet-table';
import { armyList } from '../table';
import { type Book, sheetOf } from './book';
import { Refusal } from '../../contract/errors';
import type { CellChange } from './journal-sheets';
import { type Acting, whoActs } from './people';

export type Deed = 'save' | 'apply' | 'undo' | 'new round' | 'seal' | 'reveal' | 'roll';

/** Each write in the words of a refusal: "You may not apply this battle". */
export const DEED_WORDS: Readonly<Record<Deed, string>> = {
  save: 'save this battle',
  apply: 'apply this battle',
  undo: 'undo this entry',
  'new round': 'start a new round',
  seal: "seal this side's plan",
  reveal: 'reveal the plans of this battle',
  roll: 'roll this battle',
};

/**
 * The door: who acts, and a refusal (thrown) of what the request alone shows they may not do. A GM passes; a
 * player applies only a battle all of whose armies they command and saves only a battle with a side of theirs.
 * What an undo or a new round changes is known once it is planned: refusedChanges holds it to their realms then,
 * before anything is written.
 */
export function atTheDoor(deed: Deed, setup?: BattleSetup): Acting {
  const acting = whoActs();
  const p = acting.person;
  if (isGM(p)) return acting;
  const armies = setup ? [...setup.sides[0].armies, ...setup.sides[1].armies] : [];
  let refused: string | null;
  if (deed === 'apply') refused = checkWrite(p, DEED_WORDS.apply, armies);
  else if (deed === 'save') {
    const mine = setup?.sides.some((s) => commandsSide(p, s.armies)) ?? false;
    refused = mine ? null : refusal(p, DEED_WORDS.save, armies);
  } else refused = null; // an undo's, a new round's, a seal's, a reveal's or a roll's realms are known once planned
  if (refused) throw new Refusal('refused', refused);
  return acting;
}

/**
 * The realms a write's changes touch: a unit's army; a Battles row's armies, as the row holds them and as the
 * write leaves them. `realmless`: a change on a row of no army (a GM's alone).
 */
export function realmsOf(
  book: Book,
  changes: readonly CellChange[],
): { realms: string[]; realmless: boolean } {
  const realms = new Map<string, string>();
  let realmless = false;
  const add = (armies: readonly string[]) => {
    for (const a of armies) if (!realms.has(nameKey(a))) realms.set(nameKey(a), a);
  };
  const battleRows = new Map<number, string[]>();
  for (const c of changes) {
    if (c.sheet === 'units') {
      if (c.army.trim() === '') realmless = true;
      else add([c.army]);
      continue;
    }
    const t = sheetOf(book, 'battles');
    const armies = battleRows.get(c.row) ?? armyList(cellAt(t, indexOfSheetRow(t, c.row), 'Armies'));
    if (nameKey(c.header) === 'armies') armies.push(...armyList(c.before), ...armyList(c.after));
    battleRows.set(c.row, armies);
  }
  for (const armies of battleRows.values()) {
    if (armies.length === 0) realmless = true;
    add(armies);
  }
  return { realms: [...realms.values()], realmless };
}

/** The refusal of planned changes outside the person's realms; null when they may make them all. */
export function refusedChanges(
  book: Book,
  p: Person,
  deed: Deed,
  changes: readonly CellChange[],
): string | null {
  if (isGM(p)) return null;
  const { realms, realmless } = realmsOf(book, changes);
  return checkWrite(p, DEED_WORDS[deed], realms, realmless);
}

/**
 * A seal is the side's own (a player who commands every army of it, or a GM); a reveal or a logged roll writes
 * both sides' rows, so it is a GM's or a player's who commands both (SHEETS.md "Players"). Thrown as a refusal
 * naming the realms and the GMs, before anything is written.
 */
export function mayPlay(
  p: Person,
  deed: 'seal' | 'reveal' | 'roll',
  sides: readonly (readonly string[])[],
): void {
  if (isGM(p)) return;
  const mine =
    deed === 'seal' ? commandsSide(p, sides[0] ?? []) : sides.every((armies) => commandsSide(p, armies));
  if (!mine) throw new Refusal('refused', refusal(p, DEED_WORDS[deed], sides.flat()));
}
