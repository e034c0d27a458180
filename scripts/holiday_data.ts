/**
 * Writes `src/domain/holidays_ch.json`: Switzerland's part of date-holidays' data (its `CH` rules and the
 * names they use), which the service evaluates with date-holidays' own parser (`date-holidays-parser`, the
 * package's documented way to use a reduced data set: its README, "Custom builds of holidays.json").
 * Loading the whole data (every country, 0.8 MB of code) costs each process about 30 ms for nothing.
 * The data is date-holidays' (CC BY-SA 3.0, https://github.com/commenthol/date-holidays); the extract keeps
 * its version and licence. `deno task holidays` after an upgrade of date-holidays; with `--check` it only
 * compares (tests/domain/holiday_data_test.ts fails while the committed extract differs from the package's).
 */
import { data } from "date-holidays/data";

interface HolidayData {
  version: string;
  license: string;
  holidays: Record<string, unknown>;
  names: Record<string, unknown>;
}

/** The extract as it should be, from the installed date-holidays. */
export function swissHolidayData(): HolidayData {
  const all = data as unknown as HolidayData;
  const ch = all.holidays.CH;
  const used = new Set<string>();
  const walk = (o: unknown) => {
    if (!o || typeof o !== "object") return;
    for (const [k, v] of Object.entries(o)) {
      if (k === "_name" && typeof v === "string") used.add(v);
      walk(v);
    }
  };
  walk(ch);
  const names = Object.fromEntries(
    [...used].sort().filter((n) => n in all.names).map((n) => [n, all.names[n]]),
  );
  return { version: all.version, license: all.license, holidays: { CH: ch }, names };
}

export const EXTRACT = new URL("../src/domain/holidays_ch.json", import.meta.url);

if (import.meta.main) {
  const text = JSON.stringify(swissHolidayData(), null, 2) + "\n";
  if (Deno.args.includes("--check")) {
    const current = await Deno.readTextFile(EXTRACT).catch(() => "");
    if (current !== text) {
      console.error("src/domain/holidays_ch.json is stale: run `deno task holidays` and commit it.");
      Deno.exit(1);
    }
  } else {
    await Deno.writeTextFile(EXTRACT, text);
    console.log(`wrote ${EXTRACT.pathname}`);
  }
}
