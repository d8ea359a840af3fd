// The rights at the server's door (SHEETS.md "Players"): the person acting is read first, and a write they may
// not make is refused before anything is read for writing, as far as the request tells (an apply names both
// sides' armies; an undo's realms are its entry's Undo rows, a new round's the routed units' armies, read at the
// door for a player only); once the write is planned, every cell it would change is held to the realms they
// command again, before anything is written.
import type { BattleSetup } from '../../contract/campaign';
import {
  checkWrite,
  commandsSide,
  describePerson,
  isGM,
  type Person,
  refusal,
  whoCan,
} from '../../contract/rights';
import { nameKey } from '../../rules';
import { cellAt, indexOfSheetRow } from '../sheet-table';
import { armyList } from '../table';
import { type Book, sheetOf } from './book';
import { Refusal } from '../../contract/errors';
import type { CellChange } from './journal-sheets';
import { type Acting, whoActs } from './people';
import { notYours } from '../../contract/refusals';

export type Deed = 'save' | 'apply' | 'undo' | 'new round' | 'seal' | 'reveal' | 'roll' | 'fill' | 'collect';

/** Each write in the words of a refusal: "You may not apply this battle". */
export const DEED_WORDS: Readonly<Record<Deed, string>> = {
  save: 'save this battle',
  apply: 'apply this battle',
  undo: 'undo this entry',
  'new round': 'start a new round',
  seal: "seal this side's plan",
  reveal: 'reveal the plans of this battle',
  roll: 'roll this battle',
  fill: 'fill these units from the Library',
  collect: 'collect the season',
};

/** The realms a write touches, as the door can tell them: armies, and whether rows of no army too. */
export interface Touched {
  readonly realms: readonly string[];
  readonly realmless: boolean;
}

/**
 * The door: who acts, and a refusal (thrown) of what they may not do, before anything is read for writing. A GM
 * passes with no read more. For a player: an apply only a battle all of whose armies they command, a save only a
 * battle with a side of theirs (the request names the armies); an undo or a new round only what `touches` finds
 * it would change, reading only what that needs (the entry's Undo rows, the Units' Status and Army). What
 * `touches` cannot tell (null, or a read that fails) is left to refusedChanges, which holds the planned write
 * to their realms before anything is written.
 */
export function atTheDoor(deed: Deed, setup?: BattleSetup, touches?: () => Touched | null): Acting {
  const acting = whoActs();
  const p = acting.person;
  if (isGM(p)) return acting;
  const armies = setup ? [...setup.sides[0].armies, ...setup.sides[1].armies] : [];
  let refused: string | null = null;
  if (deed === 'collect') refused = gmsOnly(p, DEED_WORDS.collect);
  else if (deed === 'apply') refused = checkWrite(p, { deed: DEED_WORDS.apply, realms: armies });
  else if (deed === 'save') {
    const mine = setup?.sides.some((s) => commandsSide(p, s.armies)) ?? false;
    refused = mine ? null : refusal(p, DEED_WORDS.save, armies);
  } else if (touches) {
    const touched = knownOrNull(touches);
    if (touched) refused = checkWrite(p, { deed: DEED_WORDS[deed], ...touched });
  } // a seal's, a reveal's or a roll's realms are known once planned (mayPlay)
  if (refused) throw new Refusal('refused', refused);
  return acting;
}

/** The refusal of a deed that is a GM's alone (Collect the season): it names the GMs who can. */
const gmsOnly = (p: Person, what: string): string => {
  const why = p.why ? ` (${p.why})` : '';
  return notYours(what, `it is a GM's, and you are ${describePerson(p)}${why}`, `Ask ${whoCan(p)} to do it.`);
};

/** What the door could tell, or null when its read failed: the write's own reads then answer with their words. */
function knownOrNull(touches: () => Touched | null): Touched | null {
  try {
    return touches();
  } catch {
    return null;
  }
}

/** The realms of these armies, each once; a blank army is a row of no army. */
export function touchedOf(armies: readonly string[]): Touched {
  const realms = new Map<string, string>();
  for (const a of armies) if (a.trim() && !realms.has(nameKey(a))) realms.set(nameKey(a), a);
  return { realms: [...realms.values()], realmless: armies.some((a) => a.trim() === '') };
}

/** The realms of recorded changes (an entry's Undo rows): a unit's army, a Battles side's armies. */
export function recordedRealms(changes: readonly CellChange[]): Touched {
  const armies: string[] = [];
  for (const c of changes) {
    // A ledger row is a realm's treasury, a GM's: as a row of no army.
    if (c.sheet === 'treasury') armies.push('');
    else if (c.sheet === 'units') armies.push(c.army);
    // A Battles record from before sides were recorded names no armies: the planned write tells its realms.
    else armies.push(...armyList(c.army));
    if (nameKey(c.header) === 'armies') armies.push(...armyList(c.before), ...armyList(c.after));
  }
  return touchedOf(armies);
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
    if (c.sheet === 'treasury') {
      realmless = true;
      continue;
    }
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
  return checkWrite(p, { deed: DEED_WORDS[deed], realms, realmless });
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
