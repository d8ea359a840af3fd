// The script's web app as Google serves it (a player page): GET /exec?k=KEY runs doGet as the web app runs
// (dev/gas/web-app.ts: executing as the owner who deployed it) and sends a page that holds doGet's HtmlOutput in
// a frame, as Google's own page does; the frame's google.script.run calls come back as POST /api/webapp, each
// one execution of the web app. Any global of the script may be called so, as Google lets a page call any but a
// private one (a name ending in _; HTML Service: Communicate with Server Functions): the page itself calls only
// pageAction, and every other global must refuse there (test/sheets/server/page-server.test.ts tries each).
import { messageOf, toTransport } from '../gas';
import { withBridge } from './cell-html';
import { TurnedDown } from './guard';
import type { OpenWorkbook } from './opening';

/** The path Google serves a deployed web app at (its URL ends /exec). */
export const WEB_APP_PATH = '/exec';

/** The page Google sends for a web app: doGet's output in a frame, its calls carried to POST /api/webapp. */
export function webAppPage(open: OpenWorkbook, bridge: string, parameter: Record<string, string>): string {
  let content: string;
  let title = 'Warcard';
  try {
    const output = open.env.runWebApp<{ getContent(): string; getTitle?(): string }>('doGet', {
      parameter,
      parameters: Object.fromEntries(Object.entries(parameter).map(([k, v]) => [k, [v]])),
    });
    content = output.getContent();
    title = output.getTitle?.() || title;
  } catch (e) {
    content = `<p>Script error: ${messageOf(e).replace(/[<&]/g, (c) => (c === '<' ? '&lt;' : '&amp;'))}</p>`;
  } finally {
    open.persist();
    open.forget();
  }
  const location = `<script>window.__gasLocation=${JSON.stringify({ hash: '', parameter, parameters: {} }).replace(/</g, '\\u003c')};</script>`;
  const frame = withBridge(content, bridge).replace(/<head[^>]*>/i, (m) => m + location);
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title.replace(/</g, '&lt;')}</title><style>html,body{margin:0;height:100%}iframe{border:0;display:block;width:100%;height:100%}</style></head><body><iframe id="web-app" title="${title.replace(/"/g, '&quot;')}" sandbox="allow-scripts allow-forms allow-modals allow-popups"></iframe><script>
var frame = document.getElementById('web-app');
frame.srcdoc = ${JSON.stringify(frame).replace(/</g, '\\u003c')};
window.addEventListener('message', function (event) {
  var data = event.data;
  if (event.source !== frame.contentWindow || !data || data.type !== 'gas-run') return;
  fetch('/api/webapp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fn: data.fn, args: data.args || [] }) })
    .then(function (r) { return r.json(); })
    .then(function (a) { frame.contentWindow.postMessage({ type: 'gas-result', id: data.id, ok: a.ok, result: a.result, error: a.error }, '*'); })
    .catch(function (e) { frame.contentWindow.postMessage({ type: 'gas-result', id: data.id, ok: false, error: String(e) }, '*'); });
});
</script></body></html>`;
}

/** A player page's google.script.run call: one execution of the web app. */
export function webAppRun(
  open: OpenWorkbook,
  body: unknown,
): { ok: boolean; result?: unknown; error?: string } {
  const b = (typeof body === 'object' && body !== null ? body : {}) as { fn?: unknown; args?: unknown };
  if (typeof b.fn !== 'string' || b.fn.endsWith('_') || !open.env.has(b.fn)) {
    throw new TurnedDown(404, `Script function not found: ${String(b.fn)}`);
  }
  if (!Array.isArray(b.args)) throw new TurnedDown(400, 'args must be an array');
  let args: unknown[];
  try {
    args = b.args.map((a, i) => toTransport(a, `argument[${i}]`) ?? null);
  } catch (e) {
    throw new TurnedDown(400, messageOf(e));
  }
  try {
    return { ok: true, result: toTransport(open.env.runWebApp(b.fn, ...args), 'result') };
  } catch (e) {
    return { ok: false, error: messageOf(e) };
  } finally {
    open.persist();
    open.env.workbook.recalculate();
    open.forget();
  }
}
