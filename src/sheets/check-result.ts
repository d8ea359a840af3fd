// A row of Check this spreadsheet's report, and the try that turns a check's own failure into "could not check":
// shared by check.ts and the checks split out of it (check-who.ts, check-reads.ts).
import { messageOf } from '../contract/cells';

export type Verdict = 'expected' | 'different' | 'could not check';

export interface CheckResult {
  readonly check: string;
  readonly verdict: Verdict;
  /** What the check found. */
  readonly found: string;
  /** What Warcard does about it. */
  readonly action: string;
}

export const result = (check: string, verdict: Verdict, found: string, action: string): CheckResult => ({
  check,
  verdict,
  found,
  action,
});

/** A check whose own failure becomes "could not check", with Google's message. */
export function attempt(check: string, run: () => CheckResult): CheckResult {
  try {
    return run();
  } catch (e) {
    return result(check, 'could not check', messageOf(e), 'Nothing: the check stopped there.');
  }
}
