/**
 * The env file holds the installation's secrets (the mail server's password in `SMTP_URL`, the database's
 * token, the key-encryption key). One that every account of the machine may read, or others than its owner
 * may change, is used with a warning naming its mode and the `chmod` that fixes it, as the data folder's files
 * are; a line that is not `KEY=value` is named by its number and its setting's name, never echoed. Warnings
 * and refusals go to standard error; standard output keeps the command's data.
 */
import assert from "node:assert/strict";
import { main } from "../src/main.ts";
import type { Io } from "../src/cli/mod.ts";

async function run(args: string[], env: Record<string, string>) {
  let out = "";
  let err = "";
  const io: Io = {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    readStdin: () => Promise.resolve(""),
  };
  return { code: await main(args, env, io), out, err };
}

/** An env file with `text`, given exactly `mode` (whatever the umask). */
async function envFile(dir: string, text: string, mode: number): Promise<string> {
  const file = `${dir}/hr-service.env`;
  await Deno.writeTextFile(file, text);
  await Deno.chmod(file, mode);
  return file;
}

Deno.test("env file: one other accounts may read or change is used with a warning naming its mode and the chmod", async () => {
  const dir = await Deno.makeTempDir({ prefix: "hr-env-modes-" });
  try {
    const text =
      `DATABASE_URL=file:${dir}/hr.db\nDEMO_DATA=false\nSMTP_URL=smtp://hr:geheim-2026@mail.example.ch:587\n`;
    const cases: [number, RegExp | null][] = [
      [
        0o644,
        /^Warning: the env file \S+hr-service\.env is readable by every account of this machine \(mode 644\); run chmod 640 \S+hr-service\.env$/m,
      ],
      [
        0o666,
        /is readable by every account of this machine and writable by every account \(mode 666\); run chmod 640 /,
      ],
      [0o604, /is readable by every account of this machine \(mode 604\); run chmod 600 /],
      [0o660, /is writable by its group \(mode 660\); run chmod 640 /],
      [0o640, null],
      [0o600, null],
    ];
    for (const [mode, warning] of cases) {
      const file = await envFile(dir, text, mode);
      const r = await run(["mail", "list"], { HR_SERVICE_ENV_FILE: file });
      assert.equal(r.code, 0, r.err);
      const label = mode.toString(8);
      if (warning) assert.match(r.err, warning, label);
      else assert.doesNotMatch(r.err, /env file/, label);
      assert.doesNotMatch(r.out, /Warning/, `${label}: standard output keeps the data`);
      assert.doesNotMatch(r.err + r.out, /geheim/, `${label}: the secret is never shown`);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("env file: a malformed line is named by its number and setting, never shown with its secret", async () => {
  const dir = await Deno.makeTempDir({ prefix: "hr-env-modes-" });
  try {
    const file = await envFile(
      dir,
      `DEMO_DATA=false\nSMTP_URL smtp://hr:geheim-2026@mail.example.ch:587\ngeheim-2026\n`,
      0o600,
    );
    const r = await run(["migrate"], { HR_SERVICE_ENV_FILE: file, DATABASE_URL: `file:${dir}/hr.db` });
    assert.equal(r.code, 2);
    assert.equal(r.out, "");
    assert.match(
      r.err,
      /hr-service\.env, line 2: expected KEY=value; the line of SMTP_URL has no "=" after the name/,
    );
    assert.match(
      r.err,
      /hr-service\.env, line 3: expected KEY=value \(the line is not shown: it may hold a secret\)/,
    );
    assert.doesNotMatch(r.err, /geheim|smtp:\/\//);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
