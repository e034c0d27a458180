import { language } from "../../domain/fields.ts";
import { z } from "zod";
import { permissionsOf } from "../../domain/access.ts";
import { defineTool, READ_ONLY } from "../tool.ts";

/** Who is acting, through which assistant, with which scopes, and which tools they may call right now. */
export const whoami = defineTool({
  name: "whoami",
  title: "Who am I",
  description:
    "Returns the person this assistant acts for (role, language, whether an employee record is linked), the assistant connection and its granted scopes, and the exact list of tools this person may call right now. Call it first: it reflects role changes immediately.",
  scope: "self:read",
  permission: "mcp:connect",
  kind: "read",
  annotations: READ_ONLY,
  input: z.strictObject({}),
  output: z.object({
    user: z.object({
      userId: z.string(),
      role: z.string(),
      language,
      employeeId: z.string().nullable(),
      hasEmployeeRecord: z.boolean(),
    }),
    assistant: z.object({ clientId: z.string(), name: z.string(), connectionId: z.string() }),
    scopes: z.array(z.string()),
    permissions: z.array(z.string()),
    tools: z.array(z.string()).describe(
      "Tools this person may call now (scope granted and permission held).",
    ),
  }),
  handler: (ctx) => {
    const { actor, connection } = ctx;
    return Promise.resolve({
      data: {
        user: {
          userId: actor.userId,
          role: actor.role,
          language: actor.language,
          employeeId: actor.employeeId,
          hasEmployeeRecord: actor.employeeId !== null,
        },
        assistant: {
          clientId: connection.clientId,
          name: connection.clientName,
          connectionId: connection.id,
        },
        scopes: [...connection.scopes],
        permissions: permissionsOf(actor.role),
        tools: ctx.callableTools(),
      },
      touched: actor.employeeId ? [actor.employeeId] : [],
      count: 1,
    });
  },
});
