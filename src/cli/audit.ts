import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { employees, mcpAudit, oauthClients, users } from "../db/schema/mod.ts";
import { toCsv } from "../csv.ts";
import { CommandError } from "./errors.ts";

const COLUMNS = [
  "time",
  "assistant",
  "client_id",
  "connection_id",
  "account",
  "kind",
  "name",
  "argument_names",
  "records_touched",
  "result_count",
  "outcome",
] as const;

/**
 * Audit rows of a period, or those that concern one person (what assistants read about them: the right of
 * access under the Swiss Data Protection Act, Art. 25 FADP), as CSV or JSON.
 */
export async function exportAudit(
  deps: Pick<AppDeps, "db">,
  p: { from?: string; to?: string; person?: string; format: "csv" | "json" },
): Promise<string> {
  const conds = [];
  if (p.from) conds.push(gte(mcpAudit.createdAt, Date.parse(`${p.from}T00:00:00Z`)));
  if (p.to) conds.push(lt(mcpAudit.createdAt, Date.parse(`${p.to}T00:00:00Z`) + 86_400_000));
  if (p.person) {
    const e = await deps.db.query.employees.findFirst({ where: eq(employees.personnelNumber, p.person) }) ??
      await (async () => {
        const u = await deps.db.query.users.findFirst({ where: eq(users.email, p.person!.toLowerCase()) });
        return u?.employeeId
          ? await deps.db.query.employees.findFirst({ where: eq(employees.id, u.employeeId) })
          : undefined;
      })();
    if (!e) throw new CommandError(`No employee with personnel number or account e-mail ${p.person}.`);
    conds.push(
      sql`EXISTS (SELECT 1 FROM json_each(${mcpAudit.recordsTouched}) WHERE json_each.value = ${e.id})`,
    );
  }
  const rows = await deps.db.select({
    createdAt: mcpAudit.createdAt,
    assistant: oauthClients.name,
    clientId: mcpAudit.clientId,
    connectionId: mcpAudit.connectionId,
    account: users.email,
    kind: mcpAudit.kind,
    name: mcpAudit.name,
    argumentNames: mcpAudit.argumentNames,
    recordsTouched: mcpAudit.recordsTouched,
    resultCount: mcpAudit.resultCount,
    outcome: mcpAudit.outcome,
  }).from(mcpAudit)
    .leftJoin(oauthClients, eq(oauthClients.id, mcpAudit.clientId))
    .leftJoin(users, eq(users.id, mcpAudit.userId))
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(asc(mcpAudit.createdAt));
  const out = rows.map((r) => ({
    time: new Date(r.createdAt).toISOString(),
    assistant: r.assistant,
    client_id: r.clientId,
    connection_id: r.connectionId,
    account: r.account,
    kind: r.kind,
    name: r.name,
    argument_names: JSON.parse(r.argumentNames) as string[],
    records_touched: JSON.parse(r.recordsTouched) as string[],
    result_count: r.resultCount,
    outcome: r.outcome,
  }));
  if (p.format === "json") return JSON.stringify(out, null, 2) + "\n";
  return toCsv([
    [...COLUMNS],
    ...out.map((r) =>
      COLUMNS.map((c) => Array.isArray(r[c]) ? (r[c] as string[]).join(" ") : r[c] as string)
    ),
  ]);
}
