/**
 * The database, its -wal and -shm files and backups hold personal data: created readable by the service's
 * account only (0600, the folder 0700), and a start on files more open than that warns.
 */
import assert from "node:assert/strict";
import { openDatabase, permissionWarnings } from "../../src/db/client.ts";
import { backupDatabase } from "../../src/cli/backup.ts";
import { migrate } from "../../src/db/migrate.ts";

const mode = async (p: string) => (await Deno.stat(p)).mode! & 0o777;

Deno.test("files: a new database, its WAL and a backup are 0600 in a 0700 folder; looser files are named at start", async () => {
  const root = await Deno.makeTempDir();
  const path = `${root}/data/hr.db`;
  try {
    const db = await openDatabase(`file:${path}`);
    await migrate(db.client);
    assert.equal(await mode(`${root}/data`), 0o700);
    assert.equal(await mode(path), 0o600);
    assert.equal(await mode(`${path}-wal`), 0o600);
    assert.equal(await mode(`${path}-shm`), 0o600);
    assert.deepEqual(await permissionWarnings(`file:${path}`), []);
    const r = await backupDatabase(db, `${root}/backups/hr-copy.db`);
    assert.ok(r.bytes > 0);
    assert.equal(await mode(`${root}/backups/hr-copy.db`), 0o600);
    assert.equal(await mode(`${root}/backups`), 0o700);
    db.close();
    await Deno.chmod(path, 0o644);
    const warnings = await permissionWarnings(`file:${path}`);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], /hr\.db is readable by other accounts \(mode 644\); run chmod 600/);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
