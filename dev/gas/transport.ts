// google.script.run's rules for what may cross between a page and the server. No Node API: the playground's
// bridge, which runs in the page, bundles this file too.

/** A plain object (no class instance, no Date), from any realm. */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (Object.prototype.toString.call(v) !== '[object Object]') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/**
 * Checks a value against google.script.run's rules (primitives, plain objects and arrays only) and returns it
 * as it arrives on the other side: undefined in arrays becomes null, undefined properties are dropped.
 * Throws an Error naming the path of a value that may not pass (a Date, a function, a class instance).
 */
export function toTransport(value: unknown, path = 'value'): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value === undefined) return undefined;
  if (Array.isArray(value)) {
    return value.map((v, i) => {
      const out = toTransport(v, `${path}[${i}]`);
      return out === undefined ? null : out;
    });
  }
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const t = toTransport(v, `${path}.${k}`);
      // Defined, not assigned: a key such as "__proto__" arrives as a key, as JSON carries it.
      if (t !== undefined)
        Object.defineProperty(out, k, { value: t, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  const kind =
    typeof value === 'function'
      ? 'a function'
      : Object.prototype.toString.call(value) === '[object Date]'
        ? 'a Date'
        : `an object of class ${(value as object).constructor?.name ?? 'unknown'}`;
  throw new Error(
    `${path} is ${kind}: google.script.run carries only primitives, plain objects and arrays (send dates as strings or numbers)`,
  );
}
