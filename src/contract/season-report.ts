// The season report: a collection (Collect the season) told for the campaign chronicle, realm by realm: its opening
// balance, income, upkeep by army, muster by unit and closing balance. Blocks as a battle's, so the Log's Report
// cell holds its plain text and the sidebar copies it as plain text, Markdown or BBCode (battle-report.ts).
import type { SeasonDue } from '../rules';
import { bounded, nameText, type ReportBlock } from './battle-report';

/** Characters a realm's listed units may take; past them the list says how many more. */
const LIST_BUDGET = 8_000;

/** A realm's collection: its balance before, what was taken, its balance after and its note. */
export interface RealmCollection {
  readonly realm: string;
  readonly opening: number;
  readonly due: SeasonDue;
  readonly closing: number;
  /** The shortfall, or '' when the realm is not short. */
  readonly note: string;
}

const gb = (n: number): string => `${n < 0 ? '−' : ''}${Math.abs(n)} GB`;
const units = (n: number): string => `${n} unit${n === 1 ? '' : 's'}`;

/** The report of a season collected: a heading per realm. */
export function seasonReport(season: string, realms: readonly RealmCollection[]): ReportBlock[] {
  const blocks: ReportBlock[] = [{ kind: 'title', text: `Season collected: ${nameText(season)}` }];
  for (const r of realms) {
    const { due } = r;
    blocks.push(
      { kind: 'heading', text: nameText(r.realm) },
      { kind: 'line', text: `Opening balance: ${gb(r.opening)}` },
      { kind: 'line', text: `Income: ${gb(due.income)}` },
      { kind: 'line', text: `Upkeep: ${gb(due.upkeep)}` },
      ...due.upkeepByArmy.map(
        (a) => ({ kind: 'item', text: `${nameText(a.army)}: ${gb(a.upkeep)} (${units(a.units)})` }) as const,
      ),
      { kind: 'line', text: `Muster: ${gb(due.muster)}` },
    );
    const mustered = due.musterByUnit.map(
      (u) => `${nameText(u.unit)} (${nameText(u.army, 'no army')}): ${gb(u.gb)}`,
    );
    for (const text of bounded(mustered, LIST_BUDGET, 'units')) blocks.push({ kind: 'item', text });
    blocks.push({ kind: 'line', text: `Closing balance: ${gb(r.closing)}` });
    if (r.note) blocks.push({ kind: 'line', text: `Note: ${r.note}` });
  }
  return blocks;
}
