// The playground page's requests to its server: one at a time, in the order made, so each is carried out on
// what those before it left. Typed cells go in batches: every cell typed while a request is on its way joins one
// request, sent when that answer comes, so the queue never outgrows a request however fast one types or slowly
// the server answers. The status says how many edits wait; a page closing with edits waiting warns first, and
// whatever was typed and not yet sent goes in one last request that outlives the page (fetch's keepalive).
import { dom } from './client-dom';
import type { Answer, EditRequest, ViewRequest } from './protocol';

/** Requests made and not yet answered (queued or on their way). */
let requests = 0;
/** Cells typed and not yet answered: queued, on their way, or sent as the page closed. */
let waiting = 0;
/** The last request queued: the next waits for it. */
let queue: Promise<unknown> = Promise.resolve();
/** The batch at the queue's tail, not sent yet: a cell typed now joins it. */
let open: EditRequest[] | null = null;
/** What a keepalive request may carry: the browser allows 64 KB in flight for all of them together. */
const KEEPALIVE_BYTES = 16_000;
/** Batches queued and not sent yet, in the order typed. */
const unsent: EditRequest[][] = [];

function showStatus(): void {
  dom.status.textContent =
    waiting > 0 ? `${waiting} edit${waiting === 1 ? '' : 's'} waiting` : requests > 0 ? 'Working…' : 'Saved';
}

/** Whether typed cells wait for an answer: leaving the page now asks first. */
export const editsWaiting = (): boolean => waiting > 0;

/** Whether requests wait for their answers: an answer drawn now would be older than what was asked since. */
export const busy = (): boolean => requests > 0;

/** One request, sent once those made before it are answered; a refused one (4xx, an error alone) throws its error. */
export function request(path: string, body?: unknown): Promise<Answer> {
  open = null; // cells typed after this request go after it
  return enqueue(() => send(path, body));
}

/** Runs `carry` once every request queued before is answered. */
function enqueue<T>(carry: () => Promise<T>): Promise<T> {
  requests++;
  showStatus();
  const turn = queue.then(carry);
  queue = turn.catch(() => undefined);
  return turn;
}

/** Sends a request; one carrying a batch of edits counts them answered when it is. */
async function send(path: string, body: unknown, edits?: EditRequest[]): Promise<Answer> {
  try {
    const text = body === undefined ? '' : JSON.stringify(body);
    // A batch of typed cells outlives the page (keepalive), as the last one does: a tab closed while it is on its way
    // would otherwise cancel it, and its cells were lost (the browser's keepalive allows 64 KB in flight).
    const keepalive = edits !== undefined && text.length < KEEPALIVE_BYTES;
    const res = await fetch(
      path,
      body === undefined
        ? {}
        : { method: 'POST', keepalive, headers: { 'content-type': 'application/json' }, body: text },
    );
    const answer = (await res.json()) as Answer;
    if (!answer.state) throw new Error(answer.error ?? `HTTP ${res.status}`);
    return answer;
  } finally {
    requests--;
    waiting -= edits?.length ?? 0;
    showStatus();
  }
}

/**
 * Queues a typed cell: it joins the batch not sent yet, or starts one. Resolves with the batch's answer when it
 * started one (null when its batch went as the page closed); undefined when it joined one, whose first edit
 * shows the answer.
 */
export function queueEdit(edit: EditRequest, view: () => ViewRequest): Promise<Answer | null> | undefined {
  waiting++;
  if (open) {
    open.push(edit);
    showStatus();
    return undefined;
  }
  const batch = [edit];
  const turn = enqueue(async () => {
    take(batch);
    if (batch.length > 0) return send('/api/edit', { view: view(), edits: batch }, batch);
    // Sent as the page closed (sendUnsent): nothing left to send.
    requests--;
    showStatus();
    return null;
  });
  open = batch;
  unsent.push(batch);
  return turn;
}

/** A batch leaves the queue's list as it is sent: no edit may join it from now on. */
function take(batch: EditRequest[]): void {
  if (open === batch) open = null;
  const i = unsent.indexOf(batch);
  if (i >= 0) unsent.splice(i, 1);
}

/**
 * The page is closing: every cell typed and not sent goes now, in one request that outlives the page (keepalive),
 * in the order typed. The server carries requests out in the order they arrive, so it follows the one on its way.
 */
export function sendUnsent(view: ViewRequest): void {
  const edits = unsent.flat();
  if (edits.length === 0) return;
  for (const batch of unsent.splice(0)) batch.length = 0;
  open = null;
  waiting -= edits.length;
  void fetch('/api/edit', {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ view, edits }),
  }).catch(() => undefined);
}
