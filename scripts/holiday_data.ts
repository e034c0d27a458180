/**
 * Writes `src/domain/holidays_ch.json`: Switzerland's part of date-holidays' data (its `CH` rules and the
 * names they use), evaluated with date-holidays' own parser (`date-holidays-parser`, the package's
 * documented way to use a reduced data set: its README, "Custom builds of holidays.json"); and from it, with
 * the cantons' own lists applied, `src/domain/holidays_ch_days.json`, every canton's days off from 1900 to
 * 2100, the table the service reads (src/domain/holiday_rules.ts says why).
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

/** The table as JSON with a line per name and per canton (the file is left out of `deno fmt`). */
function tableText(t: ReturnType<typeof import("../src/domain/holiday_rules.ts").holidayTable>): string {
  const { names, cantons, ...head } = t;
  const lines = Object.entries(head).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},`);
  lines.push(`  "names": [\n${names.map((n) => `    ${JSON.stringify(n)}`).join(",\n")}\n  ],`);
  lines.push(
    `  "cantons": {\n${
      Object.entries(cantons).map(([k, v]) => `    ${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(",\n")
    }\n  }`,
  );
  return `{\n${lines.join("\n")}\n}\n`;
}

export const TABLE = new URL("../src/domain/holidays_ch_days.json", import.meta.url);

if (import.meta.main) {
  const extract = JSON.stringify(swissHolidayData(), null, 2) + "\n";
  const check = Deno.args.includes("--check");
  if (!check) await Deno.writeTextFile(EXTRACT, extract);
  // The table is evaluated from the extract as written (the parser reads it from the module).
  const { holidayTable } = await import("../src/domain/holiday_rules.ts");
  const table = tableText(holidayTable());
  if (check) {
    let stale = false;
    for (const [url, text] of [[EXTRACT, extract], [TABLE, table]] as const) {
      if (await Deno.readTextFile(url).catch(() => "") !== text) {
        console.error(`${url.pathname} is stale: run \`deno task holidays\` and commit it.`);
        stale = true;
      }
    }
    if (stale) Deno.exit(1);
  } else {
    await Deno.writeTextFile(TABLE, table);
    console.log(`wrote ${EXTRACT.pathname} and ${TABLE.pathname}`);
  }
}
