// The document lock (LockService.getDocumentLock): one per workbook, shared by every execution. As in Apps
// Script it may be held by another user's execution, so that tryLock times out (false) and waitLock throws;
// and getDocumentLock may give no lock at all (null).
import type { LockApi } from '../../src/sheets/gas';
import type { Realm } from './realm';

export class DocumentLock {
  owner: string | null = null;
  /** False: getDocumentLock() returns null, as Google documents for a script it cannot tie to a document. */
  available = true;
  /** Every wait an execution made for the lock another held: who waited, how long it would wait. */
  readonly waits: { waiter: string; timeoutInMillis: number }[] = [];
  /**
   * Called when an execution waits for the lock another holds (tryLock/waitLock with contention), with the
   * waiter and its timeout; a test can release the other holder here to simulate it finishing in time.
   * Otherwise the wait runs out: tryLock answers false, waitLock throws.
   */
  onContention?: (waiter: string, timeoutInMillis: number) => void;

  constructor(private readonly realm: () => Realm) {}

  /** What `LockService.getDocumentLock()` returns to the given execution. */
  documentLock(execution: string): LockApi | null {
    return this.available ? this.forExecution(execution) : null;
  }

  /** A Lock object as the given execution holds it. */
  forExecution(execution: string): LockApi {
    const doc = this;
    const checkTimeout = (method: string, timeoutInMillis: unknown) => {
      if (typeof timeoutInMillis !== 'number' || !Number.isFinite(timeoutInMillis) || timeoutInMillis < 0) {
        throw doc
          .realm()
          .error(
            `The parameters (${typeof timeoutInMillis}) don't match the method signature for LockService.Lock.${method}.`,
          );
      }
    };
    return {
      tryLock(timeoutInMillis: number): boolean {
        checkTimeout('tryLock', timeoutInMillis);
        if (doc.owner === null || doc.owner === execution) {
          doc.owner = execution;
          return true;
        }
        doc.waits.push({ waiter: execution, timeoutInMillis });
        doc.onContention?.(execution, timeoutInMillis);
        if (doc.owner === null) {
          doc.owner = execution;
          return true;
        }
        return false;
      },
      waitLock(timeoutInMillis: number): void {
        checkTimeout('waitLock', timeoutInMillis);
        if (!this.tryLock(timeoutInMillis)) {
          throw doc.realm().error('Lock timeout: another process was holding the lock for too long.');
        }
      },
      releaseLock(): void {
        if (doc.owner === execution) doc.owner = null;
      },
      hasLock(): boolean {
        return doc.owner === execution;
      },
    };
  }

  /** Apps Script releases an execution's locks when it ends. */
  releaseAll(execution: string): void {
    if (this.owner === execution) this.owner = null;
  }
}
