// The test campaign with names that would end a script element or open a comment were the page to hold them as
// they are: a unit, an army and a battle. Used by the menu's page test and the browser test.
import { campaign } from './campaign-sheets';

export const SCRIPT_NAME = '</script><script>alert(1)</script>';
export const COMMENT_NAME = '<!--';
/** Ghoere renamed: its units, and the Ford's side B. */
export const HOSTILE_ARMY = '<!--<script>alert(2)</script>';
/** The Ford of Avanil renamed. */
export const HOSTILE_BATTLE = `${SCRIPT_NAME}<!--`;

type Row = ReturnType<typeof campaign>[string][number];

const renamed = (rows: Row[], from: string, to: string): Row[] =>
  rows.map((r) => r.map((c) => (c === from ? to : c)));

export function hostileCampaign(): Record<string, Row[]> {
  const tables = campaign(0);
  const units = renamed(renamed(tables.Units ?? [], 'Ghoere', HOSTILE_ARMY), 'Anuire Guard', SCRIPT_NAME);
  return {
    ...tables,
    Units: renamed(units, 'Ghoere Elite', COMMENT_NAME),
    Battles: renamed(renamed(tables.Battles ?? [], 'Ghoere', HOSTILE_ARMY), 'Ford of Avanil', HOSTILE_BATTLE),
  };
}
