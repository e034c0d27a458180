/**
 * The operator's guide's restore (`docs/operations.md`), run as an operator runs it: its shell block, as written, in bash, with the
 * systemd unit's `DATABASE_URL` (the file being restored) in the environment of every command. The service
 * and the commands are real processes of `main.ts`; `systemctl` starts and stops that process, `sudo -u hr`
 * runs the command as the test's own user, and the guide's absolute paths are placed in the test's folder.
 */
import assert from "node:assert/strict";

const ROOT = new URL("../..", import.meta.url).pathname;
const MAIN = `${ROOT}main.ts`;
const PASSWORD = "Restore-Drill-7394-kestrel";

/** The shell block of "Backups and restore" that restores (the one with `restore --from`). */
async function restoreBlock(): Promise<string> {
  const guide = await Deno.readTextFile(`${ROOT}docs/operations.md`);
  const section = guide.slice(guide.indexOf("## Backups and restore"));
  const block = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1])
    .find((b) => b.includes("restore --from"));
  assert.ok(block, "the guide shows the restore as a shell block");
  return block;
}

/** Stand-ins for what the machine's administrator has: systemd and sudo. */
const PRELUDE = String.raw`set -euo pipefail
hr-service() { "$DENO" run -A "$MAIN" "$@"; }
sudo() { if [ "$1" = -u ]; then shift 2; fi; "$@"; }
systemctl() {
  case "$1" in
    start)
      "$DENO" run -A "$MAIN" serve >"$WORK/service.log" 2>&1 &
      echo $! >"$WORK/service.pid"
      for _ in $(seq 600); do
        grep -q 'listening on' "$WORK/service.log" && return 0
        kill -0 $! 2>/dev/null || { cat "$WORK/service.log" >&2; return 1; }
        sleep 0.1
      done
      return 1 ;;
    stop)
      local pid
      pid=$(cat "$WORK/service.pid")
      kill -TERM "$pid"
      wait "$pid" || true ;;
  esac
}
`;

Deno.test("restore: the README's steps, with DATABASE_URL naming the restored file, bring the backup's data back", async () => {
  const work = await Deno.makeTempDir({ prefix: "hr-restore-guide-" });
  const home = `${work}/var/lib/hr-service`;
  const block = (await restoreBlock()).replaceAll("/var/", `${work}/var/`);
  const script = PRELUDE + String.raw`
mkdir -p -m 700 "$WORK/var/lib/hr-service" "$WORK/var/backups"
# The installation: an administrator, the service running, a backup taken while it runs, then one more
# account that the backup does not hold.
printf '%s\n' "$PASSWORD" | hr-service user create-admin --email admin@example.ch --password-stdin
systemctl start hr-service
hr-service backup --to "$WORK/var/backups/hr-2026-11-21.db"
printf '%s\n' "$PASSWORD" | hr-service user add --email late@example.ch --role employee --password-stdin

# The guide, as written.
${block}
# What the operator sees afterwards: the accounts, and a sign-in on the restarted service.
hr-service user list >"$WORK/users.txt"
port=$(sed -nE 's|.*listening on http://localhost:([0-9]+).*|\1|p' "$WORK/service.log")
curl -s -o "$WORK/signin.json" -w '%{http_code}' "http://127.0.0.1:$port/api/v1/portal/auth/sessions" \
  -H 'Content-Type: application/json' \
  -d "{\"email\":\"admin@example.ch\",\"password\":\"$PASSWORD\",\"deviceName\":\"curl\"}" >"$WORK/signin.status"
systemctl stop hr-service
`;
  try {
    const r = await new Deno.Command("bash", {
      args: ["-c", script],
      cwd: work,
      env: {
        DENO: Deno.execPath(),
        MAIN,
        WORK: work,
        PASSWORD,
        DATABASE_URL: `file:${home}/hr.db`,
        DEMO_DATA: "false",
        PORT: "0",
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        NO_COLOR: "1",
      },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const out = new TextDecoder().decode(r.stdout) + new TextDecoder().decode(r.stderr);
    assert.equal(r.code, 0, out);
    assert.match(out, /Restored .*hr-2026-11-21\.db to .*hr\.db .*integrity check ok/);
    const users = await Deno.readTextFile(`${work}/users.txt`);
    assert.match(users, /admin@example\.ch/, "the backup's administrator is back");
    assert.doesNotMatch(users, /late@example\.ch/, "the account added after the backup is not");
    assert.equal(await Deno.readTextFile(`${work}/signin.status`), "201", "the restarted service signs in");
    // The old database went aside whole, the restored one is only the service's.
    const aside = [...Deno.readDirSync(`${home}/before-restore`)].map((e) => e.name).sort();
    assert.deepEqual(aside, ["hr.db", "hr.db-shm", "hr.db-wal"]);
    assert.equal((await Deno.stat(`${home}/hr.db`)).mode! & 0o777, 0o600);
  } finally {
    const pid = Number(await Deno.readTextFile(`${work}/service.pid`).catch(() => "0"));
    if (pid) {
      try {
        Deno.kill(pid, "SIGKILL");
      } catch { /* stopped by the script */ }
    }
    await Deno.remove(work, { recursive: true });
  }
});

Deno.test("restore: a refused restore leaves the file DATABASE_URL names uncreated", async () => {
  const { main } = await import("../../src/main.ts");
  const dir = await Deno.makeTempDir({ prefix: "hr-restore-refused-" });
  try {
    let err = "";
    const code = await main(
      ["restore", "--from", `${dir}/missing.db`, "--to", `${dir}/hr.db`],
      { DATABASE_URL: `file:${dir}/hr.db`, DEMO_DATA: "false", LOG_LEVEL: "warn" },
      { out: () => {}, err: (t) => void (err += t), readStdin: () => Promise.resolve("") },
    );
    assert.equal(code, 1);
    assert.equal(err, `Cannot read ${dir}/missing.db.\n`);
    assert.deepEqual([...Deno.readDirSync(dir)], [], "no database, -wal, -shm or key file was created");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
