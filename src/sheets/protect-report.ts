// What Protect realms says when it stopped itself for Google's six minutes: how far it got, sheet by sheet (which
// runs of rows stand for their realms, which do not yet and who may edit those meanwhile), so the game master knows
// what the next run goes on with.
import type { Done } from './protect-context';
import type { SheetPlan } from './protect-plan';
import type { SheetOutcome } from './protect-sheet';

/** The rows of a plan's runs `from` to `to` (not included), as "rows A to B". */
function rowsOf(plan: SheetPlan, from: number, to: number): string {
  const first = plan.runs[from];
  const last = plan.runs[to - 1];
  if (!first || !last) return 'no rows';
  const end = last.first + last.rows - 1;
  return end === first.first ? `row ${end}` : `rows ${first.first} to ${end}`;
}

/** A roster sheet's line: done, half built, sweeping, or not reached. */
export function sheetLine(o: SheetOutcome): string | null {
  const { plan, stood } = o;
  const n = plan.runs.length;
  const meanwhile =
    o.rest === 'open'
      ? 'open to every editor until a run protects them'
      : 'as the last finished run left them until a run protects them';
  switch (o.phase) {
    case 'done':
      return `${plan.name}: done: each realm's rows protected (${n} ${n === 1 ? 'run' : 'runs'} of rows).`;
    case 'sweep':
      return `${plan.name}: each realm's rows protected (${n} ${n === 1 ? 'run' : 'runs'} of rows); ${o.toSweep} of its protections still to look over for Warcard's old ones, which keep some rows more protected than planned until they go.`;
    case 'build':
      return stood === 0
        ? `${plan.name}: none of its ${n} runs of rows protected yet (${rowsOf(plan, 0, n)}): they stay ${meanwhile}.`
        : `${plan.name}: ${stood} of ${n} runs of rows protected for their realms' players and the GMs (${rowsOf(plan, 0, stood)}); the other ${n - stood} (${rowsOf(plan, stood, n)}) stay ${meanwhile}.`;
    case 'not reached':
      return `${plan.name}: not reached yet: its rows are as they were before this run.`;
    default:
      return null;
  }
}

/** The report of a run that stopped itself: what stands, what does not yet, and that the next run goes on. */
export function stoppedReport(
  done: Done,
  outcomes: readonly SheetOutcome[],
  gms: readonly string[],
  calls: number,
): string[] {
  const lines = [
    `Protect realms stopped itself after ${calls} calls, to finish within Google's six minutes: ${done.made} protections made, ${done.kept} kept, ${done.repaired} put right, ${done.removed} old ones removed. Run it again to go on from here; each run goes on where the last one stopped, until every row is protected. No row is less protected than before: a sheet leaves each realm's rows to their protections only once all of them stand, and Warcard's old protections go last.`,
  ];
  if (done.gmSheets.length > 0) lines.push(`GMs only: ${done.gmSheets.join(', ')} (GMs: ${gms.join(', ')}).`);
  if (done.warned.length > 0)
    lines.push(`Warning only (every sidebar writes them): ${done.warned.join(', ')}.`);
  for (const o of outcomes) {
    const line = sheetLine(o);
    if (line) lines.push(line);
  }
  lines.push(...done.findings);
  for (const problem of done.problems) lines.push(`Could not: ${problem}.`);
  return lines;
}
