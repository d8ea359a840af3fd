import { describe, expect, it } from 'vitest';
import { type SidebarFunction, sidebarFunctions } from '../../src/contract/api';
import { answerInPage, type ScriptRun, serverApi } from '../../src/sidebar/server';

/** A google.script.run stand-in: answers each server function with `answer`, or fails. */
function fakeRun(answer: (name: string, args: unknown[]) => unknown, fail?: unknown) {
  const calls: { name: string; args: unknown[] }[] = [];
  const run = (): ScriptRun => {
    let ok: (v: unknown) => void = () => {};
    let ko: (e: unknown) => void = () => {};
    const serverFunction =
      (name: SidebarFunction) =>
      (...args: unknown[]) => {
        calls.push({ name, args });
        queueMicrotask(() => (fail === undefined ? ok(answer(name, args)) : ko(fail)));
      };
    // The server functions are added from the list below: the cast covers only until then.
    const runner = {
      withSuccessHandler(h) {
        ok = h;
        return runner;
      },
      withFailureHandler(h) {
        ko = h;
        return runner;
      },
    } as ScriptRun;
    for (const name of sidebarFunctions()) Object.assign(runner, { [name]: serverFunction(name) });
    return runner;
  };
  return { run, calls };
}

describe('the typed client of google.script.run', () => {
  it('has one promise-returning function per server function, calling it by name with its arguments', async () => {
    const { run, calls } = fakeRun((name) => ({ ok: true, name }));
    const server = serverApi(run);
    expect(Object.keys(server)).toEqual(sidebarFunctions());
    const request = { entry: 'e-1' };
    await expect(server.sidebarUndo(request)).resolves.toEqual({ ok: true, name: 'sidebarUndo' });
    expect(calls).toEqual([{ name: 'sidebarUndo', args: [request] }]);
  });

  it('calls each function of the list by its own name', async () => {
    const { run, calls } = fakeRun((name) => ({ ok: true, name }));
    const server = serverApi(run);
    for (const name of sidebarFunctions()) {
      // Any request will do: google.script.run carries it as it is, and the server parses it.
      const call = server[name] as (request: unknown) => Promise<unknown>;
      await expect(call({ n: name })).resolves.toEqual({ ok: true, name });
    }
    expect(calls).toEqual(sidebarFunctions().map((name) => ({ name, args: [{ n: name }] })));
  });

  it('rejects with an Error when the call fails in transport', async () => {
    const { run } = fakeRun(() => null, { message: 'Exceeded maximum execution time' });
    await expect(serverApi(run).sidebarLoad()).rejects.toThrow('Exceeded maximum execution time');
  });

  it('each call takes a fresh runner (handlers never leak between calls)', async () => {
    let runners = 0;
    const { run } = fakeRun((name) => name);
    const counting = () => {
      runners++;
      return run();
    };
    const server = serverApi(counting);
    await Promise.all([server.sidebarLoad(), server.sidebarUndo({ entry: 'e-1' })]);
    expect(runners).toBe(2);
  });
});

describe('the load answer the page came with', () => {
  const page = (text: string | null) =>
    ({
      getElementById: (id: string) => (id === 'load-answer' && text !== null ? { textContent: text } : null),
    }) as unknown as Document;

  it('is the JSON of the load-answer element, escapes undone', () => {
    expect(answerInPage(page('{"ok":false,"code":"setup","message":"\\u003c!--","campaign":null}'))).toEqual({
      ok: false,
      code: 'setup',
      message: '<!--',
      campaign: null,
    });
  });

  it('is null when the page holds none, or holds what is not JSON: the sidebar then loads', () => {
    expect(answerInPage(page('null'))).toBeNull();
    expect(answerInPage(page(null))).toBeNull();
    expect(answerInPage(page('{"ok":tru'))).toBeNull();
  });
});
