// Values as Sheets shows them under a number format, Utilities.formatDate's Java patterns, and dates in the
// spreadsheet's time zone.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NUMBER_FORMAT,
  dateToSerial,
  displayValue,
  formatDate,
  isDateFormat,
  serialToDate,
  serialToZonedDate,
  zonedDateToSerial,
  zoneOffset,
} from '../../../dev/gas/format';

const HOUR = 3_600_000;

describe('displayValue', () => {
  it.each([
    [1234.5, '#,##0.00', '1,234.50'],
    [1234567, '#,##0', '1,234,567'],
    [0.256, '0.0%', '25.6%'],
    [0.5, '0%', '50%'],
    [3, '"$"#,##0', '$3'],
    [2.5, '0.0#', '2.5'],
    [2.567, '0.0#', '2.57'],
    [0.5, '#.00', '.50'],
    [-1.5, '0.0', '-1.5'],
    [-5, '0;(0)', '(5)'],
    [0, '0;-0;"none"', 'none'],
    [7, '0 "men"', '7 men'],
    [1 / 3, DEFAULT_NUMBER_FORMAT, '0.3333333333'],
    [42, undefined, '42'],
    [123456789012, 'General', '123456789012'],
    [1e15, undefined, '1.00E+15'],
    [1e-10, undefined, '1.00E-10'],
    [12.5, '@', '12.5'],
    [Number.NaN, '0.00', '#NUM!'],
    [Number.POSITIVE_INFINITY, undefined, '#NUM!'],
  ])('%d under %j shows %j', (value, format, shown) => {
    expect(displayValue(value, format)).toBe(shown);
  });

  it.each([
    [true, 'TRUE'],
    [false, 'FALSE'],
    ['Guards', 'Guards'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%j shows %j whatever the format', (value, shown) => {
    expect(displayValue(value, '0.00')).toBe(shown);
  });

  const friday = new Date(Date.UTC(2024, 0, 5, 13, 4, 5));
  it.each([
    ['M/d/yyyy', '1/5/2024'],
    ['yyyy-mm-dd hh:mm', '2024-01-05 13:04'],
    ['mmm d, yyyy', 'Jan 5, 2024'],
    ['mmmm', 'January'],
    ['dddd', 'Friday'],
    ['ddd dd/mm/yy', 'Fri 05/01/24'],
    ['h:mm am/pm', '1:04 PM'],
    ['hh:mm:ss', '13:04:05'],
    ['"day" d', 'day 5'],
    [undefined, '1/5/2024 13:04:05'],
  ])('a date under %j shows %j (its wall clock read as UTC)', (format, shown) => {
    expect(displayValue(friday, format)).toBe(shown);
  });

  it('shows a number under a date format as the date of its serial', () => {
    expect(displayValue(45000, 'M/d/yyyy')).toBe('3/15/2023');
    expect(displayValue(45000.75, 'h:mm')).toBe('18:00');
  });
});

describe('isDateFormat', () => {
  it.each([
    ['M/d/yyyy', true],
    ['h:mm', true],
    ['mmm d', true],
    ['ss', true],
    ['0.00', false],
    ['#,##0', false],
    ['0%', false],
    ['"days" 0', false],
    ['[Red]0', false],
    ['@', false],
  ])('%j: %s', (format, isDate) => {
    expect(isDateFormat(format)).toBe(isDate);
  });
});

describe('formatDate (Utilities.formatDate)', () => {
  const instant = new Date(Date.UTC(2024, 0, 5, 13, 4, 5, 6));
  it.each([
    ['Etc/UTC', 'yyyy-MM-dd HH:mm:ss', '2024-01-05 13:04:05'],
    ['Asia/Tokyo', "yyyy-MM-dd'T'HH:mm:ss.SSS Z", '2024-01-05T22:04:05.006 +0900'],
    ['Asia/Tokyo', 'EEE, MMM d', 'Fri, Jan 5'],
    ['Asia/Tokyo', 'EEEE MMMM', 'Friday January'],
    ['Asia/Tokyo', 'hh a', '10 PM'],
    ['Asia/Tokyo', 'X z', '+09:00 GMT+09:00'],
    ['Etc/UTC', 'X z', 'Z UTC'],
    ['America/New_York', "yy/M/d h:mm a 'o''clock'", "24/1/5 8:04 AM o'clock"],
  ])('in %s, %j gives %j', (zone, pattern, text) => {
    expect(formatDate(instant, zone, pattern)).toBe(text);
  });
});

describe('dates in the spreadsheet’s time zone', () => {
  it('knows each zone’s offset, daylight saving included', () => {
    expect(zoneOffset('Asia/Tokyo', Date.UTC(2024, 0, 5))).toBe(9 * HOUR);
    expect(zoneOffset('America/New_York', Date.UTC(2024, 0, 5))).toBe(-5 * HOUR);
    expect(zoneOffset('America/New_York', Date.UTC(2024, 6, 5))).toBe(-4 * HOUR);
    expect(zoneOffset('Etc/UTC', Date.UTC(2024, 6, 5, 12, 0, 0, 500))).toBe(0);
  });

  it('a cell’s serial is the instant its wall clock shows there: midnight in Tokyo for a date', () => {
    expect(serialToDate(45000).toISOString()).toBe('2023-03-15T00:00:00.000Z');
    expect(dateToSerial(new Date('2023-03-15T12:00:00Z'))).toBe(45000.5);
    expect(serialToZonedDate(45000, 'Asia/Tokyo').toISOString()).toBe('2023-03-14T15:00:00.000Z');
    expect(zonedDateToSerial(new Date('2023-03-14T15:00:00Z'), 'Asia/Tokyo')).toBe(45000);
  });

  it('a serial and its zoned instant are inverse, whole seconds, in any of these zones', () => {
    const zones = ['Etc/UTC', 'Asia/Tokyo', 'America/New_York', 'Australia/Adelaide'];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 80_000 * 86_400 }),
        fc.constantFrom(...zones),
        (seconds, zone) => {
          const serial = seconds / 86_400;
          return Math.abs(zonedDateToSerial(serialToZonedDate(serial, zone), zone) - serial) < 1e-9;
        },
      ),
    );
  });
});
