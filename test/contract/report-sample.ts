// The set-up's sample battle as the tests fight it, and its report as the Log's Report cell holds it.
import type { RollPair } from '../../src/rules';

export const SAMPLE = 'Greywater Ford';
/** A tie, then Ghorvant wins by 41. */
export const SAMPLE_ROLLS: RollPair[] = [
  [41, 50],
  [30, 80],
];

export const SAMPLE_REPORT = `Battle: Greywater Ford

Side A: Elinvaire, defender
  Armies: Elinvaire Host, Marcher Levies
  Base value 139 (units 73, characters 66)
  Modifiers:
  - Morale, Home Realm: +5% (ticked for the battle)
  - Defender, Friendly Holding: +5 pts (ticked for the battle)
  - Defender, River Crossed: +15 pts (ticked for the battle)
  - Diversity, Three or more general types (Role): +10% (from the units)
  Plan Hold: Cas -10%
  Battle value 180 (percent +15%, points +20)

Side B: Ghorvant, attacker
  Armies: Ghorvant Legion
  Base value 149 (units 80, characters 69)
  Modifiers:
  - Morale, Beaten Foe: +5% (ticked for the battle)
  - Diversity, Three or more general types (Role): +10% (from the units)
  Plan Normal attack: no effect
  Battle value 171 (percent +15%, points 0)

Rolls
  - Roll 1: Elinvaire 41 + 180 = 221; Ghorvant 50 + 171 = 221: tie, rolled again
  - Roll 2: Elinvaire 30 + 180 = 210; Ghorvant 80 + 171 = 251

Result
  Winner: Ghorvant, by 41
  Casualties of Elinvaire: 40% (table row 41-45: loser 50%, plan Cas -10%) of unit value 73 = 29 pts, 15 destroyed and 14 routed
  Casualties of Ghorvant: 50% (table row 41-45: winner 50%) of unit value 80 = 40 pts, 20 destroyed and 20 routed

Units that fell
  - Elinvaire: Knights of the Silver Oath (Elinvaire Host), routed
  - Elinvaire: Vaelmont Household Knights (Elinvaire Host), routed
  - Elinvaire: Temple Guard of the Dawn (Elinvaire Host), destroyed
  - Elinvaire: Riverwatch Infantry (Elinvaire Host), destroyed
  - Elinvaire: Elinvaire Cavalry (Elinvaire Host), destroyed
  - Ghorvant: Ghorvant Knights (Ghorvant Legion), routed
  - Ghorvant: Black Lances (Ghorvant Legion), destroyed
  - Ghorvant: Iron Guard (Ghorvant Legion), routed
  - Ghorvant: Legion Veterans (Ghorvant Legion), routed
  - Ghorvant: Legion Infantry (Ghorvant Legion), routed
  - Ghorvant: Barrow Dead (Ghorvant Legion), destroyed
  - Ghorvant: Hill Trolls (Ghorvant Legion), destroyed`;
