// The lock every write holds: one writer at a time, or a refusal before anything is written.
import type { Response } from '../../contract/api';
import { messageOf } from '../../contract/cells';
import { lockService } from '../gas';
import { fail } from './serve';
import { locked } from '../../contract/refusals';

/** How long a write waits for another user's to finish. */
export const LOCK_WAIT_MS = 5000;

/** Runs fn holding the document lock. No lock, or none in time, is a refusal before anything is written. */
export function withLock<T extends object>(fn: () => Response<T>): Response<T> {
  let lock: ReturnType<ReturnType<typeof lockService>['getDocumentLock']>;
  try {
    // The script's lock, not the document's: a web app (a player page) has no document lock (Google returns null
    // there), and a bound script is one per spreadsheet, so the script's lock guards the same writes.
    lock = lockService().getScriptLock();
    if (!lock) return fail('locked', locked('no lock'));
    if (!lock.tryLock(LOCK_WAIT_MS)) return fail('locked', locked('busy'));
  } catch (e) {
    return fail('locked', locked({ error: messageOf(e) }));
  }
  try {
    return fn();
  } finally {
    try {
      lock.releaseLock();
    } catch {
      // The lock lapses by itself when the execution ends; what was written stays written.
    }
  }
}
