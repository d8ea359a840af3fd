// google.script.run's rules for what may cross between a page and the server (the playground's bridge and
// server both apply them).
import { describe, expect, it } from 'vitest';
import { isPlainObject, toTransport } from '../../../dev/gas/transport';

describe('toTransport', () => {
  it('passes primitives, plain objects and arrays; nulls undefined in arrays; drops undefined properties', () => {
    expect(toTransport({ a: 1, b: undefined, c: [1, undefined, 'x'], d: { e: null } })).toEqual({
      a: 1,
      c: [1, null, 'x'],
      d: { e: null },
    });
    expect(toTransport(undefined)).toBeUndefined();
    expect(toTransport([Number.NaN, Number.POSITIVE_INFINITY, -0.5])).toEqual([null, null, -0.5]);
  });

  it.each([
    [{ when: new Date(0) }, 'value.when is a Date'],
    [[1, () => 2], 'value[1] is a function'],
    [{ x: new Map() }, 'value.x is an object of class Map'],
    [{ deep: [{ at: new Set() }] }, 'value.deep[0].at is an object of class Set'],
  ])('refuses %j, naming where: %s', (value, where) => {
    expect(() => toTransport(value)).toThrow(
      `${where}: google.script.run carries only primitives, plain objects and arrays (send dates as strings or numbers)`,
    );
  });

  it('names the path it is given', () => {
    expect(() => toTransport([new Date(0)], 'argument')).toThrow(/^argument\[0\] is a Date/);
  });
});

describe('isPlainObject', () => {
  class Army {}
  it.each([
    [{}, true],
    [Object.create(null), true],
    [{ a: 1 }, true],
    [new Army(), false],
    [[], false],
    [new Date(0), false],
    [null, false],
    ['text', false],
  ])('%j: %s', (value, plain) => {
    expect(isPlainObject(value)).toBe(plain);
  });
});
