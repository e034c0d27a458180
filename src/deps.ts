import type { Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import type { Database, Db } from "./db/client.ts";
import type { Logger } from "./log.ts";

/**
 * Everything the application is built from. `createApp(deps)` takes it whole, so a test builds a complete
 * app on a fresh database with a fixed clock in milliseconds, and nothing lives in module-level singletons.
 */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  log: Logger;
  /** Asks the mail worker to deliver soon (after a change queued mail); absent when no SMTP is configured. */
  mailKick?: () => void;
  /** How client metadata documents are fetched (default: public addresses only; tests use a local CA). */
  clientMetadataFetcher?: MetadataFetcher;
}

/**
 * How client metadata documents are fetched: by default `PUBLIC_FETCHER` (oauth/client_metadata.ts), which
 * resolves the name once, checks every address and connects to a checked one; a test on one machine injects
 * one that trusts its own CA on loopback.
 */
export interface MetadataFetcher {
  fetch(url: string, init: RequestInit): Promise<Response>;
}
