// The battle report: an applied battle (or a new round) told for the campaign chronicle. One function makes it
// from the Fight that apply wrote; the Log's Report cell holds its plain text, and the sidebar reads that text
// back (readReport) to copy it as plain text, Markdown or BBCode. Names typed by users are escaped per format.
import {
  winnerMinimum,
  casualtyBand,
  casualtyPoints,
  type DecidedResult,
  type Fight,
  type ModifierLine,
  planEffectText,
  type SideValue,
  signed,
} from '../rules';

/** A Sheets cell holds at most this many characters: a report never exceeds it. */
export const REPORT_MAX = 50_000;
/** Characters the listed units of a report may take; past them the list says how many more. */
const LIST_BUDGET = 40_000;
/** A name (unit, army, side) is cut past this many characters in a report. */
const NAME_MAX = 200;

/**
 * A report's lines. Each kind has its own place in the plain text (title first; a heading alone on its line; a
 * line indented; an item indented after a dash), so the plain text reads back into the same blocks.
 */
export type ReportBlock =
  | { readonly kind: 'title'; readonly text: string }
  | { readonly kind: 'heading'; readonly text: string }
  | { readonly kind: 'line'; readonly text: string }
  | { readonly kind: 'item'; readonly text: string };

export type ReportFormat = 'plain' | 'markdown' | 'bbcode';

/** How a unit fell (the apply's choice for it). */
export type Fate = 'destroyed' | 'routed' | 'captured' | 'destroyed in pursuit';
export const FATES: readonly Fate[] = ['destroyed', 'routed', 'captured', 'destroyed in pursuit'];

export interface FallenUnit {
  readonly name: string;
  readonly army: string;
  readonly side: 0 | 1;
  readonly fate: Fate;
}

/** A battle as apply wrote it: its name, each side as set up, the decided Fight and the units that fell. */
export interface AppliedBattle {
  readonly name: string;
  readonly sides: readonly [ReportSide, ReportSide];
  readonly fight: Fight;
  readonly fallen: readonly FallenUnit[];
  /** With Logged dice, every roll the server kept for the battle. */
  readonly logged?: LoggedRolls;
}

/** A battle's logged rolls as the server kept them, each with what its Log row says now. */
export interface LoggedRolls {
  readonly rolls: readonly LoggedRollLine[];
  /** Older rolls the record no longer holds. */
  readonly earlier: number;
}

export interface LoggedRollLine {
  readonly entry: string;
  readonly by: string;
  readonly when: string;
  readonly pairs: readonly (readonly [number, number])[];
  /** Its Log row: as kept, deleted, changed since, or not among the rows read. */
  readonly log: 'listed' | 'deleted' | 'changed' | 'unread';
}

const LOG_STATES: Record<LoggedRollLine['log'], string> = {
  listed: '',
  deleted: '; its Log row was deleted',
  changed: '; its Log row was changed since',
  unread: '',
};

/** The logged rolls' lines: each roll by whom, when, its pairs, and a Log row deleted or changed named. */
function loggedBlocks(logged: LoggedRolls): ReportBlock[] {
  const items = logged.rolls.map(
    (r) =>
      `Log entry ${nameText(r.entry)}, by ${nameText(r.by, 'unknown')}${r.when ? `, ${r.when}` : ''}: ${r.pairs.map((p) => `${p[0]}-${p[1]}`).join(', ')}${LOG_STATES[r.log]}`,
  );
  if (logged.earlier > 0)
    items.unshift(`${logged.earlier} earlier ${logged.earlier === 1 ? 'roll' : 'rolls'}`);
  return [
    { kind: 'heading', text: 'Logged rolls' },
    ...bounded(items, 5_000, 'rolls').map((text) => ({ kind: 'item', text }) as const),
  ];
}

export interface ReportSide {
  readonly label: string;
  readonly armies: readonly string[];
  readonly defender: boolean;
  /** The side's plan was sealed: by whom, when, its commitment, and the plan revealed at the roll. */
  readonly sealed?: {
    readonly by: string;
    readonly when: string;
    readonly commitment: string;
    readonly plan: string;
  };
}

/** A unit a new round made Ready again. */
export interface ReadiedUnit {
  readonly name: string;
  readonly army: string;
}

/** A name as a report line holds it: on one line, trimmed, cut when very long. */
export function nameText(name: string, blank = '(no name)'): string {
  const one = name.replace(/\s+/g, ' ').trim();
  if (!one) return blank;
  return one.length <= NAME_MAX ? one : `${one.slice(0, NAME_MAX)}…`;
}

const SOURCES: Record<ModifierLine['source'], string> = {
  ticked: 'ticked for the battle',
  roster: 'from the units',
  plan: 'battle plans',
};

const figure = (m: Pick<ModifierLine, 'amount' | 'measure'>): string =>
  m.measure === 'percent'
    ? `${signed(m.amount)}%`
    : `${signed(m.amount)} ${Math.abs(m.amount) === 1 ? 'pt' : 'pts'}`;

const sideTag = (i: 0 | 1): string => (i === 0 ? 'A' : 'B');

/** The items of a list, as many as fit in `budget` characters, then one saying how many more. */
export function bounded(texts: readonly string[], budget: number, noun: string): string[] {
  const out: string[] = [];
  let used = 0;
  for (const t of texts) {
    if (used + t.length + 5 > budget) break;
    out.push(t);
    used += t.length + 5;
  }
  const more = texts.length - out.length;
  if (more > 0) out.push(`… and ${more} more ${noun}`);
  return out;
}

function sideBlocks(side: ReportSide, value: SideValue, i: 0 | 1): ReportBlock[] {
  const label = nameText(side.label, `Side ${sideTag(i)}`);
  const armies = side.armies.map((a) => nameText(a)).join(', ');
  const characters = value.characters.reduce((t, c) => t + c.bonus.total, 0);
  const blocks: ReportBlock[] = [
    {
      kind: 'heading',
      text: `Side ${sideTag(i)}: ${label}, ${side.defender ? 'defender' : 'attacker'}`,
    },
    { kind: 'line', text: `Armies: ${armies.length > 2_000 ? `${armies.slice(0, 2_000)}…` : armies}` },
    ...(side.sealed
      ? [
          {
            kind: 'line' as const,
            text: `Plan sealed by ${nameText(side.sealed.by)}, ${side.sealed.when} (commitment #${side.sealed.commitment}), revealed at the roll: ${side.sealed.plan}`,
          },
        ]
      : []),
    {
      kind: 'line',
      text: `Base value ${value.base} (units ${value.unitValue}, characters ${characters})`,
    },
  ];
  // The plan's BV effect is told once, on the Plan line below, not again among the modifiers.
  const modifiers = value.modifiers.filter((m) => m.source !== 'plan');
  if (modifiers.length === 0) blocks.push({ kind: 'line', text: 'Modifiers: none' });
  else {
    blocks.push({ kind: 'line', text: 'Modifiers:' });
    for (const m of modifiers)
      blocks.push({ kind: 'item', text: `${m.group}, ${m.label}: ${figure(m)} (${SOURCES[m.source]})` });
  }
  blocks.push(
    {
      kind: 'line',
      text: `Plan ${value.plan}: ${value.planEffect.kind === 'none' ? 'no effect' : planEffectText(value.planEffect)}`,
    },
    {
      kind: 'line',
      text: `Battle value ${value.battleValue} (percent ${signed(value.percent)}%, points ${signed(value.points)})`,
    },
  );
  return blocks;
}

/** The casualty line of a side: rate from the table row and the plan, points of its units, the winner's floor. */
function casualtyLine(label: string, value: SideValue, result: DecidedResult, i: 0 | 1): string {
  const won = (result.winner === 'A' ? 0 : 1) === i;
  const row = casualtyBand(result.difference);
  const tablePercent = won ? row.winnerPercent : row.loserPercent;
  const c = result.casualties[i];
  const plan = value.cas !== 0 ? `, plan Cas ${signed(value.cas)}%` : '';
  const rate = `${result.rates[i]}% (table row ${row.label}: ${won ? 'winner' : 'loser'} ${tablePercent}%${plan})`;
  const own = casualtyPoints(result.rates[i], value.unitValue);
  const loser = result.casualties[i === 0 ? 1 : 0].points;
  const attrition = winnerMinimum(loser, value.cas).percent;
  const floor =
    won && c.points !== own
      ? ` (${own} raised: the winner loses at least ${attrition}% of the loser's ${loser} pts)`
      : '';
  return `Casualties of ${label}: ${rate} of unit value ${value.unitValue} = ${c.points} pts${floor}, ${c.destroyed} destroyed and ${c.routed} routed`;
}

/** The report of an applied battle, from the Fight apply wrote (its result decided) and the units that fell. */
export function battleReport(battle: AppliedBattle): ReportBlock[] {
  const { fight } = battle;
  const result = fight.result;
  if (result.kind !== 'decided') throw new Error('a battle report needs a decided result');
  const values = [fight.evaluation.a, fight.evaluation.b] as const;
  const labels = ([0, 1] as const).map((i) => nameText(battle.sides[i].label, `Side ${sideTag(i)}`));
  const [la = 'Side A', lb = 'Side B'] = labels;
  const blocks: ReportBlock[] = [
    { kind: 'title', text: `Battle: ${nameText(battle.name, '(no name)')}` },
    ...sideBlocks(battle.sides[0], values[0], 0),
    ...sideBlocks(battle.sides[1], values[1], 1),
    { kind: 'heading', text: 'Rolls' },
  ];
  const rolls = result.rolls.map((pair, n) => {
    const ta = values[0].battleValue + pair[0];
    const tb = values[1].battleValue + pair[1];
    const tie = ta === tb ? ': tie, rolled again' : '';
    return `Roll ${n + 1}: ${la} ${pair[0]} + ${values[0].battleValue} = ${ta}; ${lb} ${pair[1]} + ${values[1].battleValue} = ${tb}${tie}`;
  });
  for (const text of bounded(rolls, 5_000, 'rolls')) blocks.push({ kind: 'item', text });
  if (battle.logged) blocks.push(...loggedBlocks(battle.logged));
  const winner = result.winner === 'A' ? la : lb;
  blocks.push(
    { kind: 'heading', text: 'Result' },
    { kind: 'line', text: `Winner: ${winner}, by ${result.difference}` },
    { kind: 'line', text: casualtyLine(la, values[0], result, 0) },
    { kind: 'line', text: casualtyLine(lb, values[1], result, 1) },
  );
  const fallen = ([0, 1] as const).flatMap((i) =>
    battle.fallen
      .filter((u) => u.side === i)
      .map((u) => `${labels[i]}: ${nameText(u.name)} (${nameText(u.army, 'no army')}), ${u.fate}`),
  );
  blocks.push({ kind: 'heading', text: 'Units that fell' });
  if (fallen.length === 0) blocks.push({ kind: 'line', text: 'None' });
  for (const text of bounded(fallen, LIST_BUDGET, 'units')) blocks.push({ kind: 'item', text });
  return blocks;
}

/** The report of a new round: the units returned to Ready. */
export function newRoundReport(readied: readonly ReadiedUnit[]): ReportBlock[] {
  const items = readied.map((u) => `${nameText(u.name)} (${nameText(u.army, 'no army')})`);
  return [
    { kind: 'title', text: 'New round' },
    { kind: 'heading', text: `Units returned to Ready: ${readied.length}` },
    ...(readied.length === 0 ? [{ kind: 'line', text: 'None' } as const] : []),
    ...bounded(items, LIST_BUDGET, 'units').map((text) => ({ kind: 'item', text }) as const),
  ];
}

// ---- The plain text (the Log's Report cell) and reading it back

const INDENT = '  ';
const BULLET = '  - ';

/** The report as plain text, at most REPORT_MAX characters. */
export function plainReport(blocks: readonly ReportBlock[]): string {
  const lines: string[] = [];
  for (const b of blocks) {
    if (b.kind === 'title') lines.push(b.text);
    else if (b.kind === 'heading') lines.push('', b.text);
    else if (b.kind === 'line') lines.push(INDENT + b.text);
    else lines.push(BULLET + b.text);
  }
  const text = lines.join('\n');
  if (text.length <= REPORT_MAX) return text;
  // The lists are bounded already; this only guards against a report of very many long lines.
  const note = '\n(report cut: too long for one cell)';
  const cut = text.slice(0, REPORT_MAX - note.length);
  return cut.slice(0, Math.max(0, cut.lastIndexOf('\n'))) + note;
}

/** A report's blocks from its plain text (the Log's Report cell); text from elsewhere reads as lines. */
export function readReport(text: string): ReportBlock[] {
  const blocks: ReportBlock[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (line.trim() === '') continue;
    if (blocks.length === 0 && !line.startsWith(' ')) blocks.push({ kind: 'title', text: line });
    else if (line.startsWith(BULLET)) blocks.push({ kind: 'item', text: line.slice(BULLET.length) });
    else if (line.startsWith(INDENT))
      blocks.push({ kind: 'line', text: line.slice(INDENT.length).trimStart() });
    else blocks.push({ kind: 'heading', text: line });
  }
  return blocks;
}

/** The line that says who won: bold in Markdown and BBCode. */
const isWinner = (b: ReportBlock): boolean => b.kind === 'line' && b.text.startsWith('Winner: ');

// ---- Markdown (Discord, Reddit)

/**
 * Text shown as itself in Markdown: every character that could start markup (emphasis, code, links, HTML,
 * tables, spoilers, headings, mentions, entities) behind a backslash, as CommonMark and Discord both read it.
 */
export function escapeMarkdown(text: string): string {
  const escaped = text.replace(/[\\`*_~|<>[\]#@&!]/g, (c) => `\\${c}`);
  // At a line's start a number and a dot (or + and -) would begin a list.
  return escaped.replace(/^(\d+)([.)])/, '$1\\$2').replace(/^([+\-=])/, '\\$1');
}

export function markdownReport(blocks: readonly ReportBlock[]): string {
  const out: string[] = [];
  let inList = false;
  for (const b of blocks) {
    const text = escapeMarkdown(b.text);
    if (b.kind !== 'item' && inList) {
      out.push('');
      inList = false;
    }
    if (b.kind === 'title') out.push(`## ${text}`);
    else if (b.kind === 'heading') out.push(...(out[out.length - 1] === '' ? [] : ['']), `### ${text}`);
    else if (b.kind === 'line') out.push(isWinner(b) ? `**${text}**  ` : `${text}  `);
    else {
      inList = true;
      out.push(`- ${text}`);
    }
  }
  return out.join('\n');
}

// ---- BBCode (forums)

/**
 * Text shown as itself in BBCode: an empty [b][/b] after each `[` keeps it from opening a tag (BBCode has no
 * escape of its own); forums escape HTML themselves.
 */
export const escapeBBCode = (text: string): string => text.replace(/\[/g, '[[b][/b]');

export function bbcodeReport(blocks: readonly ReportBlock[]): string {
  const out: string[] = [];
  let inList = false;
  for (const b of blocks) {
    const text = escapeBBCode(b.text);
    if (b.kind !== 'item' && inList) {
      out.push('[/list]');
      inList = false;
    }
    if (b.kind === 'title') out.push(`[b][u]${text}[/u][/b]`);
    else if (b.kind === 'heading') out.push('', `[b]${text}[/b]`);
    else if (b.kind === 'line') out.push(isWinner(b) ? `[b]${text}[/b]` : text);
    else {
      if (!inList) out.push('[list]');
      inList = true;
      out.push(`[*]${text}`);
    }
  }
  if (inList) out.push('[/list]');
  return out.join('\n');
}

/** The report in a format, from the plain text the Log holds. */
export function reportAs(format: ReportFormat, plain: string): string {
  if (format === 'plain') return plain;
  const blocks = readReport(plain);
  return format === 'markdown' ? markdownReport(blocks) : bbcodeReport(blocks);
}
