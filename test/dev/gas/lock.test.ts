// The document lock: one per workbook, shared by every execution; it may be held by another, or not given.
import { describe, expect, it } from 'vitest';
import { DocumentLock } from '../../../dev/gas/lock';
import { HOST_REALM } from '../../../dev/gas/realm';

const newLock = () => new DocumentLock(() => HOST_REALM);

describe('DocumentLock', () => {
  it('is taken by one execution at a time, and held again by its owner', () => {
    const doc = newLock();
    const mine = doc.forExecution('mine');
    const theirs = doc.forExecution('theirs');
    expect(mine.tryLock(0)).toBe(true);
    expect(mine.tryLock(0)).toBe(true);
    expect([mine.hasLock(), theirs.hasLock()]).toEqual([true, false]);
    expect(theirs.tryLock(500)).toBe(false);
    expect(() => theirs.waitLock(500)).toThrow(
      'Lock timeout: another process was holding the lock for too long.',
    );
    expect(doc.waits).toEqual([
      { waiter: 'theirs', timeoutInMillis: 500 },
      { waiter: 'theirs', timeoutInMillis: 500 },
    ]);
    theirs.releaseLock(); // not theirs to release
    expect(doc.owner).toBe('mine');
    mine.releaseLock();
    expect(theirs.tryLock(0)).toBe(true);
  });

  it('is given to a waiter when the holder finishes while it waits', () => {
    const doc = newLock();
    doc.forExecution('other').waitLock(0);
    doc.onContention = (waiter, timeout) => {
      expect([waiter, timeout]).toEqual(['me', 1000]);
      doc.releaseAll('other');
    };
    expect(doc.forExecution('me').tryLock(1000)).toBe(true);
    expect(doc.owner).toBe('me');
  });

  it('is released when its execution ends', () => {
    const doc = newLock();
    doc.forExecution('run-1').waitLock(0);
    doc.releaseAll('run-2');
    expect(doc.owner).toBe('run-1');
    doc.releaseAll('run-1');
    expect(doc.owner).toBeNull();
  });

  it.each([[-1], [Number.NaN], ['10']])('refuses a timeout of %j, as Google does', (timeout) => {
    const lock = newLock().forExecution('me');
    expect(() => lock.tryLock(timeout as number)).toThrow(
      `The parameters (${typeof timeout}) don't match the method signature for LockService.Lock.tryLock.`,
    );
  });

  it('may be no lock at all', () => {
    const doc = newLock();
    doc.available = false;
    expect(doc.documentLock('me')).toBeNull();
    doc.available = true;
    expect(doc.documentLock('me')?.tryLock(0)).toBe(true);
  });
});
