import { eq } from "drizzle-orm";
import type { Command } from "./command.ts";
import { CommandError } from "./errors.ts";
import { users } from "../db/schema/mod.ts";
import { AppError } from "../errors.ts";
import { createConfidentialClient, listClients, revokeClient } from "../oauth/clients.ts";
import { listConnectedAssistants } from "../oauth/assistants.ts";
import { revokeConnection } from "../oauth/connections.ts";
import { getDynamicRegistrationEnabled, setDynamicRegistrationEnabled } from "../oauth/settings.ts";
import { rotateSigningKey } from "../oauth/tokens.ts";

const day = (ms: number | null) => (ms ? new Date(ms).toISOString().slice(0, 16).replace("T", " ") : "never");

/** Admin commands for the assistant connector: clients, connections, registration switch, signing keys. */
export const assistantCommands: Command[] = [
  {
    name: "client create",
    summary: "Create a confidential OAuth client for an assistant (secret shown once)",
    usage: "client create --name <name> --redirect-uri <uri> [--redirect-uri <uri> …]\n\n" +
      "Give the client id and secret to the assistant's administrator. The secret is stored only as a\n" +
      "hash and cannot be shown again; create a new client if it is lost.",
    options: { name: { type: "string" }, "redirect-uri": { type: "string", multiple: true } },
    async run(deps, { values }, io) {
      const name = values.name as string | undefined;
      const uris = (values["redirect-uri"] as string[] | undefined) ?? [];
      if (!name) throw new CommandError("--name is required.");
      if (!uris.length) throw new CommandError("At least one --redirect-uri is required.");
      try {
        const c = await createConfidentialClient(deps, { name, redirectUris: uris });
        io.out(
          `Client created for ${name}.\n  client_id:     ${c.clientId}\n  client_secret: ${c.clientSecret}\n` +
            `The secret is shown this once. Token endpoint authentication: client_secret_basic or client_secret_post.\n`,
        );
        return 0;
      } catch (e) {
        if (e instanceof AppError) throw new CommandError(e.message);
        throw e;
      }
    },
  },
  {
    name: "client list",
    summary: "List OAuth clients (registered and created by hand)",
    usage: "client list",
    async run(deps, _a, io) {
      const rows = await listClients(deps, 200);
      for (const c of rows) {
        io.out(
          `${c.id}  ${c.type.padEnd(12)} ${c.revokedAt ? "revoked " : "active  "} ${
            day(c.createdAt)
          }  ${c.name}\n`,
        );
      }
      io.out(`${rows.length} client(s).\n`);
      return 0;
    },
  },
  {
    name: "client revoke",
    summary: "Revoke an OAuth client; all its connections stop on the next request",
    usage: "client revoke --id <client id>",
    options: { id: { type: "string" } },
    async run(deps, { values }, io) {
      const id = values.id as string | undefined;
      if (!id) throw new CommandError("--id is required.");
      if (!await revokeClient(deps, id)) throw new CommandError(`There is no client ${id}.`);
      io.out(`Client ${id} revoked.\n`);
      return 0;
    },
  },
  {
    name: "connection list",
    summary: "List live assistant connections (of everyone, or of one account)",
    usage: "connection list [--email <e-mail>]",
    options: { email: { type: "string" } },
    async run(deps, { values }, io) {
      let who: { userId: string } | { all: true } = { all: true };
      if (values.email) {
        const u = await deps.db.query.users.findFirst({
          where: eq(users.email, (values.email as string).toLowerCase()),
        });
        if (!u) throw new CommandError(`There is no account ${values.email}.`);
        who = { userId: u.id };
      }
      const rows = await listConnectedAssistants(deps, who);
      for (const c of rows) {
        io.out(
          `${c.id}  ${c.userEmail}  ${c.clientName}  scopes: ${c.scopes.join(" ")}  last used: ${
            day(c.lastUsedAt)
          }\n`,
        );
      }
      io.out(`${rows.length} connection(s).\n`);
      return 0;
    },
  },
  {
    name: "connection revoke",
    summary: "Revoke an assistant connection; it stops on the next request",
    usage: "connection revoke --id <connection id>",
    options: { id: { type: "string" } },
    async run(deps, { values }, io) {
      const id = values.id as string | undefined;
      if (!id) throw new CommandError("--id is required.");
      if (!await revokeConnection(deps, id, "admin-command")) {
        throw new CommandError(`There is no live connection ${id}.`);
      }
      io.out(`Connection ${id} revoked.\n`);
      return 0;
    },
  },
  {
    name: "registration",
    summary: "Show or switch dynamic client registration (on/off)",
    usage: "registration [status | on | off]",
    async run(deps, { positionals }, io) {
      const action = positionals[0] ?? "status";
      if (action === "on" || action === "off") {
        await setDynamicRegistrationEnabled(deps, action === "on");
        io.out(`Dynamic client registration is now ${action}.\n`);
        return 0;
      }
      if (action !== "status") throw new CommandError(`Unknown action '${action}': use status, on or off.`);
      io.out(
        `Dynamic client registration is ${(await getDynamicRegistrationEnabled(deps)) ? "on" : "off"}.\n`,
      );
      return 0;
    },
  },
  {
    name: "keys rotate",
    summary: "Rotate the token signing key (tokens already issued keep working until they expire)",
    usage: "keys rotate",
    async run(deps, _a, io) {
      const r = await rotateSigningKey(deps);
      io.out(
        `New signing key ${r.kid}; ${r.retired} key(s) retired. A running service switches within a minute.\n`,
      );
      return 0;
    },
  },
];
