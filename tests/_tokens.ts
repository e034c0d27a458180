/**
 * Whether an access token may be used now, as the connector's guard decides it (`authenticateAccessToken`):
 * its claims, or null.
 */
import type { AppDeps } from "../src/deps.ts";
import { authenticateAccessToken } from "../src/oauth/connections.ts";
import type { VerifiedAccessToken } from "../src/oauth/tokens.ts";

export async function verifyAccessToken(deps: AppDeps, token: string): Promise<VerifiedAccessToken | null> {
  return (await authenticateAccessToken(deps, token))?.token ?? null;
}
