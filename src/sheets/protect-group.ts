// Protect realms' offer to group each roster's rows by army: a roster whose armies' rows are mixed needs about a
// protection per row, so many runs of Protect realms (each stops before Google's six minutes, the next goes on);
// sorted by Army, each realm's rows are one run. Warcard finds every row by its identity (name, army, Unit Key), so the Log and Undo keep working.
// The sort moves rows under protections that stay where they are, so each sheet is first made the GMs' alone
// (no realm's rows left open), and the run then gives each realm its rows again.
import { lockService, spreadsheetApp } from './gas';
import type { SheetPlan } from './protect-plan';

/** About what one protection costs a run in calls (range, protect, description, editors). */
export const CALLS_PER_PROTECTION = 6;

/** How long the sort waits for the sidebar's writes to finish (they hold the document lock). */
const LOCK_WAIT_MS = 10_000;

/** How the rosters' runs of rows compare with a run's budget of calls: "fits", or past half of it, "offer". */
export function mixedness(plans: readonly SheetPlan[], calls: number): 'fits' | 'offer' {
  const cost = plans.reduce((n, p) => n + p.runs.length, 0) * CALLS_PER_PROTECTION;
  return cost > calls / 2 ? 'offer' : 'fits';
}

/** About how many runs of Protect realms it takes to protect `runs` runs of rows, within `calls` calls each. */
export const runsNeeded = (runs: number, calls: number): number =>
  Math.max(1, Math.ceil((runs * CALLS_PER_PROTECTION) / calls));

/**
 * Asks whether to sort Units and Characters by Army and, if so, sorts them, each made the GMs' alone first by
 * `lockDown` (false: it could not be, so that sheet is left unsorted). Returns what happened, for the report.
 */
export function offerGrouping(
  plans: readonly SheetPlan[],
  armyColumns: ReadonlyMap<SheetPlan, { header: number; army: number; last: number }>,
  calls: number,
  lockDown: (plan: SheetPlan) => boolean,
): string | null {
  const ui = spreadsheetApp().getUi();
  const runs = plans.reduce((n, p) => n + p.runs.length, 0);
  const answer = ui.alert(
    'Group rows by army?',
    `${plans.map((p) => p.name).join(' and ')} hold ${runs} runs of rows (each realm's rows are spread among the others'), and each run needs a protection of its own: about ${runsNeeded(runs, calls)} runs of Protect realms, each stopping itself within Google's six minutes for the next to go on. Sorted by Army, each realm's rows make one run, and far fewer protections. Warcard finds every row by its identity, so the Log and Undo keep working. Sort ${plans.map((p) => p.name).join(' and ')} by Army now?`,
    ui.ButtonSet.YES_NO,
  );
  if (answer !== ui.Button.YES) return null;
  const lock = lockService().getDocumentLock();
  if (!lock?.tryLock(LOCK_WAIT_MS))
    return 'Rows were not grouped: a battle was being written (the document lock was taken); run Protect realms again once it is written.';
  const sorted: string[] = [];
  try {
    for (const plan of plans) {
      const at = armyColumns.get(plan);
      if (!at || at.last <= at.header || !lockDown(plan)) continue;
      plan.sheet
        .getRange(at.header + 1, 1, at.last - at.header, plan.columns)
        .sort({ column: at.army, ascending: true });
      sorted.push(plan.name);
    }
  } finally {
    lock.releaseLock();
  }
  return sorted.length > 0 ? `Rows grouped by army on ${sorted.join(' and ')}.` : null;
}
