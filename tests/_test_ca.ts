/**
 * A certificate authority made fresh for a test run, and a server certificate it signs, so a test's local
 * HTTPS server is checked the way a real one is (the client trusts only this CA). Made with openssl.
 */

async function run(cmd: string[], cwd: string) {
  const out = await new Deno.Command(cmd[0], { args: cmd.slice(1), cwd, stdout: "null", stderr: "piped" })
    .output();
  if (out.code !== 0) throw new Error(`${cmd.join(" ")}: ${new TextDecoder().decode(out.stderr)}`);
}

/** A test CA and a certificate for `san` signed by it (openssl, made fresh each run). */
export async function testCertificates(san = "DNS:localhost,IP:127.0.0.1") {
  const dir = await Deno.makeTempDir({ prefix: "hr-ca-" });
  await run([
    "openssl",
    "req",
    "-x509",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:P-256",
    "-nodes",
    "-keyout",
    "ca.key",
    "-out",
    "ca.pem",
    "-days",
    "1",
    "-subj",
    "/CN=HR test CA",
  ], dir);
  await run([
    "openssl",
    "req",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:P-256",
    "-nodes",
    "-keyout",
    "srv.key",
    "-out",
    "srv.csr",
    "-subj",
    "/CN=localhost",
  ], dir);
  await Deno.writeTextFile(`${dir}/ext.cnf`, `subjectAltName=${san}\n`);
  await run([
    "openssl",
    "x509",
    "-req",
    "-in",
    "srv.csr",
    "-CA",
    "ca.pem",
    "-CAkey",
    "ca.key",
    "-CAcreateserial",
    "-out",
    "srv.pem",
    "-days",
    "1",
    "-extfile",
    "ext.cnf",
  ], dir);
  const read = (f: string) => Deno.readTextFile(`${dir}/${f}`);
  const certs = { ca: await read("ca.pem"), cert: await read("srv.pem"), key: await read("srv.key") };
  await Deno.remove(dir, { recursive: true });
  return certs;
}
