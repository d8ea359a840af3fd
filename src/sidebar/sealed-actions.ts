// The sidebar's sealed-plan and logged-dice writes (issue "Sealed battle plans"): Seal plan, Reveal plans and the
// logged Roll, each one server call through the one write of writes.ts, so each answer's campaign is shown at once
// like Save's or Apply's. Each carries an operation id kept until it succeeds: a retry never seals, reveals or
// rolls twice, and a roll after a success is a new logged roll.
import { idFor } from './requests';
import type { Server } from './server';
import { type Pending, shownListing } from './state';
import { type Store, write } from './writes';

export interface SealedActions {
  /** Seals the plan chosen in side `side`'s form (again, when sealed already). */
  seal(side: 0 | 1): Promise<void>;
  /** Reveals the battle's sealed plans, without rolling. */
  reveal(): Promise<void>;
  /** With Logged dice: the server reveals, rolls and logs; again after a result, a new logged roll. */
  loggedRoll(): Promise<void>;
}

export function createSealedActions(store: Store, server: Server, fresh: () => string): SealedActions {
  let pending: Pending | null = null;
  /** The id for this body: the one sent before when it was not answered with success. */
  const idOf = (body: unknown): string => {
    pending = idFor(pending, body, fresh);
    return pending.id;
  };
  const done = <S>(s: S): S => {
    pending = null;
    return s;
  };
  /** The battle shown, when it is on the Battles sheet and no write is on its way. */
  const battle = (): string | null =>
    store.state.busy ? null : (shownListing(store.state)?.setup.name ?? null);
  return {
    seal(side) {
      const listing = store.state.busy ? null : shownListing(store.state);
      if (!listing) return Promise.resolve();
      // The side's armies as loaded: the server finds the side by them, should its rows be sorted meanwhile.
      const body = {
        battle: listing.setup.name,
        side,
        armies: listing.setup.sides[side].armies,
        plan: store.state.setup.sides[side].circumstances.plan,
      };
      const id = idOf(['seal', body]);
      // The setup stays as set up here (the plan sealed is in it): the answer only adds the seal.
      return write(store, {
        busy: 'seal',
        spot: side === 0 ? 'side-0' : 'side-1',
        call: () => server.sidebarSeal({ id, ...body }),
        done,
        retry: 'Press Seal plan again: a plan is never sealed twice.',
        keepSetup: true,
      });
    },
    reveal() {
      const name = battle();
      if (name === null) return Promise.resolve();
      const id = idOf(['reveal', name]);
      return write(store, {
        busy: 'reveal',
        spot: 'roll',
        call: () => server.sidebarReveal({ id, battle: name }),
        done,
        retry: 'Press Reveal plans again: they are never revealed twice.',
      });
    },
    loggedRoll() {
      const name = battle();
      if (name === null) return Promise.resolve();
      const id = idOf(['roll', name]);
      return write(store, {
        busy: 'roll',
        spot: 'roll',
        call: () => server.sidebarRoll({ id, battle: name }),
        done,
        retry: 'Press Roll again: a roll that reached the server is logged once.',
      });
    },
  };
}
