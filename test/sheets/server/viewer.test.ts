// Who a sealed plan may go to (server/viewer.ts): one of its side's own players or the person who sealed it, never
// someone Google gives no email for, and a GM only for a plan they sealed themselves; and the active user's email as
// Session gives it, '' where it gives none.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameKey } from '../../../src/rules';
import { activeEmail, activeViewer, NOBODY, ownsSide, viewerOf } from '../../../src/sheets/server/viewer';
import { inProcess, open } from '../../support';

describe('ownsSide', () => {
  const ana = { email: 'ana@example.com', armies: ['avanil'] };

  it('lets in a player of an army of the side, by the name rule, and whoever sealed it, by email in any case', () => {
    expect(ownsSide(ana, ['Roesone', '  AVANIL '], { by: 'bob@example.com' })).toBe(true);
    expect(ownsSide(ana, ['Ghoere'], { by: 'ANA@Example.com' })).toBe(true);
    expect(ownsSide(ana, ['Ghoere'], { by: 'bob@example.com' })).toBe(false);
  });

  it('lets in nobody Google gives no email for, even against a seal by unknown', () => {
    expect(ownsSide(NOBODY, ['Avanil'], { by: '' })).toBe(false);
    expect(ownsSide({ email: '', armies: ['avanil'] }, ['Avanil'], { by: 'unknown' })).toBe(false);
  });

  it('is: an email, and the sealer or an army in common (property)', () => {
    const name = fc.constantFrom('Avanil', 'Ghoere', 'Roesone', 'Diemed');
    fc.assert(
      fc.property(
        fc.constantFrom('', 'ana@example.com', 'bob@example.com'),
        fc.array(name, { maxLength: 3 }),
        fc.array(name, { maxLength: 3 }),
        fc.constantFrom('ana@example.com', 'bob@example.com', 'unknown'),
        (email, mine, side, by) => {
          const viewer = { email, armies: mine.map(nameKey) };
          const want = email !== '' && (by === email || side.some((a) => mine.includes(a)));
          expect(ownsSide(viewer, side, { by })).toBe(want);
        },
      ),
    );
  });
});

describe('viewerOf and the active user', () => {
  it('gives a player their armies by name key, and a GM none', () => {
    expect(
      viewerOf({
        email: 'ana@example.com',
        role: 'Player',
        armies: ['Avanil ', 'ROESONE'],
        gms: [],
        why: '',
      }),
    ).toEqual({
      email: 'ana@example.com',
      armies: ['avanil', 'roesone'],
    });
    expect(viewerOf({ email: 'gm@example.com', role: 'GM', armies: ['Avanil'], gms: [], why: '' })).toEqual({
      email: 'gm@example.com',
      armies: [],
    });
  });

  it('reads Session’s active user, and is nobody’s where Google gives no email', () => {
    const lw = open();
    lw.actAs('ana@example.com');
    expect(inProcess(lw, activeEmail)).toBe('ana@example.com');
    expect(inProcess(lw, activeViewer)).toEqual({ email: 'ana@example.com', armies: [] });
    lw.actAs('bob@example.com', { emailHidden: true });
    expect(inProcess(lw, activeEmail)).toBe('');
  });

  it('is nobody’s when Session throws', () => {
    const lw = open();
    const thrown = inProcess(lw, () => {
      (globalThis as Record<string, unknown>).Session = {
        getActiveUser: () => {
          throw new Error('You do not have permission to call Session.getActiveUser');
        },
      };
      return activeEmail();
    });
    expect(thrown).toBe('');
  });
});
