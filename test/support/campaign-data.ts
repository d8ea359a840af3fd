// A campaign as sidebarLoad sends it, built on plain data for the client's tests (no sheets): two realms at
// war over the Ford of Avanil, a character, a second battle already applied, undoable Log entries; and a
// fake server implementing SidebarApi over it that counts calls and can hold an answer back.
import type { Response, SidebarApi, Written } from '../../src/contract/api';
import {
  type ArmyData,
  type BattleListing,
  type CampaignData,
  type CampaignUnit,
  encodeCharacter,
  encodeUnits,
} from '../../src/contract/campaign';
import { type Character, defined, nameKey, type UnitRole, type UnitStatus } from '../../src/rules';
import { newRoundReport, plainReport } from '../../src/contract/battle-report';
import type { Server } from '../../src/sidebar/server';
import { blankCircumstances } from '../../src/sidebar/battle-setup';
import { HOSTILE_NAME } from './campaign-sheets';
import { character } from './rules';

export { HOSTILE_NAME };

/** The Log's Report of the raid, as a Report cell holds it (shortened: the view reads any report text). */
export const RAID_REPORT = [
  'Battle: Northern raid',
  '',
  'Result',
  '  Winner: Rjurik, by 40',
  '',
  'Units that fell',
  `  - Avanil: ${HOSTILE_NAME} (Avanil), routed`,
].join('\n');

const unit = (
  row: number,
  name: string,
  army: string,
  type: string,
  role: UnitRole,
  value: number,
  status: UnitStatus = 'Ready',
): CampaignUnit => ({
  row,
  name,
  army,
  type,
  role,
  role2: undefined,
  status,
  undead: false,
  spellImmune: false,
  value,
  // RULES 4 (D-9), from the value in battle: the fixture's units carry no realm spells.
  upkeep: role.startsWith('Flying') || value >= 9 ? 3 : role === 'Mounted' ? 2 : 1,
});

/** The units; `filler` more in two armies, every `routedEvery`-th routed (0: none). */
export function fixtureUnits(filler = 0, routedEvery = 13): CampaignUnit[] {
  const units = [
    unit(2, 'Knights of Avanil', 'Avanil', 'Knights', 'Mounted', 6),
    unit(3, 'Avanil Bowmen', 'Avanil', 'Archers', 'Missile', 4),
    unit(4, 'Anuire Guard', 'Avanil', 'Infantry', 'Melee', 3),
    unit(5, HOSTILE_NAME, 'Avanil', 'Infantry', 'Melee', 3),
    unit(6, 'Ghoere Levy 1', 'Ghoere', 'Levy', 'Melee', 2),
    unit(7, 'Ghoere Levy 2', 'Ghoere', 'Levy', 'Melee', 2, 'Routed'),
    unit(8, 'Ghoere Horse', 'Ghoere', 'Cavalry', 'Mounted', 5),
    unit(9, 'Ghoere Elite', 'Ghoere', 'Elite Infantry', 'Melee', 5),
    unit(10, 'Ghoere Engines', 'Ghoere', 'Artillerists', 'Artillery', 3),
    unit(11, 'Rjurik Raiders', 'Rjurik', 'Raiders', 'Melee', 4),
  ];
  const roles = ['Melee', 'Missile', 'Mounted', 'Melee'] as const satisfies readonly UnitRole[];
  for (let i = 0; i < filler; i++) {
    units.push(
      unit(
        12 + i,
        `Filler ${i}`,
        `Filler army ${i % 2}`,
        'Infantry',
        defined(roles[i % roles.length], 'a filler role'),
        1 + (i % 7),
        routedEvery > 0 && i % routedEvery === 0 ? 'Routed' : 'Ready',
      ),
    );
  }
  return units;
}

/** The campaign's character: a Warrior 4 with Avanil. */
export const LORD: Character = character({ name: 'Lord Aerin', army: 'Avanil', warrior: 4 });

const ford = (): BattleListing => {
  const a = blankCircumstances();
  const b = blankCircumstances();
  return {
    setup: {
      name: 'Ford of Avanil',
      sides: [
        {
          label: 'Avanil',
          armies: ['Avanil'],
          circumstances: { ...a, morale: { ...a.morale, homeRealm: true }, plan: 'Normal attack' },
        },
        {
          label: 'Ghoere',
          armies: ['Ghoere'],
          circumstances: {
            ...b,
            defender: true,
            defense: { ...b.defense, riverCrossed: true },
            plan: 'Hold',
          },
        },
      ],
    },
    rows: [2, 3],
    rolls: [null, null],
    rollFormula: false,
    appliedBy: null,
    fingerprint: 'battle-ford-1',
    seals: [null, null],
  };
};

const raid = (): BattleListing => ({
  setup: {
    name: 'Northern raid',
    sides: [
      { label: 'Rjurik', armies: ['Rjurik'], circumstances: blankCircumstances() },
      { label: 'Ghoere', armies: ['Ghoere'], circumstances: blankCircumstances() },
    ],
  },
  rows: [4, 5],
  rolls: [60, 20],
  rollFormula: false,
  appliedBy: 'e-raid',
  fingerprint: 'battle-raid-1',
  seals: [null, null],
});

/** The Ford of Avanil, the battle to fight: the first of the fixture's battles. */
export const fordOf = (data: CampaignData): BattleListing => defined(data.battles[0], 'the Ford of Avanil');

/** The Northern raid, applied already: the second. */
export const raidOf = (data: CampaignData): BattleListing => defined(data.battles[1], 'the Northern raid');

/** The campaign data; `filler` units in two more armies (for size and speed). */
export function fixtureCampaign(filler = 0, version = 1, routedEvery = 13): CampaignData {
  const units = fixtureUnits(filler, routedEvery);
  const names: string[] = [];
  for (const u of units) if (!names.some((n) => nameKey(n) === nameKey(u.army))) names.push(u.army);
  const armies: ArmyData[] = names.map((name) => {
    const own = units.filter((u) => u.army === name);
    return {
      name,
      fingerprint: `army-${nameKey(name)}-${version}`,
      problem: null,
      units: own.length,
      ready: own.filter((u) => u.status === 'Ready').length,
    };
  });
  return {
    rules: { troopRatioBy: 'units', terrainModifiersAs: 'points' },
    dice: 'Sidebar',
    settingsFingerprint: `settings-${version}`,
    armies,
    units: encodeUnits(units, (army) => names.indexOf(army)),
    characters: [encodeCharacter(LORD)],
    battles: [ford(), raid()],
    entries: [
      {
        id: 'e-raid',
        row: 3,
        event: 'Battle',
        battle: 'Northern raid',
        result: 'Rjurik wins by 40',
        report: RAID_REPORT,
      },
      {
        id: 'e-round',
        row: 2,
        event: 'New round',
        battle: '',
        result: '',
        report: plainReport(newRoundReport([{ name: 'Rjurik Raiders', army: 'Rjurik' }])),
      },
    ],
    problems: [],
  };
}

export interface Call {
  readonly name: keyof SidebarApi;
  readonly args: unknown[];
}

/**
 * A fake server over plain data: each call is recorded and answered by `answer` (by default: ok, with the
 * campaign as it is). With `hold`, answers wait until `release()`.
 */
export function fakeServer(
  campaign: () => CampaignData,
  answer: (call: Call) => Response<Written> | Response<{ campaign: CampaignData }> = () => ({
    ok: true,
    message: 'Done.',
    campaign: campaign(),
  }),
) {
  const calls: Call[] = [];
  let held: (() => void)[] = [];
  let hold = false;
  const respond =
    (name: keyof SidebarApi) =>
    (...args: unknown[]) => {
      const call = { name, args };
      calls.push(call);
      return new Promise((resolve, reject) => {
        // An answer that throws fails the call, as a failure handler would.
        const go = () => {
          try {
            resolve(name === 'sidebarLoad' ? { ok: true, campaign: campaign() } : answer(call));
          } catch (e) {
            reject(e);
          }
        };
        if (hold) held.push(go);
        else queueMicrotask(go);
      });
    };
  const server = {
    sidebarLoad: respond('sidebarLoad'),
    sidebarSave: respond('sidebarSave'),
    sidebarApply: respond('sidebarApply'),
    sidebarUndo: respond('sidebarUndo'),
    sidebarNewRound: respond('sidebarNewRound'),
    sidebarSeal: respond('sidebarSeal'),
    sidebarReveal: respond('sidebarReveal'),
    sidebarRoll: respond('sidebarRoll'),
  } as unknown as Server;
  return {
    server,
    calls,
    hold() {
      hold = true;
    },
    release() {
      hold = false;
      const go = held;
      held = [];
      for (const g of go) g();
    },
  };
}
