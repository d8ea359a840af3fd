// Display of values as Sheets shows them under a number format, and Utilities.formatDate (Java's patterns).

/** What getNumberFormat() answers for a cell nobody formatted. */
export const DEFAULT_NUMBER_FORMAT = '0.###############';

const MS_PER_DAY = 86_400_000;
/** Sheets' day 0 is 1899-12-30. */
const EPOCH_MS = Date.UTC(1899, 11, 30);

export const serialToDate = (serial: number): Date => new Date(EPOCH_MS + Math.round(serial * MS_PER_DAY));
export const dateToSerial = (date: Date): number => (date.getTime() - EPOCH_MS) / MS_PER_DAY;

export const isDateLike = (v: unknown): v is Date => Object.prototype.toString.call(v) === '[object Date]';

/** Whether a number format shows dates or times. */
export function isDateFormat(format: string): boolean {
  const bare = format.replace(/"[^"]*"|\\./g, '').replace(/\[[^\]]*\]/g, '');
  return /[ydhs]/i.test(bare) || /(^|[^0#.,])m/i.test(bare.replace(/am\/pm/i, ''));
}

/** Sheets' automatic display: whole numbers as they are, others to 10 significant digits. */
function automatic(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e15) return String(n);
  if (Math.abs(n) >= 1e15 || (Math.abs(n) < 1e-9 && n !== 0)) {
    return n.toExponential(2).replace('e+', 'E+').replace('e-', 'E-');
  }
  return String(Number(n.toPrecision(10)));
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A numeric format like `0`, `0.0`, `#,##0.00`, `0%`, `0.0%`, `"$"#,##0`, with literals kept. */
function numeric(n: number, section: string): string {
  const percent = section.includes('%');
  const value = percent ? n * 100 : n;
  const core = /[0#?][0#?,]*(?:\.[0#?]*)?/.exec(section.replace(/"[^"]*"|\\./g, (m) => ' '.repeat(m.length)));
  if (!core) return section.replace(/"([^"]*)"/g, '$1').replace(/\\(.)/g, '$1');
  const pattern = core[0];
  const [intPart = '', fracPart = ''] = pattern.split('.');
  const maxDecimals = fracPart.length;
  const minDecimals = (fracPart.match(/0/g) ?? []).length;
  let text = Math.abs(value).toFixed(maxDecimals);
  if (maxDecimals > minDecimals) {
    const [i = '', f = ''] = text.split('.');
    let frac = f;
    while (frac.length > minDecimals && frac.endsWith('0')) frac = frac.slice(0, -1);
    text = frac ? `${i}.${frac}` : i;
  }
  let [whole = '', frac] = text.split('.');
  const minInt = (intPart.match(/0/g) ?? []).length;
  if (minInt === 0 && whole === '0') whole = '';
  if (intPart.includes(',')) whole = groupThousands(whole);
  const digits = frac === undefined ? whole : `${whole}.${frac}`;
  const before = section
    .slice(0, core.index)
    .replace(/"([^"]*)"/g, '$1')
    .replace(/\\(.)/g, '$1');
  const after = section
    .slice(core.index + pattern.length)
    .replace(/"([^"]*)"/g, '$1')
    .replace(/\\(.)/g, '$1');
  return `${before}${digits}${after}`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The name at a 0-based index (a month from getUTCMonth, a day from getUTCDay). */
function nameAt(names: readonly string[], index: number): string {
  const name = names[index];
  if (name === undefined) throw new Error(`No name at index ${index} of ${names.length}`);
  return name;
}
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A Sheets date format (yyyy, mm, m, dd, d, ddd, hh, h, ss, am/pm); `m` after h or before s means minutes. */
function sheetsDate(date: Date, format: string): string {
  const tokens =
    format.match(/"[^"]*"|\\.|yyyy|yy|mmmm|mmm|mm|m|dddd|ddd|dd|d|hh|h|ss|s|am\/pm|a\/p|./gi) ?? [];
  const twelve = tokens.some((t) => /^(am\/pm|a\/p)$/i.test(t));
  const h = date.getUTCHours();
  let out = '';
  tokens.forEach((t, i) => {
    const lower = t.toLowerCase();
    const prev = tokens
      .slice(0, i)
      .reverse()
      .find((x) => /^[hs]/i.test(x) || /^[ymd]/i.test(x));
    const next = tokens.slice(i + 1).find((x) => /^[hsymd]/i.test(x));
    const minutes = /^m{1,2}$/.test(lower) && ((prev && /^h/i.test(prev)) || (next && /^s/i.test(next)));
    if (t.startsWith('"')) out += t.slice(1, -1);
    else if (t.startsWith('\\')) out += t.slice(1);
    else if (lower === 'yyyy') out += date.getUTCFullYear();
    else if (lower === 'yy') out += pad(date.getUTCFullYear() % 100);
    else if (lower === 'mmmm') out += nameAt(MONTHS, date.getUTCMonth());
    else if (lower === 'mmm') out += nameAt(MONTHS, date.getUTCMonth()).slice(0, 3);
    else if (minutes) out += lower === 'mm' ? pad(date.getUTCMinutes()) : date.getUTCMinutes();
    else if (lower === 'mm') out += pad(date.getUTCMonth() + 1);
    else if (lower === 'm') out += date.getUTCMonth() + 1;
    else if (lower === 'dddd') out += nameAt(DAYS, date.getUTCDay());
    else if (lower === 'ddd') out += nameAt(DAYS, date.getUTCDay()).slice(0, 3);
    else if (lower === 'dd') out += pad(date.getUTCDate());
    else if (lower === 'd') out += date.getUTCDate();
    else if (lower === 'hh') out += pad(twelve ? h % 12 || 12 : h);
    else if (lower === 'h') out += twelve ? h % 12 || 12 : h;
    else if (lower === 'ss') out += pad(date.getUTCSeconds());
    else if (lower === 's') out += date.getUTCSeconds();
    else if (lower === 'am/pm') out += h < 12 ? 'AM' : 'PM';
    else if (lower === 'a/p') out += h < 12 ? 'A' : 'P';
    else out += t;
  });
  return out;
}

/** The text Sheets shows for a value under a number format (getDisplayValues). */
export function displayValue(value: unknown, format: string | undefined): string {
  if (value === '' || value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') return value;
  const fmt = format && format !== DEFAULT_NUMBER_FORMAT && format.toLowerCase() !== 'general' ? format : '';
  if (isDateLike(value)) return sheetsDate(value, fmt && isDateFormat(fmt) ? fmt : 'M/d/yyyy H:mm:ss');
  if (typeof value !== 'number') return String(value);
  if (!Number.isFinite(value)) return '#NUM!';
  if (!fmt || fmt === '@') return automatic(value);
  if (isDateFormat(fmt)) return sheetsDate(serialToDate(value), fmt);
  // Sections: positive;negative;zero (a missing one falls back to the first).
  const [positive = '', negative, zero] = fmt.split(';');
  if (value < 0 && negative !== undefined) return numeric(-value, negative);
  if (value === 0 && zero !== undefined) return numeric(0, zero);
  const shown = numeric(value, positive);
  return value < 0 && /[1-9]/.test(shown) ? `-${shown}` : shown;
}

/** Utilities.formatDate: Java SimpleDateFormat patterns in a time zone. */
export function formatDate(date: Date, timeZone: string, pattern: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    weekday: 'long',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const year = Number(get('year'));
  const month = Number(get('month'));
  const day = Number(get('day'));
  const hour = Number(get('hour')) % 24;
  const minute = Number(get('minute'));
  const second = Number(get('second'));
  const weekday = get('weekday');
  const offset = get('timeZoneName').replace('GMT', '') || '+00:00';
  // Quoted text is literal; '' is a quote, inside quoted text as outside ('o''clock' is o'clock).
  const tokens = pattern.match(/'(?:[^']|'')*'|y+|M+|d+|H+|h+|m+|s+|S+|E+|a+|Z+|X+|z+|./g) ?? [];
  return tokens
    .map((t) => {
      const c = t[0];
      const n = t.length;
      switch (c) {
        case "'":
          return t === "''" ? "'" : t.slice(1, -1).replace(/''/g, "'");
        case 'y':
          return n === 2 ? pad(year % 100) : pad(year, n);
        case 'M':
          return n >= 4
            ? nameAt(MONTHS, month - 1)
            : n === 3
              ? nameAt(MONTHS, month - 1).slice(0, 3)
              : pad(month, n);
        case 'd':
          return pad(day, n);
        case 'H':
          return pad(hour, n);
        case 'h':
          return pad(hour % 12 || 12, n);
        case 'm':
          return pad(minute, n);
        case 's':
          return pad(second, n);
        case 'S':
          return pad(date.getUTCMilliseconds(), 3).slice(0, Math.max(n, 3));
        case 'E':
          return n >= 4 ? weekday : weekday.slice(0, 3);
        case 'a':
          return hour < 12 ? 'AM' : 'PM';
        case 'Z':
          return offset.replace(':', '');
        case 'X':
          return offset === '+00:00' ? 'Z' : offset;
        case 'z':
          return offset === '+00:00' ? 'UTC' : `GMT${offset}`;
        default:
          return t;
      }
    })
    .join('');
}

// ---- Dates in the spreadsheet's time zone: a cell holds a wall-clock serial; getValues and custom functions
// get the instant that wall clock shows in the spreadsheet's time zone (midnight there for a date).

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** Milliseconds the time zone's wall clock is ahead of UTC at an instant. */
export function zoneOffset(timeZone: string, instant: number): number {
  let f = offsetFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormats.set(timeZone, f);
  }
  const parts = f.formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes): number => {
    const found = parts.find((x) => x.type === type);
    if (found === undefined) throw new Error(`The time zone ${timeZone} gave no ${type} for ${instant}`);
    return Number(found.value);
  };
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour') % 24,
    part('minute'),
    part('second'),
  );
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/** The instant a cell's serial shows in the time zone. */
export function serialToZonedDate(serial: number, timeZone: string): Date {
  const wall = serialToDate(serial).getTime();
  let instant = wall - zoneOffset(timeZone, wall);
  instant = wall - zoneOffset(timeZone, instant);
  return new Date(instant);
}

/** The serial of the wall clock an instant shows in the time zone. */
export const zonedDateToSerial = (date: Date, timeZone: string): number =>
  dateToSerial(new Date(date.getTime() + zoneOffset(timeZone, date.getTime())));
