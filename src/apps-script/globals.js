// The globals Apps Script sees: custom functions (JSDoc'd for autocomplete) and menu handlers. Each calls into the
// bundle below (`var Warcard = ...`). The sidebar's calls are not here: scripts/build.mjs writes their globals
// after this file, from the list in src/contract/api.ts. test/dist proves Code.js's globals and the bundle agree.

/**
 * Values every unit of a Units table: the card's value (never below 1), or its Override, plus realm spells.
 *
 * @param {A1:V} units The Units table with its header row, e.g. Units!A1:V.
 * @return A column: "Value", then each row's unit value ("" for a blank row, #ERR: for a bad one).
 * @example =UNITVALUE(Units!A1:V)
 * @customfunction
 */
function UNITVALUE(units) {
  return Warcard.UNITVALUE(units);
}

/**
 * Muster cost of every unit in gold bars: 2 GB for every 3 points of value or part of 3 (realm spells left out).
 *
 * @param {A1:V} units The Units table with its header row, e.g. Units!A1:V.
 * @return A column: "Muster", then each row's cost in GB.
 * @example =MUSTERCOST(Units!A1:V)
 * @customfunction
 */
function MUSTERCOST(units) {
  return Warcard.MUSTERCOST(units);
}

/**
 * Maintenance of every unit in gold bars: 1, 2 when mounted or mercenary, 3 when flying or worth 9 or more.
 *
 * @param {A1:V} units The Units table with its header row, e.g. Units!A1:V.
 * @return A column: "Upkeep", then each row's maintenance in GB.
 * @example =UPKEEP(Units!A1:V)
 * @customfunction
 */
function UPKEEP(units) {
  return Warcard.UPKEEP(units);
}

/**
 * Value, muster cost and upkeep of every unit from one call: the columns of UNITVALUE, MUSTERCOST and UPKEEP
 * side by side (one formula to recompute instead of three).
 *
 * @param {A1:V} units The Units table with its header row, e.g. Units!A1:V.
 * @return Three columns: "Value", "Muster", "Upkeep", then each row's three ("" for a blank row, #ERR: for a bad one).
 * @example =UNITSTATS(Units!A1:V)
 * @customfunction
 */
function UNITSTATS(units) {
  return Warcard.UNITSTATS(units);
}

/**
 * Standing bonus of every character to the army it is with (class levels, spells, Battlewise, Strategy);
 * turning undead and enemy magic resistance are left to the battle.
 *
 * @param {A1:Q} characters The Characters table with its header row, e.g. Characters!A1:Q.
 * @param {A1:V} units Optional: the Units table, to count the units a Battlewise character commands when Commands is blank.
 * @return A column: "Bonus", then each character's bonus.
 * @example =CHARACTERVALUE(Characters!A1:Q, Units!A1:V)
 * @customfunction
 */
function CHARACTERVALUE(characters, units) {
  return Warcard.CHARACTERVALUE(characters, units);
}

/**
 * Base army value of one or more armies: their Ready units plus their characters' standing bonuses.
 *
 * @param {"Elinvaire Host, Marcher Levies"} armies Army names, comma-separated (or a range of names).
 * @param {A1:V} units The Units table with its header row, e.g. Units!A1:V.
 * @param {A1:Q} characters Optional: the Characters table, e.g. Characters!A1:Q.
 * @return The base army value.
 * @example =ARMYVALUE("Elinvaire Host, Marcher Levies", Units!A1:V, Characters!A1:Q)
 * @customfunction
 */
function ARMYVALUE(armies, units, characters) {
  return Warcard.ARMYVALUE(armies, units, characters);
}

/**
 * One row per army: its units by Status, its base value (Ready units plus standing character bonuses) and the
 * muster and upkeep of its Ready and Routed units.
 *
 * @param {A1:V} units The Units table with its header row, e.g. Units!A1:V.
 * @param {A1:Q} characters Optional: the Characters table, e.g. Characters!A1:Q.
 * @param {A1:B} settings Optional: the Settings table (house rules), e.g. Settings!A1:B.
 * @return A block: a header row (Army, Ready, Routed, Destroyed, Captured, Value, Muster, Upkeep, Note), then one row per army.
 * @example =ARMIES(Units!A1:V, Characters!A1:Q, Settings!A1:B)
 * @customfunction
 */
function ARMIES(units, characters, settings) {
  return Warcard.ARMIES(units, characters, settings);
}

/**
 * One row per realm: its treasury's balance (Start plus every Treasury row's Income − Upkeep − Muster + Other), the
 * upkeep and muster the next collection of Settings' Season would take now, the balance after it, and a Note.
 *
 * @param {A1:D} realms The Realms table with its header row, e.g. Realms!A1:D.
 * @param {A1:I} treasury The Treasury table (the ledger) with its header row, e.g. Treasury!A1:I.
 * @param {A1:W} units The Units table with its header row (and its Mustered column, if any), e.g. Units!A1:W.
 * @param {A1:B} settings Optional: the Settings table, whose Season is the season being played, e.g. Settings!A1:B.
 * @return A block: a header row (Realm, Balance, Upkeep, Muster Due, Next Balance, Note), then one row per Realms row.
 * @example =TREASURY(Realms!A1:D, Treasury!A1:I, Units!A1:W, Settings!A1:B)
 * @customfunction
 */
function TREASURY(realms, treasury, units, settings) {
  return Warcard.TREASURY(realms, treasury, units, settings);
}

/**
 * Every battle of a Battles table (two rows a battle): base value, modifiers, battle value, win chance and,
 * once both sides have a Roll, the outcome and casualties.
 *
 * @param {A1:AC} battles The Battles table with its header row, e.g. Battles!A1:AC.
 * @param {A1:V} units The Units table, e.g. Units!A1:V.
 * @param {A1:Q} characters Optional: the Characters table, e.g. Characters!A1:Q.
 * @param {A1:B} settings Optional: the Settings table (house rules), e.g. Settings!A1:B.
 * @return A block: a header row (Base, Percent, Points, Battle Value, Win Chance, Total, Outcome, Casualty Rate, Casualties, Routed, Destroyed), then one row per Battles row.
 * @example =BATTLES(Battles!A1:AC, Units!A1:V, Characters!A1:Q, Settings!A1:B)
 * @customfunction
 */
function BATTLES(battles, units, characters, settings) {
  return Warcard.BATTLES(battles, units, characters, settings);
}

/**
 * Resolves one battle from two battle values and two d100 rolls.
 *
 * @param {52} valueA Side A's battle value, every modifier included.
 * @param {47} valueB Side B's battle value, every modifier included.
 * @param {63} rollA Side A's d100 roll, 1-100.
 * @param {18} rollB Side B's d100 roll, 1-100.
 * @param {45} unitsA Optional: total value of side A's fighting units, for casualty points.
 * @param {40} unitsB Optional: total value of side B's fighting units, for casualty points.
 * @param {"Hold"} planA Optional: side A's battle plan (its Cas effect and No battle apply).
 * @param {"No plan"} planB Optional: side B's battle plan.
 * @return One row: winner (A, B, Tie or No battle), difference, A's casualty rate, B's casualty rate, A's casualty points, B's casualty points.
 * @example =RESOLVEBATTLE(52, 47, 63, 18, 45, 40, "Hold", "No plan")
 * @customfunction
 */
function RESOLVEBATTLE(valueA, valueB, rollA, rollB, unitsA, unitsB, planA, planB) {
  return Warcard.RESOLVEBATTLE(valueA, valueB, rollA, rollB, unitsA, unitsB, planA, planB);
}

/**
 * The exact chance that side A wins (ties are rolled again), from both battle values.
 *
 * @param {52} valueA Side A's battle value, every modifier included.
 * @param {47} valueB Side B's battle value, every modifier included.
 * @param {"Trap"} planA Optional: side A's battle plan (gives 0 when the plans rule out a battle).
 * @param {"Hold"} planB Optional: side B's battle plan.
 * @return The chance side A wins, from 0 to 1.
 * @example =BATTLEODDS(52, 47)
 * @customfunction
 */
function BATTLEODDS(valueA, valueB, planA, planB) {
  return Warcard.BATTLEODDS(valueA, valueB, planA, planB);
}

/**
 * Side A's troop-ratio bonus: the larger force gets +2% at 1.5 to 1, up to +50% at 16 to 1.
 *
 * @param {30} sizeA Side A's size: its fighting units (or base army value, if your table counts by value).
 * @param {12} sizeB Side B's size, counted the same way.
 * @return Side A's bonus as a fraction (0.04 for 4%); 0 when A is not the larger force.
 * @example =TROOPRATIO(30, 12)
 * @customfunction
 */
function TROOPRATIO(sizeA, sizeB) {
  return Warcard.TROOPRATIO(sizeA, sizeB);
}

/**
 * What a pair of battle plans does to each side, as the tactics table prints it.
 *
 * @param {"Full charge"} planA Side A's plan: Full charge, Normal attack, Encircle, Trap, Hold, Withdraw or No plan.
 * @param {"Hold"} planB Side B's plan.
 * @return One row: side A's effect, side B's effect (e.g. "Cas +20%", "BV -15%", "-", "No battle").
 * @example =TACTICS("Full charge", "Hold")
 * @customfunction
 */
function TACTICS(planA, planB) {
  return Warcard.TACTICS(planA, planB);
}

// ---- Menu

/** Builds the Warcard menu when the spreadsheet opens. */
function onOpen(e) {
  Warcard.onOpen(e);
}

/** Runs onOpen when the add-on is installed, so the menu appears at once. */
function onInstall(e) {
  Warcard.onOpen(e);
}

/** Warcard > Formula reference: a dialog listing every formula with an example. */
function showFormulaReference() {
  Warcard.showFormulaReference();
}

// ---- Set-up

/**
 * Warcard > Set up campaign: adds the sheets Units, Characters, Battles, Settings, Library, Armies and Log with
 * their headers, formulas, checkboxes, dropdowns and formats, wherever they are missing. Never changes a user's
 * cell.
 */
function setUpCampaign() {
  Warcard.setUpCampaign();
}

/**
 * Warcard > Set up with sample campaign: the same set-up, plus a sample war (two realms, their characters and
 * one prepared battle) in every table that has no records yet.
 */
function setUpSampleCampaign() {
  Warcard.setUpSampleCampaign();
}

/**
 * Warcard > Protect realms (GMs only): each army's Units and Characters rows to its players and the GMs, each
 * Battles side's row to its players and the GMs, Settings, Players and Library to the GMs, Log and Undo warning
 * only. Replaces only the protections it made (described "Warcard: ...").
 */
function protectRealms() {
  Warcard.protectRealms();
}

/**
 * Warcard > Player links… (GMs only): each Players row with its link's state, New link and Remove; where no web
 * app is deployed yet, the steps to deploy it.
 */
function showPlayerLinks() {
  Warcard.showPlayerLinks();
}

/**
 * Player links dialog: a new link for a Players row (its old link ends at once), shown this once.
 * @param {string} player The row's Player cell.
 * @return {Object} { ok, html }: the dialog's list as it now stands, or why not.
 */
function playerLinkNew(player) {
  return Warcard.playerLinkNew(player);
}

/**
 * Player links dialog: ends a Players row's link at once.
 * @param {string} player The row's Player cell.
 * @return {Object} { ok, html }: the dialog's list as it now stands, or why not.
 */
function playerLinkRemove(player) {
  return Warcard.playerLinkRemove(player);
}

// ---- The web app: a player's own page, executing as the GM who deployed it

/**
 * The web app's page: the person's own page for a valid link (?k=KEY), with their data inside; a page saying the
 * link is not valid, with no campaign data, for any other.
 * @param {Object} e The request (e.parameter.k: the link's key).
 * @return {HtmlOutput} The page.
 */
function doGet(e) {
  return Warcard.doGet(e);
}

/**
 * Player page: one action (Seal plan: sidebarSeal), the sidebar's own handler run as the link's Players row, with
 * that row's rights.
 * @param {string} key The link's key.
 * @param {string} call The sidebar's call (sidebarSeal, sidebarSave, ...).
 * @param {Object} request Its request, as the sidebar sends it.
 * @return {Object} The page's answer: { ok, message, page } (page null for a link that is not valid).
 */
function pageAction(key, call, request) {
  return Warcard.pageAction(key, call, request);
}

// ---- Battle sidebar

/** Warcard > Battle…: opens the battle sidebar. */
function openBattleSidebar() {
  Warcard.openBattleSidebar();
}

/** Warcard > Undo last battle: takes back the last battle, new round, fill or season collected of the Log, exactly. */
function undoLastBattle() {
  Warcard.undoLastBattle();
}

/** Warcard > New round: every Routed unit is Ready again (logged, so it can be undone). */
function newRound() {
  Warcard.newRound();
}

/** Warcard > Fill units from the Library: each unit's blank card cells from the Library row of its Type (logged, so it can be undone). */
function fillFromLibrary() {
  Warcard.fillFromLibrary();
}

/** Warcard > Collect the season: a Treasury row per realm for Settings' Season (logged, so it can be undone). */
function collectSeason() {
  Warcard.collectSeason();
}

// ---- Help and the spreadsheet check

/** Warcard > Help: version, first steps, the menu, the formulas, the permissions, phones. Reads no sheet. */
function showHelp() {
  Warcard.showHelp();
}

/**
 * Warcard > Check this spreadsheet: tries what Warcard expects of Google on this spreadsheet (on a scratch sheet
 * removed after) and shows each check as expected, different or could not check.
 * @return {Object[]} The checks' results, as the dialog shows them.
 */
function checkSpreadsheet() {
  return Warcard.checkSpreadsheet();
}
