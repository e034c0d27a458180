/**
 * Queries built once. drizzle builds a query's SQL from its parts every time it runs, and for the portal's
 * reads that building cost more than running the statement (profiled: about half of a leave-balances
 * request). A query written with `sql.placeholder(…)` for its values is built and prepared once per database
 * handle (drizzle's own prepared queries, https://orm.drizzle.team/docs/perf-queries) and then only run with
 * new values.
 *
 * The prepared query belongs to the handle it was built on: on the database it is kept for the life of the
 * process; inside a transaction it is built on the transaction's handle, so it runs on the transaction's
 * connection, and is dropped with the transaction.
 */
export function prepared<Q extends object, P>(build: (q: Q) => { prepare(): P }): (q: Q) => P {
  const byHandle = new WeakMap<Q, P>();
  return (q) => {
    let p = byHandle.get(q);
    if (p === undefined) byHandle.set(q, p = build(q).prepare());
    return p;
  };
}
