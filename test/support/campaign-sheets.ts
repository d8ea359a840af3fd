// A small campaign for the sidebar's tests, the bench and the browser test: two realms at war, a second war
// elsewhere, and as many filler units in other armies as asked (to hold budgets to a 1,000-unit roster).
import { foughtText } from '../../src/sheets/battles';
import { BATTLE_HEADERS, CHARACTER_HEADERS, UNIT_HEADERS } from '../../src/contract/columns';
import { UNDO_HEADERS, LOG_HEADERS } from '../../src/sheets/log-sheets';
import { defined } from '../../src/rules';

type Row = (string | number | boolean)[];

/** A Units row from the columns that matter here; the rest blank. */
export function unitRow(
  name: string,
  army: string,
  type: string,
  role: string,
  card: [
    move: number,
    melee: number,
    missile: number,
    defense: number,
    charge: number,
    morale: number,
    hits: number,
  ],
  status = '',
): Row {
  const row: Row = UNIT_HEADERS.map(() => '');
  const set = (h: (typeof UNIT_HEADERS)[number], v: string | number | boolean) => {
    row[UNIT_HEADERS.indexOf(h)] = v;
  };
  set('Unit', name);
  set('Army', army);
  set('Type', type);
  set('Role', role);
  const [move, melee, missile, defense, charge, morale, hits] = card;
  set('Move', move);
  set('Melee', melee);
  set('Missile', missile);
  set('Defense', defense);
  set('Charge', charge);
  set('Morale', morale);
  set('Hits', hits);
  for (const h of ['Vulnerable', 'Mercenary', 'Undead', 'Spell Immune'] as const) set(h, false);
  set('Status', status);
  return row;
}

const KNIGHTS = [2, 4, 0, 4, 6, 3, 3] as const;
const ARCHERS = [2, 2, 4, 2, 0, 2, 2] as const;
const INFANTRY = [1, 3, 0, 3, 0, 2, 2] as const;
const LEVY = [1, 2, 0, 1, 0, 1, 2] as const;
const CAVALRY = [3, 3, 1, 3, 5, 2, 2] as const;
const ELITE = [1, 4, 0, 4, 0, 3, 3] as const;
const ARTILLERY = [1, 1, 5, 1, 0, 2, 2] as const;
/** The filler units' cards and roles, in turn. */
const FILLER_KINDS = [
  [INFANTRY, 'Melee'],
  [ARCHERS, 'Missile'],
  [CAVALRY, 'Mounted'],
  [LEVY, 'Melee'],
] as const;

/** The name the browser test shows as text: were it parsed as HTML, it would run a script. */
export const HOSTILE_NAME = '<img src=x onerror=alert(1)>';

export function unitRows(filler = 0): Row[] {
  const rows: Row[] = [
    unitRow('Knights of Avanil', 'Avanil', 'Knights', 'Mounted', [...KNIGHTS]),
    unitRow('Avanil Bowmen', 'Avanil', 'Archers', 'Missile', [...ARCHERS], 'Ready'),
    unitRow('Anuire Guard', 'Avanil', 'Infantry', 'Melee', [...INFANTRY]),
    unitRow(HOSTILE_NAME, 'Avanil', 'Infantry', 'Melee', [...INFANTRY]),
    unitRow('=1+1', 'Avanil', 'Levy', 'Melee', [...LEVY]),
    unitRow('Ghoere Levy 1', 'Ghoere', 'Levy', 'Melee', [...LEVY]),
    unitRow('Ghoere Levy 2', 'Ghoere', 'Levy', 'Melee', [...LEVY], 'Routed'),
    unitRow('Ghoere Horse', 'Ghoere', 'Cavalry', 'Mounted', [...CAVALRY]),
    unitRow('Ghoere Elite', 'Ghoere', 'Elite Infantry', 'Melee', [...ELITE]),
    unitRow('Ghoere Engines', 'Ghoere', 'Artillerists', 'Artillery', [...ARTILLERY]),
  ];
  for (let i = 0; i < filler; i++) {
    const [card, role] = defined(FILLER_KINDS[i % FILLER_KINDS.length], 'a filler kind');
    rows.push(
      unitRow(
        `Filler ${i}`,
        `Filler army ${i % 25}`,
        'Infantry',
        role,
        [...card],
        i % 7 === 0 ? 'Routed' : '',
      ),
    );
  }
  return rows;
}

export function characterRows(): Row[] {
  const row: Row = CHARACTER_HEADERS.map(() => '');
  row[CHARACTER_HEADERS.indexOf('Character')] = 'Lord Aerin';
  row[CHARACTER_HEADERS.indexOf('Army')] = 'Avanil';
  row[CHARACTER_HEADERS.indexOf('Warrior')] = 4;
  return [row];
}

/** A Battles row: name, side, armies, and the columns given by header. */
export function battleRow(
  battle: string,
  side: string,
  armies: string,
  cells: Partial<Record<(typeof BATTLE_HEADERS)[number], string | number | boolean>> = {},
): Row {
  return BATTLE_HEADERS.map((h) => {
    if (h === 'Battle') return battle;
    if (h === 'Side') return side;
    if (h === 'Armies') return armies;
    const cell = cells[h];
    if (cell !== undefined) return cell;
    if (['Castle Level', 'Immunity', 'Plan', 'Roll', 'Fought', 'Sealed'].includes(h)) return '';
    return false;
  });
}

export function battleRows(): Row[] {
  return [
    battleRow('Ford of Avanil', 'Avanil', 'Avanil', { 'Home Realm': true, Plan: 'Normal attack' }),
    battleRow('Ford of Avanil', 'Ghoere', 'Ghoere', { Defender: true, 'River Crossed': true, Plan: 'Hold' }),
    battleRow('Filler skirmish', 'North', 'Filler army 1', { Plan: 'Full charge' }),
    battleRow('Filler skirmish', 'South', 'Filler army 2'),
  ];
}

export interface CampaignTables {
  readonly Units: Row[][];
  readonly Characters: Row[][];
  readonly Battles: Row[][];
  readonly Log: Row[][];
  readonly Settings: Row[][];
}

/** Every table with its header row, ready for workbook.put(sheet, 'A1', rows). */
export function campaign(filler = 0): Record<string, Row[]> {
  return {
    Units: [[...UNIT_HEADERS], ...unitRows(filler)],
    Characters: [[...CHARACTER_HEADERS], ...characterRows()],
    Battles: [[...BATTLE_HEADERS], ...battleRows()],
    Log: [[...LOG_HEADERS]],
    Undo: [[...UNDO_HEADERS]],
    Settings: [
      ['Setting', 'Value'],
      ['Troop Ratio By', 'Units'],
      ['Terrain Modifiers As', 'Points'],
    ],
  };
}

/** Text for a sheet cell that must stay text when put (a name starting with "=" would be a formula). */
export const asTyped = (rows: Row[]): Row[] =>
  rows.map((r) => r.map((c) => (typeof c === 'string' && /^[=+\-@]/.test(c) ? `'${c}` : c)));

/**
 * A campaign after `battles` battles applied and their history kept: each a pair of fought Battles rows, a Done
 * Log entry naming its Undo rows (or in the `state` given), and those rows, as apply writes them. Its Units
 * changes are already back as they were (before and now blank), so undoing one puts back its Battles cells.
 */
export function withHistory(
  battles: number,
  filler = 100,
  state = (_i: number) => 'Done',
): Record<string, Row[]> {
  const tables = campaign(filler);
  const fought = (i: number) => foughtText({ base: 20 + (i % 9), percent: 10, points: 0, unitValue: 15 });
  const battleRows = [...(tables.Battles ?? [])];
  const log: (string | number)[][] = [[...LOG_HEADERS]];
  const undoRows: (string | number)[][] = [[...UNDO_HEADERS]];
  for (let i = 0; i < battles; i++) {
    const name = `Old battle ${i}`;
    const row = battleRows.length + 1;
    battleRows.push(
      battleRow(name, 'North', 'Filler army 3', { Roll: 60, Fought: fought(i) }),
      battleRow(name, 'South', 'Filler army 4', { Roll: 30, Fought: fought(i + 1) }),
    );
    const first = undoRows.length + 1;
    const id = `past-${i}`;
    for (const [header, r, after] of [
      ['Roll', row, 60],
      ['Roll', row + 1, 30],
      ['Fought', row, fought(i)],
      ['Fought', row + 1, fought(i + 1)],
    ] as const) {
      undoRows.push([id, 'Battles', r, header, name, '', '', after]);
    }
    for (let k = 0; k < 6; k++) {
      // Units row 20 + k holds filler unit 8 + k (ten named units, then the filler).
      undoRows.push([id, 'Units', 20 + k, 'Status', `Filler ${8 + k}`, `Filler army ${8 + k}`, '', 'Routed']);
    }
    const entry: Record<string, string | number> = {
      When: `2026-01-${String(1 + (i % 28)).padStart(2, '0')}`,
      Entry: id,
      Event: 'Battle',
      Battle: name,
      'Side A': 'North (Filler army 3)',
      'Side B': 'South (Filler army 4)',
      'Battle Value A': 30,
      'Battle Value B': 20,
      'Rolls A': 60,
      'Rolls B': 30,
      Result: 'North won by 40: North 10% = 1 pts, South 40% = 6 pts',
      Changes: 'North: no losses | South: routed: Filler 0, Filler 1',
      State: state(i),
      'Undo Rows': `${first}-${undoRows.length}`,
    };
    log.push(LOG_HEADERS.map((h) => entry[h] ?? ''));
  }
  return { ...tables, Battles: battleRows, Log: log, Undo: undoRows };
}
