// The person acting, as Google gives them to the script (Session) and the Players sheet ranks them: read at the
// door of every write, before anything is read for writing, and by the load (the sidebar shows who you are).
import { messageOf } from '../../contract/cells';
import { TableError } from '../../contract/errors';
import { type Person, personOf } from '../../contract/rights';
import { theSpreadsheet } from '../spreadsheet';
import { PLAYER_HEADERS, readPlayers } from '../players';
import { EXAMPLES, SHEET_NAMES } from '../sheet-names';
import { readSheetTable } from '../sheet-table';
import { Refusal } from '../../contract/errors';
import { activeEmail } from './viewer';
import { linkBy, linkPlayer } from './link-actor';
import { couldNotRead } from '../../contract/refusals';

/** What the Log's By cell says where Google gives no email. */
export const UNKNOWN_BY = 'unknown';

/** The Log's By cell for this person (by link: the Player cell and " (link)"). */
export const byOf = (email: string): string => {
  const link = linkPlayer();
  return link !== null ? linkBy(link) : email.trim() || UNKNOWN_BY;
};

export interface Acting {
  readonly person: Person;
  /** Players rows that could not be read (shown by the sidebar). */
  readonly problems: readonly string[];
}

/**
 * The person acting: their email and the Players sheet (one getValues), ranked by contract/rights.ts. A Players
 * sheet without its headers is a refusal naming the fix: without it Warcard cannot tell who may write.
 */
export const whoActs = (): Acting => actingAmong(playersOf());

/** Who acts, among the Players rows already read (`playersOf`'s answer): whoActs without reading them again. */
export function actingAmong(players: ReturnType<typeof playersOf>): Acting {
  const email = activeEmail();
  if (!players) return { person: personOf(email, null), problems: [] };
  const person = personOf(email, players.records);
  if (person.role === 'GM' || email.trim() === '') return { person, problems: players.problems };
  // Not a GM by Players: the file's owner is one all the same (one more read, only for those Players makes no GM).
  const owner = theSpreadsheet().getOwner()?.getEmail() ?? '';
  return { person: personOf(email, players.records, owner), problems: players.problems };
}

/** The Players sheet's rows (one getValues), or null without a Players sheet; a refusal when it cannot be read. */
export function playersOf(): ReturnType<typeof readPlayers> | null {
  let t: ReturnType<typeof readSheetTable>;
  try {
    t = readSheetTable(theSpreadsheet(), SHEET_NAMES.players, 'Players', EXAMPLES.players, PLAYER_HEADERS);
  } catch (e) {
    if (e instanceof TableError) throw new Refusal('setup', e.message);
    throw new Refusal('failed', couldNotRead('Players', messageOf(e)));
  }
  return t ? readPlayers(t.values.slice(t.headerIndex), t.headerIndex + 1) : null;
}
