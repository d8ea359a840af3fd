// Check this spreadsheet's "Who you are": the email Google gives Warcard for the person running it (or that it
// gives none), whether they own the file, what the Players sheet makes of them, and what they may therefore do.
// Anyone may run it: a player's run tells the table what Google really does for a player.
import { isGM, type Person, personOf } from '../contract/rights';
import { attempt, type CheckResult, result } from './check-result';
import type { SpreadsheetApi } from './gas';
import { PLAYER_HEADERS, readPlayers } from './players';
import { activeEmail } from './server/viewer';
import { EXAMPLES, SHEET_NAMES } from './sheet-names';
import { readSheetTable } from './sheet-table';

const CHECK = 'Who you are';

/** What a person may do, in the words of SHEETS.md's Players. */
function mayDo(person: Person, listedGms: number): string {
  if (listedGms === 0)
    return 'The Players sheet names no GM, so everyone who may edit the spreadsheet acts as a GM: you may do everything.';
  if (isGM(person))
    return 'As a GM you may do everything: apply, undo, new round, Protect realms, Player links.';
  if (person.armies.length === 0)
    return `${person.why || 'You command no army: you may preview, not write'}.`;
  return `You may save and seal the battle sides all of whose armies you command, roll, and preview; a write that would touch another realm's rows is refused and names the GMs (${person.gms.join(', ')}).`;
}

/** Who Google and the Players sheet say the person running the check is. */
export function whoYouAre(ss: SpreadsheetApi): CheckResult {
  return attempt(CHECK, () => {
    const email = activeEmail();
    const owner = ss.getOwner()?.getEmail() ?? '';
    const t = readSheetTable(ss, SHEET_NAMES.players, 'Players', EXAMPLES.players, PLAYER_HEADERS);
    const records = t ? readPlayers(t.values.slice(t.headerIndex), t.headerIndex + 1).records : null;
    const person = personOf(email, records, owner);
    const listed = records?.filter((p) => p.email.trim().toLowerCase() === email.toLowerCase()) ?? [];
    const gms = records?.filter((p) => p.role === 'GM').length ?? 0;
    const owns =
      email === ''
        ? 'Warcard cannot tell whether you own the file'
        : owner.toLowerCase() === email.toLowerCase()
          ? 'you own the file (so you are a GM, whatever the Players sheet says)'
          : `you do not own the file (${owner || 'a shared drive does'})`;
    const row =
      email === ''
        ? ''
        : listed.length === 0
          ? t
            ? '; you are not on the Players sheet'
            : '; there is no Players sheet'
          : `; the Players sheet lists you as ${listed.map((p) => `${p.role}${p.armies.length > 0 ? ` of ${p.armies.join(', ')}` : ''}`).join(' and ')}`;
    const found = `${email === '' ? 'Google gives Warcard no email for you' : `Google gives Warcard your email: ${email}`}; ${owns}${row}. ${mayDo(person, gms)}`;
    if (email === '')
      return result(
        CHECK,
        'different',
        found,
        'Warcard treats you as a player with no armies, so you may preview, not write. Google withholds the email where its security policies do not allow a script to see it (it says the restrictions generally do not apply to the script’s developer or to people of the same Google Workspace domain). Send this report; a GM can give you a player page instead, which needs no email.',
      );
    const unlisted = gms > 0 && listed.length === 0 && !isGM(person);
    return result(
      CHECK,
      'expected',
      found,
      unlisted
        ? `Ask a GM (${person.gms.join(', ')}) to add ${email} to the Players sheet with your armies.`
        : 'Nothing to do.',
    );
  });
}
