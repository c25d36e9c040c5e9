import pg from 'pg';

/**
 * PostgreSQL's text for a `timestamptz`, read into a Date. The service's connections answer in
 * UTC with the ISO style (`2026-11-27 02:31:14.966123+00`); that form is read by position, the
 * milliseconds truncated as pg's own parser does, and any other (another time zone, a year
 * before 1000 or after 9999, BC, infinity) goes to pg's own parser. pg's parser runs three
 * regular expressions per value: a list of fifty requests reads about four hundred timestamps,
 * and they were a tenth of the server's time on it (bench/README.md, "Request reads").
 */
const pgParser = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (text: string) => Date;

const DIGIT_0 = 48;
const DIGIT_9 = 57;

/** The number written in text[from, to), or -1 when one of its characters is not a digit. */
function digits(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c < DIGIT_0 || c > DIGIT_9) return -1;
    value = value * 10 + (c - DIGIT_0);
  }
  return value;
}

export function parseTimestamptz(text: string): Date {
  const end = text.length - 3;
  if (
    end < 19 ||
    text.charCodeAt(4) !== 45 /* - */ ||
    text.charCodeAt(7) !== 45 ||
    text.charCodeAt(10) !== 32 /* space */ ||
    text.charCodeAt(13) !== 58 /* : */ ||
    text.charCodeAt(16) !== 58 ||
    text.slice(end) !== '+00'
  )
    return pgParser(text);
  let ms = 0;
  if (end > 19) {
    // A fraction of one to six digits after the dot: its first three are the milliseconds.
    if (text.charCodeAt(19) !== 46 /* . */ || end - 20 < 1 || end - 20 > 6) return pgParser(text);
    const fraction = digits(text, 20, end);
    if (fraction < 0) return pgParser(text);
    ms = Math.trunc(fraction / 10 ** (end - 20 - 3));
  }
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 7);
  const day = digits(text, 8, 10);
  const hour = digits(text, 11, 13);
  const minute = digits(text, 14, 16);
  const second = digits(text, 17, 19);
  if (year < 1000 || month < 1 || day < 1 || hour < 0 || minute < 0 || second < 0) return pgParser(text);
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms));
}
