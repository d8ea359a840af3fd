// A realm's treasury (RULES 4 costs, SHEETS.md "Realms and Treasury"): the ledger's balance, and what a season's
// collection takes: income in, the upkeep of the realm's units in the field and the muster of those raised this
// season out. The one path for the TREASURY formula, Collect the season, its report, the sidebar and player pages.
import { nameKey } from './names';
import { musterCost, type Unit, upkeep } from './unit';

/** A Treasury row's figures in GB: income in; upkeep and muster paid out (positive); other signed. */
export interface LedgerFigures {
  readonly income: number;
  readonly upkeep: number;
  readonly muster: number;
  readonly other: number;
}

/** What a ledger row adds to the balance: Income − Upkeep − Muster + Other. */
export const ledgerChange = (r: LedgerFigures): number => r.income - r.upkeep - r.muster + r.other;

/** Balance = Start + the sum of the ledger rows' changes. */
export const ledgerBalance = (start: number, rows: readonly LedgerFigures[]): number =>
  rows.reduce((balance, r) => balance + ledgerChange(r), start);

/** Units still in the field (Ready and Routed) are maintained; Destroyed and Captured ones are not (as ARMIES). */
export const isMaintained = (unit: Pick<Unit, 'status'>): boolean =>
  unit.status === 'Ready' || unit.status === 'Routed';

/** Upkeep due for units: the maintenance of those in the field (RULES 4, D-9). */
export const upkeepDue = (units: readonly Unit[]): number =>
  units.reduce((sum, u) => (isMaintained(u) ? sum + upkeep(u) : sum), 0);

/** Two season labels are one season as names are one name: case and spacing ignored; a blank is no season. */
export const sameSeason = (a: string, b: string): boolean => nameKey(a) !== '' && nameKey(a) === nameKey(b);

/** A unit as the treasury sees it: the roster's unit and the season it was mustered in ('' before the campaign). */
export interface PaidUnit {
  readonly unit: Unit;
  readonly mustered: string;
}

/** An army a realm pays for, with its units (none when no unit carries it). */
export interface PaidArmy {
  readonly name: string;
  readonly units: readonly PaidUnit[];
}

export interface ArmyUpkeep {
  readonly army: string;
  readonly upkeep: number;
  /** Its units in the field. */
  readonly units: number;
}

export interface UnitCost {
  readonly unit: string;
  readonly army: string;
  readonly gb: number;
}

/** What a collection of `season` takes from a realm. */
export interface SeasonDue {
  readonly income: number;
  readonly upkeep: number;
  readonly muster: number;
  readonly upkeepByArmy: readonly ArmyUpkeep[];
  /** The units mustered this season, each with its muster cost. */
  readonly musterByUnit: readonly UnitCost[];
  /** The units in the field, the costliest upkeep first (the order of the roster among equals). */
  readonly costliest: readonly UnitCost[];
}

/**
 * A season's collection for a realm: its income; the upkeep of its armies' Ready and Routed units; the muster of
 * its units (whatever their Status: they were paid for) mustered in `season`. A blank season musters nothing.
 */
export function seasonDue(income: number, armies: readonly PaidArmy[], season: string): SeasonDue {
  const upkeepByArmy: ArmyUpkeep[] = [];
  const musterByUnit: UnitCost[] = [];
  const inField: UnitCost[] = [];
  for (const army of armies) {
    let armyUpkeep = 0;
    let count = 0;
    for (const { unit, mustered } of army.units) {
      if (isMaintained(unit)) {
        const gb = upkeep(unit);
        armyUpkeep += gb;
        count++;
        inField.push({ unit: unit.name, army: army.name, gb });
      }
      if (sameSeason(mustered, season))
        musterByUnit.push({ unit: unit.name, army: army.name, gb: musterCost(unit) });
    }
    upkeepByArmy.push({ army: army.name, upkeep: armyUpkeep, units: count });
  }
  const sum = (xs: readonly { readonly gb?: number; readonly upkeep?: number }[]) =>
    xs.reduce((s, x) => s + (x.gb ?? x.upkeep ?? 0), 0);
  return {
    income,
    upkeep: sum(upkeepByArmy),
    muster: sum(musterByUnit),
    upkeepByArmy,
    musterByUnit,
    costliest: inField
      .map((c, i) => ({ c, i }))
      .sort((x, y) => y.c.gb - x.c.gb || x.i - y.i)
      .map((x) => x.c),
  };
}

/** The balance after a collection: balance + income − upkeep − muster. */
export const balanceAfter = (balance: number, due: SeasonDue): number =>
  balance + due.income - due.upkeep - due.muster;

/** How many of the costliest units a shortfall names. */
export const SHORTFALL_UNITS = 3;

/**
 * The Note of a realm left below 0 GB (SHEETS.md): by how much, and which of its units cost the most upkeep.
 * '' when it is not short. Nothing is disbanded: the GM decides.
 */
export function shortfallNote(after: number, due: SeasonDue): string {
  if (after >= 0) return '';
  const top = due.costliest.slice(0, SHORTFALL_UNITS);
  const units = top.map((c) => `${c.unit || '(no name)'} of ${c.army} (${c.gb} GB)`).join(', ');
  return `short by ${-after} GB${units ? `; most upkeep: ${units}` : ''}`;
}
