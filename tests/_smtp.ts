/** A real SMTP server for tests of the mail the service sends. */
import { SMTPServer } from "smtp-server";

/** A real SMTP server on 127.0.0.1 that keeps what it receives, or answers with a chosen failure. */
export async function startSmtp(opts: { reject?: { code: number; message: string } } = {}) {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_addr, _session, cb) {
      if (opts.reject) {
        const err = Object.assign(new Error(opts.reject.message), { responseCode: opts.reject.code });
        return cb(err);
      }
      cb();
    },
    onData(stream, session, cb) {
      let data = "";
      stream.on("data", (c: Uint8Array) => (data += new TextDecoder().decode(c)));
      stream.on("end", () => {
        received.push({
          from: String(session.envelope.mailFrom && session.envelope.mailFrom.address),
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
