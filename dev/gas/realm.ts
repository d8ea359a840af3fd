// Apps Script runs the product in one JavaScript realm. Code.js runs in a node:vm context (its own realm), so
// arrays, Dates and Errors the emulation hands it are made in that realm: `x instanceof Array`, `instanceof
// Date` and `instanceof Error` then hold inside Code.js as they do on Google's servers.
import vm from 'node:vm';

export interface Realm {
  /** A deep copy made of the realm's own arrays, plain objects and Dates (other objects are kept as they are). */
  clone<T>(value: T): T;
  /** An Error of the realm. */
  error(message: string): Error;
}

/** The host realm: values are already native here. */
export const HOST_REALM: Realm = {
  clone: <T>(value: T) => value,
  error: (message) => new Error(message),
};

// Compiled inside the context, so every object it makes belongs to that realm. An expression: it defines no global.
const REALM_SOURCE = `(function () {
  var toString = Object.prototype.toString;
  function isPlain(v) {
    if (toString.call(v) !== '[object Object]') return false;
    var proto = Object.getPrototypeOf(v);
    return proto === null || Object.getPrototypeOf(proto) === null;
  }
  function clone(v) {
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) {
      var out = new Array(v.length);
      for (var i = 0; i < v.length; i++) out[i] = clone(v[i]);
      return out;
    }
    if (toString.call(v) === '[object Date]') return new Date(v.getTime());
    if (isPlain(v)) {
      var o = {};
      var keys = Object.keys(v);
      // Defined, not assigned: a key such as "__proto__" stays a key, as JSON carries it.
      for (var k = 0; k < keys.length; k++)
        Object.defineProperty(o, keys[k], { value: clone(v[keys[k]]), enumerable: true, writable: true, configurable: true });
      return o;
    }
    return v;
  }
  return { clone: clone, error: function (message) { return new Error(message); } };
})()`;

export function contextRealm(context: vm.Context): Realm {
  return vm.runInContext(REALM_SOURCE, context) as Realm;
}

export { isPlainObject } from './transport';

/** An Error from any realm: its message, or the thrown value as text. */
export function messageOf(e: unknown): string {
  if (e && typeof e === 'object' && 'message' in e) return String((e as { message: unknown }).message);
  return String(e);
}
