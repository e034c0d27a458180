/**
 * `exactReal`: a REAL value read through a JSON list comes back as the very same double the driver hands
 * over directly, whether 15 digits hold it (the number) or not (its 17-digit text).
 */
import assert from "node:assert/strict";
import { makeTestApp } from "../_helpers.ts";
import { readRow } from "../../src/db/local.ts";
import { exactReal, jsonRows, realOf, realOrNull } from "../../src/services/json_rows.ts";

Deno.test("exactReal: every REAL back exactly through JSON, NULL as null", async () => {
  const app = await makeTestApp({ demo: false });
  try {
    const client = app.deps.database.client;
    const values = [
      0.1 + 0.2,
      1 / 3,
      2.675 * 3,
      2.5,
      0.5,
      4,
      -0.25,
      100,
      8.4,
      1e20,
      5e-324,
      1.7976931348623157e308,
    ];
    // A fixed sequence of awkward values (a linear congruential generator: the same every run).
    let seed = 12345;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 500; i++) values.push(next() * 10 ** (i % 12) - 5, Math.round(next() * 4e4) / 4);
    await client.execute("CREATE TABLE reals (n INTEGER PRIMARY KEY, x REAL)");
    await client.batch(
      values.map((x, n) => ({ sql: "INSERT INTO reals (n, x) VALUES (?, ?)", args: [n, x] })),
    );
    await client.execute("INSERT INTO reals (n, x) VALUES (-1, NULL)");
    const row = await readRow(
      client,
      `SELECT (SELECT json_group_array(${exactReal("x")}) FROM (SELECT x FROM reals WHERE n >= 0 ORDER BY n))
        AS exact, (SELECT json_group_array(x) FROM (SELECT x FROM reals WHERE n >= 0 ORDER BY n)) AS plain,
        (SELECT json_group_array(${exactReal("x")}) FROM reals WHERE n = -1) AS none`,
      [],
    );
    // The values as the driver hands them over directly.
    const direct = (await client.execute("SELECT x FROM reals WHERE n >= 0 ORDER BY n")).rows.map((r) => r.x);
    assert.deepEqual(direct, values);
    const exact = jsonRows<string | number>(row!.exact).map(realOf);
    assert.deepEqual(exact, direct);
    // SQLite's own JSON of a REAL is not exact: 0.1 + 0.2 comes back as 0.3.
    assert.equal(jsonRows<number>(row!.plain)[0], 0.3);
    assert.notEqual(direct[0], 0.3);
    assert.deepEqual(jsonRows<string | null>(row!.none).map(realOrNull), [null]);
    // Quarter multiples travel as numbers, anything else as text.
    assert.equal(typeof jsonRows<unknown>(row!.exact)[3], "number");
    assert.equal(typeof jsonRows<unknown>(row!.exact)[0], "string");
  } finally {
    app.close();
  }
});
