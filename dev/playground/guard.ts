// What the playground's server lets in. It can change the campaign, so it answers its own page only: another
// site's page (a foreign Origin, or a DNS-rebinding name in Host) is refused, and every body must be the JSON
// the protocol describes, within bounds, before anything runs.
import type { IncomingMessage } from 'node:http';
import { isPlainObject } from '../gas/transport';
import type { EditRequest, EditsRequest, RowsRequest, RunRequest, ViewRequest } from './protocol';

/** A request the server turns down: its HTTP status and the error the JSON answer carries. */
export class TurnedDown extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'TurnedDown';
  }
}

/** Bodies past this size are refused unread (a sidebar's request is a few KB; a cell at most 50,000 characters). */
export const MAX_BODY_BYTES = 1_000_000;
/** A cell holds at most 50,000 characters, in Sheets as here. */
export const MAX_CELL_CHARS = 50_000;

/** The names a request may use for the playground: Host values (name:port) and the page's origins. */
export interface Own {
  hosts: ReadonlySet<string>;
  origins: ReadonlySet<string>;
}

export function ownNames(host: string, port: number): Own {
  const names = new Set(['127.0.0.1', 'localhost', host.includes(':') ? `[${host}]` : host].map(lower));
  const hosts = new Set([...names].map((n) => `${n}:${port}`));
  return { hosts, origins: new Set([...hosts].map((h) => `http://${h}`)) };
}

const lower = (s: string) => s.toLowerCase();

/**
 * Refuses (403) a request that is not the playground page's own: a Host other than the playground's (a
 * rebinding page reaches us under its own name), an Origin of another site or `null`, and for the API a
 * browser's word that the request comes from another site.
 */
export function checkCaller(req: IncomingMessage, own: Own, api: boolean): void {
  const host = lower(req.headers.host ?? '');
  if (!own.hosts.has(host)) {
    throw new TurnedDown(
      403,
      `Host "${host}" is not this playground: open it at http://${[...own.hosts][0]}/ (other names are refused)`,
    );
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !own.origins.has(lower(origin))) {
    throw new TurnedDown(
      403,
      `Requests from ${origin} are refused: only the playground's own page may call it`,
    );
  }
  const site = req.headers['sec-fetch-site'];
  if (api && site !== undefined && site !== 'same-origin' && site !== 'none') {
    throw new TurnedDown(403, `A ${site} request is refused: only the playground's own page may call it`);
  }
}

/** Past this the connection is cut rather than read to its end. */
const MAX_DRAINED_BYTES = 64 * MAX_BODY_BYTES;

/**
 * The request's JSON body: 400 when it is not JSON; 413 past MAX_BODY_BYTES, kept in memory no further (the
 * rest is read and dropped so that the client gets the answer, up to MAX_DRAINED_BYTES).
 */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk as Buffer);
    else if (size > MAX_DRAINED_BYTES) break; // leaving the loop destroys the request
  }
  if (size > MAX_BODY_BYTES) {
    throw new TurnedDown(413, `The body is ${size} bytes: the playground takes at most ${MAX_BODY_BYTES}`);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new TurnedDown(400, `The body must be JSON: ${(e as Error).message}`);
  }
}

const bad = (message: string) => new TurnedDown(400, message);

function objectBody(body: unknown, what: string): Record<string, unknown> {
  if (!isPlainObject(body)) throw bad(`The body must be a JSON object (${what}), not ${kind(body)}`);
  return body;
}

const kind = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : typeof v;

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1;

/** A view as a body gives it: an optional sheet name and a row count from 1 (bounds: see the server). */
export function viewOf(value: unknown): ViewRequest | undefined {
  if (value === undefined) return undefined;
  const v = objectBody(value, 'view: { sheet?, rows? }');
  if (v.sheet !== undefined && typeof v.sheet !== 'string') throw bad(`view.sheet must be a sheet name`);
  if (v.rows !== undefined && !isCount(v.rows)) throw bad(`view.rows must be a whole number from 1`);
  return { sheet: v.sheet as string | undefined, rows: v.rows as number | undefined };
}

/** The view of GET /api/state?sheet=...&rows=...: rows as digits only (not 1e8, not 0x10). */
export function viewOfQuery(params: URLSearchParams): ViewRequest {
  const rows = params.get('rows');
  if (rows !== null && !/^[1-9]\d{0,8}$/.test(rows))
    throw bad(`rows must be a whole number from 1 (got "${rows}")`);
  return { sheet: params.get('sheet') ?? undefined, rows: rows === null ? undefined : Number(rows) };
}

export function runRequestOf(body: unknown): RunRequest {
  const b = objectBody(body, '{ fn, args, view? }');
  if (typeof b.fn !== 'string' || b.fn === '') throw bad('fn must be the name of a script function');
  if (b.args !== undefined && !Array.isArray(b.args)) throw bad('args must be an array');
  return { fn: b.fn, args: (b.args as unknown[] | undefined) ?? [], view: viewOf(b.view) };
}

export function editRequestOf(body: unknown): EditRequest {
  const b = objectBody(body, '{ sheet, row, col, input, view? }');
  if (typeof b.sheet !== 'string') throw bad('sheet must be a sheet name');
  if (!isCount(b.row) || !isCount(b.col)) throw bad('row and col must be whole numbers from 1');
  if (typeof b.input !== 'string' && typeof b.input !== 'boolean') {
    throw bad('input must be the text typed (a string) or a checkbox state (true or false)');
  }
  if (typeof b.input === 'string' && b.input.length > MAX_CELL_CHARS) {
    throw bad(`A cell holds at most ${MAX_CELL_CHARS} characters (got ${b.input.length})`);
  }
  if (b.confirmed !== undefined && typeof b.confirmed !== 'boolean') {
    throw bad("confirmed must be true or false (whether the person answered OK to Sheets' warning)");
  }
  const edit: EditRequest = {
    sheet: b.sheet,
    row: b.row,
    col: b.col,
    input: b.input,
    view: viewOf(b.view) ?? {},
  };
  if (b.confirmed === true) edit.confirmed = true;
  return edit;
}

/**
 * POST /api/edit: the cells typed since the page's last answer, `{ edits: [...], view? }` in the order typed,
 * or one cell's edit alone (`{ sheet, row, col, input, view? }`). An edit of the list that is not one is refused
 * by its place, before any is applied.
 */
export function editsRequestOf(body: unknown): EditsRequest {
  const b = objectBody(body, '{ edits, view? } or { sheet, row, col, input, view? }');
  if (!('edits' in b)) {
    const edit = editRequestOf(b);
    return { view: edit.view, edits: [edit] };
  }
  if (!Array.isArray(b.edits) || b.edits.length === 0) throw bad('edits must be a list of one edit or more');
  const edits = b.edits.map((e: unknown, i) => {
    try {
      return editRequestOf(e);
    } catch (error) {
      throw error instanceof TurnedDown ? bad(`edits[${i}]: ${error.message}`) : error;
    }
  });
  return { view: viewOf(b.view), edits };
}

export function rowsRequestOf(body: unknown): RowsRequest {
  const b = objectBody(body, '{ sheet, row, op, view? }');
  if (typeof b.sheet !== 'string') throw bad('sheet must be a sheet name');
  if (!isCount(b.row)) throw bad('row must be a whole number from 1');
  if (b.op !== 'insertAbove' && b.op !== 'insertBelow' && b.op !== 'delete') {
    throw bad('op must be "insertAbove", "insertBelow" or "delete"');
  }
  return { sheet: b.sheet, row: b.row, op: b.op, view: viewOf(b.view) };
}

/** The person the page acts as from now on: an email. */
export function actRequestOf(body: unknown): { email: string; view?: ViewRequest } {
  const b = objectBody(body, '{ email, view? }');
  if (typeof b.email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(b.email.trim()) || b.email.length > 320) {
    throw bad('email must be an email address, such as elin@example.com');
  }
  return { email: b.email.trim(), view: viewOf(b.view) };
}

export function closeRequestOf(body: unknown): { which: 'sidebar' | 'dialog'; view?: ViewRequest } {
  const b = objectBody(body, '{ which, view? }');
  if (b.which !== 'sidebar' && b.which !== 'dialog') throw bad('which must be "sidebar" or "dialog"');
  return { which: b.which, view: viewOf(b.view) };
}
