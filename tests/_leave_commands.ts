/**
 * The words of the leave commands several tests run, so that each test states only what differs: the
 * person, the type, the year, the days and the note of a correction.
 */

/** `leave adjust`: a correction of a person's days of a leave type in a year, with its note. */
export function adjustWords(pn: string, type: string, year: string, days: string, note: string): string[] {
  return [
    "leave",
    "adjust",
    "--employee",
    pn,
    "--type",
    type,
    "--year",
    year,
    "--days",
    days,
    "--note",
    note,
  ];
}
