/**
 * The env file the service and the admin commands both read (`HR_SERVICE_ENV_FILE`, default
 * /etc/hr-service.env): its lines, the environment winning over it, and the warning a command prints when its
 * settings differ from those the running service started with.
 */
import assert from "node:assert/strict";
import { ConfigError, loadConfig, parseEnvFile, withEnvFile } from "../src/config.ts";
import { main } from "../src/main.ts";
import type { Io } from "../src/cli/mod.ts";

const MAIN = new URL("../main.ts", import.meta.url).pathname;

async function run(args: string[], env: Record<string, string>) {
  let out = "";
  let err = "";
  const io: Io = {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    readStdin: () => Promise.resolve(""),
  };
  return { code: await main(args, env, io), out: () => out, err: () => err };
}

Deno.test("env file: KEY=value lines, comments, export, quotes; a bad line is named with its number", () => {
  const vars = parseEnvFile(
    [
      "# settings of hr-service",
      "; also a comment",
      "",
      "MCP_ISSUER_URL=https://hr.example.ch",
      "  export DEMO_DATA = false  ",
      'MAIL_FROM="HR Muster AG <hr@muster.ch>"',
      "SMTP_URL='smtp://hr:pa$$#word@mail.example.ch:587'",
      "DEMO_PASSWORD=bare#not-a-comment",
      'QUOTED="a \\"b\\" \\\\ c"',
      "EMPTY=",
    ].join("\r\n"),
    "/etc/hr-service.env",
  );
  assert.deepEqual(vars, {
    MCP_ISSUER_URL: "https://hr.example.ch",
    DEMO_DATA: "false",
    MAIL_FROM: "HR Muster AG <hr@muster.ch>",
    SMTP_URL: "smtp://hr:pa$$#word@mail.example.ch:587",
    DEMO_PASSWORD: "bare#not-a-comment",
    QUOTED: 'a "b" \\ c',
    EMPTY: "",
  });
  assert.throws(
    () => parseEnvFile('PORT=8000\nthis is not a setting\nMAIL_FROM="open', "hr.env"),
    (e: ConfigError) => {
      assert.deepEqual(e.problems, [
        "hr.env, line 2: expected KEY=value (the line is not shown: it may hold a secret)",
        `hr.env, line 3: MAIL_FROM's value opens a " it does not close`,
      ]);
      return true;
    },
  );
});

Deno.test("env file: the environment wins over the file; the file named must exist; empty reads none", async () => {
  const dir = await Deno.makeTempDir({ prefix: "hr-env-" });
  try {
    const file = `${dir}/hr-service.env`;
    await Deno.writeTextFile(
      file,
      "MCP_ISSUER_URL=https://hr.example.ch\nPORT=9000\nSMTP_URL=smtp://mail:25\n",
    );
    const r = await withEnvFile({ HR_SERVICE_ENV_FILE: file, PORT: "8100", SMTP_URL: "" });
    assert.equal(r.file, file);
    const config = loadConfig(r.env);
    assert.equal(config.issuer, "https://hr.example.ch", "from the file");
    assert.equal(config.port, 8100, "the environment wins");
    assert.equal(config.smtpUrl, "smtp://mail:25", "an empty variable does not hide the file's");

    const none = await withEnvFile({ HR_SERVICE_ENV_FILE: "", PORT: "8100" });
    assert.equal(none.file, undefined);
    assert.equal(loadConfig(none.env).issuer, "http://localhost:8100");

    await assert.rejects(
      () => withEnvFile({ HR_SERVICE_ENV_FILE: `${dir}/missing.env` }),
      /HR_SERVICE_ENV_FILE: cannot read the env file .*missing\.env \(it does not exist\)/,
    );
    // A command stops with the file's problem (exit 2, as for any invalid setting) before touching anything.
    await Deno.writeTextFile(`${dir}/bad.env`, "PORT=8000\nnonsense\n");
    const bad = await run(["user", "list"], {
      HR_SERVICE_ENV_FILE: `${dir}/bad.env`,
      DATABASE_URL: `file:${dir}/x.db`,
    });
    assert.equal(bad.code, 2);
    assert.match(bad.err(), /bad\.env, line 2: expected KEY=value/);
    assert.equal(await Deno.stat(`${dir}/x.db`).then(() => true, () => false), false, "no database created");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("env file: a command warns when its origin or SMTP differs from what the service started with", async () => {
  const dir = await Deno.makeTempDir({ prefix: "hr-env-" });
  try {
    const file = `${dir}/hr-service.env`;
    await Deno.writeTextFile(
      file,
      `# what the service runs with\nDATABASE_URL=file:${dir}/hr.db\nDEMO_DATA=false\n` +
        "MCP_ISSUER_URL=https://hr.example.ch\nSMTP_URL=smtp://127.0.0.1:9\nLOG_LEVEL=warn\n",
      { mode: 0o640 }, // as the README installs it: root and the service's group only
    );
    // The service, started as systemd starts it: the file and nothing else.
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", MAIN, "serve"],
      env: { HR_SERVICE_ENV_FILE: file, PORT: "0", HOST: "127.0.0.1", NO_COLOR: "1" },
      clearEnv: true,
      stdout: "piped",
      stderr: "null",
    }).spawn();
    const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    let out = "";
    const started = Date.now();
    while (!/listening on/.test(out) && Date.now() - started < 60_000) {
      const { value, done } = await reader.read();
      if (done) break;
      out += value;
    }
    const port = /listening on http:\/\/localhost:(\d+) \(public origin https:\/\/hr\.example\.ch\)/.exec(out)
      ?.[1];
    assert.ok(port, out);
    // Once it answers, its start (and the row a command compares with) is behind it; how it stops is
    // serve_test's matter.
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    await health.body?.cancel();
    assert.equal(health.status, 200);
    child.kill("SIGTERM");
    await reader.cancel();
    await child.status;

    // A command from a plain shell that does not read the file: told both differences, and still runs.
    const plain = await run(["mail", "list"], {
      HR_SERVICE_ENV_FILE: "",
      DATABASE_URL: `file:${dir}/hr.db`,
      LOG_LEVEL: "warn",
    });
    assert.equal(plain.code, 0, plain.err());
    assert.match(
      plain.err(),
      /Warning: this command's public origin \(MCP_ISSUER_URL\) is http:\/\/localhost:8000, but the service started on \d{4}-\d\d-\d\d \d\d:\d\d UTC with https:\/\/hr\.example\.ch: links this command puts in e-mails point to the wrong place\. Give the command the service's settings: put them in \/etc\/hr-service\.env/,
    );
    assert.match(
      plain.err(),
      /Warning: SMTP_URL is not set for this command, but the service started on .* with it/,
    );
    assert.match(
      plain.out(),
      /0 message\(s\)\. The running service sends them \(it started with SMTP_URL\)\.\n$/,
    );

    // The same command reading the service's file: no warning.
    const same = await run(["mail", "list"], { HR_SERVICE_ENV_FILE: file });
    assert.equal(same.code, 0, same.err());
    assert.equal(same.err(), "");
    assert.doesNotMatch(same.out(), /SMTP_URL is not set/);

    // Its settings can still be overridden on the command line, and then the warning says so.
    const other = await run(["mail", "list"], {
      HR_SERVICE_ENV_FILE: file,
      MCP_ISSUER_URL: "https://other.example.ch",
    });
    assert.match(other.err(), /public origin \(MCP_ISSUER_URL\) is https:\/\/other\.example\.ch/);
    assert.doesNotMatch(other.err(), /SMTP_URL/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
