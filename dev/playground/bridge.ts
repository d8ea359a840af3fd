// Injected first into every sidebar and dialog (an iframe): google.script.run and google.script.host as
// HtmlService pages have them. A call goes to the playground page (postMessage), which makes one HTTP request
// to the server; the server calls the global function of Code.js. Arguments follow Google's rules: only
// primitives, plain objects and arrays pass (a Date, a function or a class instance goes to the failure
// handler); undefined in an array becomes null and undefined properties are dropped.

import { toTransport } from '../gas/transport';

type Handler = (value: unknown, userObject: unknown) => void;

interface Settings {
  success?: Handler;
  failure?: Handler;
  userObject?: unknown;
}

(() => {
  const pending = new Map<number, Settings>();
  let seq = 0;

  const fail = (settings: Settings, error: Error) => {
    if (settings.failure) settings.failure(error, settings.userObject);
    else console.error(error);
  };

  const runner = (settings: Settings): Record<string, unknown> => {
    const base = {
      withSuccessHandler: (f: Handler) => runner({ ...settings, success: f }),
      withFailureHandler: (f: Handler) => runner({ ...settings, failure: f }),
      withUserObject: (o: unknown) => runner({ ...settings, userObject: o }),
    };
    return new Proxy(base as Record<string, unknown>, {
      get(target, name) {
        if (typeof name !== 'string') return undefined;
        if (name in target) return target[name];
        if (name === 'then') return undefined; // not a promise
        return (...args: unknown[]) => {
          let sent: unknown[];
          try {
            sent = args.map((a, i) => {
              const t = toTransport(a, `argument ${i + 1} of ${name}`);
              return t === undefined ? null : t;
            });
          } catch (e) {
            setTimeout(() => fail(settings, e as Error), 0);
            return;
          }
          const id = ++seq;
          pending.set(id, settings);
          parent.postMessage({ type: 'gas-run', id, fn: name, args: sent }, '*');
        };
      },
    });
  };

  window.addEventListener('message', (event) => {
    if (event.source !== parent) return;
    const data = event.data as { type?: string; id?: number; ok?: boolean; result?: unknown; error?: string };
    if (data?.type !== 'gas-result' || data.id === undefined) return;
    const settings = pending.get(data.id);
    pending.delete(data.id);
    if (!settings) return;
    if (data.ok) settings.success?.(data.result, settings.userObject);
    else fail(settings, new Error(data.error ?? 'Unknown error'));
  });

  const host = {
    close: () => parent.postMessage({ type: 'gas-close' }, '*'),
    setHeight: (height: number) => parent.postMessage({ type: 'gas-size', height }, '*'),
    setWidth: (width: number) => parent.postMessage({ type: 'gas-size', width }, '*'),
    editor: { focus: () => parent.postMessage({ type: 'gas-focus' }, '*') },
    origin: location.origin,
  };

  const w = window as unknown as { google?: Record<string, unknown> };
  w.google = w.google ?? {};
  w.google.script = {
    run: runner({}),
    host,
    url: {
      // A web app's page (web-app.ts) is given its URL's parameters, as Google gives them.
      getLocation: (f: (l: unknown) => void) =>
        f(
          (window as { __gasLocation?: unknown }).__gasLocation ?? {
            hash: '',
            parameter: {},
            parameters: {},
          },
        ),
    },
  };
})();
