import { z } from "zod";
import { parseTrustedProxies } from "./client_address.ts";
import type { Logger } from "./log.ts";

/**
 * The phases of a connector commit at which the fault seam (`FAULT_STOP_AT`, `src/fault.ts`) can stop the
 * process: inside the filing's transaction, everything written but not committed; and right after that
 * transaction committed, before the answer reaches the assistant.
 */
export const FAULT_PHASES = ["in-filing", "after-filing"] as const;
/** One of `FAULT_PHASES`. */
export type FaultPhase = typeof FAULT_PHASES[number];

const bool = (name: string, dflt: boolean) =>
  z.enum(["true", "false"], { error: `${name} must be "true" or "false"` }).default(dflt ? "true" : "false")
    .transform((v) => v === "true");

const intIn = (name: string, dflt: number, min: number, max: number) =>
  z.string().default(String(dflt)).transform((v, ctx) => {
    const n = Number(v);
    if (!/^\d+$/.test(v) || n < min || n > max) {
      ctx.addIssue({ code: "custom", message: `${name} must be a whole number from ${min} to ${max}` });
      return z.NEVER;
    }
    return n;
  });

const origin = (name: string) =>
  z.string().optional().transform((v, ctx) => {
    if (v === undefined || v === "") return undefined;
    try {
      const u = new URL(v);
      if (!["http:", "https:"].includes(u.protocol) || u.pathname.replace(/\/$/, "") !== "" || u.search) {
        throw new Error();
      }
      return `${u.protocol}//${u.host}`;
    } catch {
      ctx.addIssue({ code: "custom", message: `${name} must be an origin such as https://hr.example.ch` });
      return z.NEVER;
    }
  });

const optionalUrl = (name: string, protocols: string[]) =>
  z.string().optional().transform((v, ctx) => {
    if (v === undefined || v === "") return undefined;
    try {
      const u = new URL(v);
      if (!protocols.includes(u.protocol)) throw new Error();
      return v;
    } catch {
      ctx.addIssue({
        code: "custom",
        message: `${name} must be a URL starting with ${protocols.join(" or ")}//`,
      });
      return z.NEVER;
    }
  });

/**
 * A push service's host as `WEB_PUSH_ALLOWED_HOSTS` lists it: a name, optionally `*.` for any name below it,
 * optionally `:port` (without a port only the https default, 443).
 */
const WEB_PUSH_HOST = /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;

/**
 * The browsers' push services (RFC 8030) a Web Push subscription may name: Chrome and other Chromium browsers
 * (Google's FCM), Firefox (Mozilla's autopush), Safari (Apple), Edge (Microsoft's WNS). The service POSTs to the
 * address a browser hands in, so only these are accepted: an address of the client's choosing would let anyone
 * make the service call inside its network.
 */
export const DEFAULT_WEB_PUSH_HOSTS = [
  "fcm.googleapis.com",
  "updates.push.services.mozilla.com",
  "*.push.apple.com",
  "*.notify.windows.com",
] as const;

/**
 * Every setting of an installation, read from the environment once by `main.ts`. Defaults serve a small
 * installation on one machine; an invalid value stops the process with a message naming the variable.
 */
const schema = z.object({
  PORT: intIn("PORT", 8000, 0, 65535),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z.string().default("file:./data/hr.db").refine(
    (v) => /^(file:|libsql:\/\/|https?:\/\/|:memory:$)/.test(v),
    { message: "DATABASE_URL must start with file:, libsql://, http:// or https://" },
  ),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  DATABASE_SYNCHRONOUS: z.enum(["NORMAL", "FULL"], {
    message: "DATABASE_SYNCHRONOUS must be NORMAL or FULL",
  }).default("NORMAL"),
  DATABASE_LOCK_WAIT_MS: intIn("DATABASE_LOCK_WAIT_MS", 5000, 0, 60000),
  MCP_ISSUER_URL: origin("MCP_ISSUER_URL"),
  FEATURE_MCP_CONNECTOR: z.string().optional().transform((v) => v === "true"),
  MCP_ALLOWED_ORIGINS: z.string().optional().transform((v, ctx) => {
    if (v === undefined || v.trim() === "") return undefined;
    const out: string[] = [];
    for (const part of v.split(",").map((x) => x.trim()).filter(Boolean)) {
      try {
        const u = new URL(part);
        if (!["http:", "https:"].includes(u.protocol) || u.pathname !== "/" || u.search) throw new Error();
        out.push(`${u.protocol}//${u.host}`);
      } catch {
        ctx.addIssue({
          code: "custom",
          message: `MCP_ALLOWED_ORIGINS: '${part}' is not an origin like https://claude.ai`,
        });
        return z.NEVER;
      }
    }
    return out;
  }),
  PERSON_RECORD_DAILY_ALLOWANCE: intIn("PERSON_RECORD_DAILY_ALLOWANCE", 1000, 1, 1_000_000),
  AUDIT_RETENTION_DAYS: intIn("AUDIT_RETENTION_DAYS", 365, 30, 3650),
  DYNAMIC_CLIENT_REGISTRATION: bool("DYNAMIC_CLIENT_REGISTRATION", true),
  DEMO_DATA: bool("DEMO_DATA", true),
  DEMO_PASSWORD: z.string().min(8, "DEMO_PASSWORD must have at least 8 characters").default(
    "demo-password-2026",
  ),
  SESSION_TTL_DAYS: intIn("SESSION_TTL_DAYS", 30, 1, 365),
  SIGNIN_MAX_AGE_SECONDS: intIn("SIGNIN_MAX_AGE_SECONDS", 600, 30, 86400),
  ACCESS_TOKEN_TTL_SECONDS: intIn("ACCESS_TOKEN_TTL_SECONDS", 600, 60, 3600),
  REFRESH_TOKEN_TTL_DAYS: intIn("REFRESH_TOKEN_TTL_DAYS", 30, 1, 365),
  REFRESH_TOKEN_REUSE_GRACE_SECONDS: intIn("REFRESH_TOKEN_REUSE_GRACE_SECONDS", 30, 0, 300),
  KEY_ENCRYPTION_KEY: z.string().optional().refine(
    (v) => v === undefined || /^[A-Za-z0-9_-]{43}=?$/.test(v.trim()),
    {
      message: "KEY_ENCRYPTION_KEY must be 32 bytes in base64url (43 characters)",
    },
  ),
  SMTP_URL: optionalUrl("SMTP_URL", ["smtp:", "smtps:"]),
  MAIL_FROM: z.string().default("HR Service <hr@localhost>"),
  PUSH_APNS_KEY_FILE: z.string().optional(),
  PUSH_APNS_KEY_ID: z.string().optional(),
  PUSH_APNS_TEAM_ID: z.string().optional(),
  PUSH_APNS_TOPIC: z.string().optional(),
  PUSH_APNS_URL: optionalUrl("PUSH_APNS_URL", ["https:", "http:"]),
  PUSH_FCM_SERVICE_ACCOUNT_FILE: z.string().optional(),
  PUSH_FCM_URL: optionalUrl("PUSH_FCM_URL", ["https:", "http:"]),
  WEB_PUSH_ALLOWED_HOSTS: z.string().optional().transform((v, ctx) => {
    if (v === undefined || v.trim() === "") return undefined;
    const out: string[] = [];
    for (const part of v.split(/[\s,]+/).filter(Boolean).map((x) => x.toLowerCase())) {
      if (!WEB_PUSH_HOST.test(part)) {
        ctx.addIssue({
          code: "custom",
          message: `WEB_PUSH_ALLOWED_HOSTS: '${part}' is not a host name such as fcm.googleapis.com, ` +
            "*.push.apple.com or localhost:8443",
        });
        return z.NEVER;
      }
      out.push(part);
    }
    return out;
  }),
  WEB_PUSH_VAPID_PRIVATE_KEY: z.string().optional().refine(
    (v) => v === undefined || /^[A-Za-z0-9_-]{43}=?$/.test(v.trim()),
    {
      message:
        "WEB_PUSH_VAPID_PRIVATE_KEY must be a P-256 private key of 32 bytes in base64url (43 characters)",
    },
  ),
  WEB_PUSH_SUBJECT: z.string().optional().refine(
    (v) => v === undefined || /^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/.test(v),
    { message: "WEB_PUSH_SUBJECT must be a mailto: address or an https: URL (RFC 8292)" },
  ),
  OIDC_ISSUER: optionalUrl("OIDC_ISSUER", ["http:", "https:"]),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_DISPLAY_NAME: z.string().default("Single sign-on"),
  APP_REDIRECT_URIS: z.string().optional().transform((v, ctx) => {
    if (v === undefined || v.trim() === "") return [];
    const out: string[] = [];
    for (const raw of v.split(/[\s,]+/).filter(Boolean)) {
      const problem = appRedirectProblem(raw);
      if (problem) {
        ctx.addIssue({ code: "custom", message: `APP_REDIRECT_URIS: ${raw} ${problem}` });
        return z.NEVER;
      }
      out.push(raw);
    }
    return out;
  }),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"], {
    error: "LOG_LEVEL must be debug, info, warn or error",
  })
    .default("info"),
  MAX_BODY_BYTES: intIn("MAX_BODY_BYTES", 1_048_576, 1024, 52_428_800),
  BODY_READ_TIMEOUT_SECONDS: intIn("BODY_READ_TIMEOUT_SECONDS", 30, 1, 600),
  TIME_ZONE: z.string().default("Europe/Zurich").refine((v) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: v });
      return true;
    } catch {
      return false;
    }
  }, { message: "TIME_ZONE must be an IANA time zone such as Europe/Zurich" }),
  TRUSTED_PROXIES: z.string().optional().transform((v, ctx) => {
    if (v === undefined || v.trim() === "") return undefined;
    try {
      return parseTrustedProxies(v);
    } catch (e) {
      ctx.addIssue({ code: "custom", message: `TRUSTED_PROXIES: ${(e as Error).message}` });
      return z.NEVER;
    }
  }),
  PORTAL_REQUESTS_PER_MINUTE: intIn("PORTAL_REQUESTS_PER_MINUTE", 300, 10, 100_000),
  FAULT_STOP_AT: z.enum(FAULT_PHASES, {
    error: `FAULT_STOP_AT (a testing aid) must be one of ${FAULT_PHASES.join(", ")}, or unset`,
  }).optional(),
}).superRefine((v, ctx) => {
  if (v.OIDC_ISSUER && !v.OIDC_CLIENT_ID) {
    ctx.addIssue({
      code: "custom",
      path: ["OIDC_CLIENT_ID"],
      message: "OIDC_CLIENT_ID is required with OIDC_ISSUER",
    });
  }
});

/** The parsed configuration the rest of the program receives; nothing else reads the environment. */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  databaseAuthToken?: string;
  /** `PRAGMA synchronous` of a local database file (NORMAL: no fsync per commit in WAL mode; FULL: one). */
  databaseSynchronous: "NORMAL" | "FULL";
  /** How long a write waits for another process's lock on a local file before it answers 503. */
  databaseLockWaitMs: number;
  /** Public origin, no trailing slash; the OAuth issuer. */
  issuer: string;
  /** The canonical MCP resource URL: `<issuer>/api/mcp`. */
  mcpResource: string;
  mcpEnabled: boolean;
  /**
   * Browser origins allowed to call the connector with a valid token; undefined: any (the token is the
   * credential). The service's own origin is always allowed.
   */
  mcpAllowedOrigins?: string[];
  personRecordDailyAllowance: number;
  /**
   * Days the connector's audit rows, person-record counters and export records are kept (then deleted by
   * `hr-service retention run`). A year by default: Art. 4 para. 5 of the Swiss data protection ordinance
   * (DSV) asks logs of automated processing of sensitive data (health: sick leave) to be kept at least one year.
   */
  auditRetentionDays: number;
  dynamicClientRegistration: boolean;
  demoData: boolean;
  demoPassword: string;
  sessionTtlDays: number;
  signinMaxAgeSeconds: number;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /**
   * How long after its rotation a refresh token presented again by the same client is taken as a retry (a
   * lost answer, two refreshes in parallel) rather than reuse; 0 turns the grace off.
   */
  refreshReuseGraceSeconds: number;
  /** Encrypts the token-signing private keys at rest (else a key file beside a local database). */
  keyEncryptionKey?: string;
  smtpUrl?: string;
  /** Push to Apple devices: all four set, or APNs is off (pushes to iPhones stay queued). */
  pushApns?: { keyFile: string; keyId: string; teamId: string; topic: string; url: string };
  /** Push to Android devices: the service account's JSON file, or FCM is off. */
  pushFcm?: { serviceAccountFile: string; url: string };
  /**
   * Push to browsers (Web Push, RFC 8030/8291/8292), always on: the push services a subscription's endpoint
   * may be at (host names, `*.` for any below), the VAPID private key when set (else one is made at first
   * start and kept sealed in the database), and the contact the push services see in each VAPID token.
   */
  webPush: { allowedHosts: string[]; vapidPrivateKey?: string; subject: string };
  mailFrom: string;
  oidc?: { issuer: string; clientId: string; clientSecret?: string; displayName: string };
  /**
   * Where a native app may receive the one-time code of its sign-in through the upstream provider
   * (`APP_REDIRECT_URIS`): claimed https URLs or private-use schemes, compared exactly.
   */
  appRedirectUris: string[];
  logLevel: "debug" | "info" | "warn" | "error";
  maxBodyBytes: number;
  /** Seconds a request body may take to arrive (408 beyond). */
  bodyReadTimeoutSeconds: number;
  /** The installation's time zone: "today", this week and this year for people are local days in it. */
  timeZone: string;
  /** Reverse proxies whose `Forwarded`/`X-Forwarded-For` name the client (off by default). */
  trustedProxies?: ReturnType<typeof parseTrustedProxies>;
  /** Portal requests per account (before sign-in: per address) and minute; 429 with Retry-After beyond. */
  portalRequestsPerMinute: number;
  /**
   * A testing aid, unset in every real installation: the process kills itself (SIGKILL, no cleanup) when a
   * connector commit reaches this phase, so the fault tests can prove what a restart finds.
   */
  faultStopAt?: FaultPhase;
}

/**
 * Why a native app's redirect URI is not acceptable, or null (RFC 8252 §7): an https URL the app claims
 * (§7.2), or a private-use scheme in reverse domain notation, which has a dot so that it cannot be a
 * common scheme another app also registers (§7.1). Plain http, fragments and loopback ports are refused:
 * a phone app has no use for them, and an http redirect could be read on the way.
 */
export function appRedirectProblem(raw: string): string | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return "is not a URL";
  }
  if (u.hash || raw.includes("#")) return "must not have a fragment";
  if (u.protocol === "https:") return u.hostname ? null : "needs a host";
  if (u.protocol === "http:" || u.protocol === "javascript:" || u.protocol === "data:") {
    return "must be https or a private-use scheme such as com.example.app:/callback";
  }
  const scheme = u.protocol.slice(0, -1);
  if (!/^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+$/.test(scheme)) {
    return "needs a private-use scheme in reverse domain notation, such as com.example.app";
  }
  return null;
}

/**
 * The VAPID contact when `WEB_PUSH_SUBJECT` is not set: the public origin when it is https (the push services
 * can reach the operator there), else the sender address of the service's mail.
 */
function vapidSubject(issuer: string, mailFrom: string): string {
  if (issuer.startsWith("https://")) return issuer;
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

/** Thrown with every offending variable named, so the operator fixes them all in one go. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join("\n  - ")}`);
    this.name = "ConfigError";
  }
}

/** Parses the environment into a Config or throws a ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const r = schema.safeParse(clean);
  if (!r.success) {
    throw new ConfigError(r.error.issues.map((i) => {
      const name = String(i.path[0] ?? "");
      return i.message.includes(name) ? i.message : `${name}: ${i.message}`;
    }));
  }
  const v = r.data;
  const issuer = v.MCP_ISSUER_URL ?? `http://localhost:${v.PORT}`;
  return {
    port: v.PORT,
    host: v.HOST,
    databaseUrl: v.DATABASE_URL,
    databaseAuthToken: v.DATABASE_AUTH_TOKEN,
    databaseSynchronous: v.DATABASE_SYNCHRONOUS,
    databaseLockWaitMs: v.DATABASE_LOCK_WAIT_MS,
    issuer,
    mcpResource: `${issuer}/api/mcp`,
    mcpEnabled: v.FEATURE_MCP_CONNECTOR,
    mcpAllowedOrigins: v.MCP_ALLOWED_ORIGINS,
    personRecordDailyAllowance: v.PERSON_RECORD_DAILY_ALLOWANCE,
    auditRetentionDays: v.AUDIT_RETENTION_DAYS,
    dynamicClientRegistration: v.DYNAMIC_CLIENT_REGISTRATION,
    demoData: v.DEMO_DATA,
    demoPassword: v.DEMO_PASSWORD,
    sessionTtlDays: v.SESSION_TTL_DAYS,
    signinMaxAgeSeconds: v.SIGNIN_MAX_AGE_SECONDS,
    accessTokenTtlSeconds: v.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: v.REFRESH_TOKEN_TTL_DAYS,
    refreshReuseGraceSeconds: v.REFRESH_TOKEN_REUSE_GRACE_SECONDS,
    keyEncryptionKey: v.KEY_ENCRYPTION_KEY,
    smtpUrl: v.SMTP_URL,
    pushApns: v.PUSH_APNS_KEY_FILE && v.PUSH_APNS_KEY_ID && v.PUSH_APNS_TEAM_ID && v.PUSH_APNS_TOPIC
      ? {
        keyFile: v.PUSH_APNS_KEY_FILE,
        keyId: v.PUSH_APNS_KEY_ID,
        teamId: v.PUSH_APNS_TEAM_ID,
        topic: v.PUSH_APNS_TOPIC,
        url: v.PUSH_APNS_URL ?? "https://api.push.apple.com",
      }
      : undefined,
    pushFcm: v.PUSH_FCM_SERVICE_ACCOUNT_FILE
      ? {
        serviceAccountFile: v.PUSH_FCM_SERVICE_ACCOUNT_FILE,
        url: v.PUSH_FCM_URL ?? "https://fcm.googleapis.com",
      }
      : undefined,
    webPush: {
      allowedHosts: v.WEB_PUSH_ALLOWED_HOSTS ?? [...DEFAULT_WEB_PUSH_HOSTS],
      vapidPrivateKey: v.WEB_PUSH_VAPID_PRIVATE_KEY?.trim().replace(/=$/, ""),
      subject: v.WEB_PUSH_SUBJECT ?? vapidSubject(issuer, v.MAIL_FROM),
    },
    mailFrom: v.MAIL_FROM,
    oidc: v.OIDC_ISSUER && v.OIDC_CLIENT_ID
      ? {
        issuer: v.OIDC_ISSUER,
        clientId: v.OIDC_CLIENT_ID,
        clientSecret: v.OIDC_CLIENT_SECRET,
        displayName: v.OIDC_DISPLAY_NAME,
      }
      : undefined,
    appRedirectUris: v.APP_REDIRECT_URIS,
    logLevel: v.LOG_LEVEL,
    maxBodyBytes: v.MAX_BODY_BYTES,
    bodyReadTimeoutSeconds: v.BODY_READ_TIMEOUT_SECONDS,
    timeZone: v.TIME_ZONE,
    trustedProxies: v.TRUSTED_PROXIES,
    portalRequestsPerMinute: v.PORTAL_REQUESTS_PER_MINUTE,
    faultStopAt: v.FAULT_STOP_AT,
  };
}

/**
 * Whether a host is a loopback address as OAuth 2.1 and RFC 8252 §8.3 mean it: `localhost`, 127.0.0.0/8 or
 * `[::1]` (a URL's `hostname`, so IPv6 in brackets).
 */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return h === "localhost" || h === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/**
 * What `serve` logs at start about a configuration that is valid but will not work as meant. A connector
 * whose issuer is plain http on a host that is not loopback: OAuth 2.1 requires https for the authorization
 * server's endpoints except on loopback, and clients enforce it (the MCP SDK v2 refuses such a token
 * endpoint), so assistants could discover the connector but never get a token.
 */
export function logStartWarnings(config: Config, log: Pick<Logger, "warn">): void {
  if (!config.mcpEnabled) return;
  const issuer = new URL(config.issuer);
  if (issuer.protocol === "http:" && !isLoopbackHost(issuer.hostname)) {
    log.warn(
      "MCP_ISSUER_URL is plain http on a host that is not loopback: assistants (OAuth 2.1 clients) refuse its token endpoint; serve the public origin over https",
      { issuer: config.issuer },
    );
  }
}

/** The env file the service and the commands read when `HR_SERVICE_ENV_FILE` does not name another. */
export const DEFAULT_ENV_FILE = "/etc/hr-service.env";

/**
 * The variables of an env file, as systemd's `EnvironmentFile=` reads the same file: `KEY=value` lines, blank
 * lines and lines starting with `#` or `;` ignored, an optional `export ` in front; a value in double quotes
 * (`\"`, `\\` and `\n` inside), in single quotes (taken as written) or bare (trimmed; a `#` in it is part of
 * the value, as in a password). A line that is none of these stops with its line number and, when it starts
 * with the name of a setting, that name: never the line's text, which may hold a password (`SMTP_URL
 * smtp://hr:secret@…` without its `=`).
 */
export function parseEnvFile(text: string, name: string): Record<string, string> {
  const out: Record<string, string> = {};
  const problems: string[] = [];
  text.replace(/^\uFEFF/, "").split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith(";")) return;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!m) {
      const word = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)/.exec(line)?.[1];
      problems.push(
        word && Object.hasOwn(schema.shape, word)
          ? `${name}, line ${i + 1}: expected KEY=value; the line of ${word} has no "=" after the name`
          : `${name}, line ${i + 1}: expected KEY=value (the line is not shown: it may hold a secret)`,
      );
      return;
    }
    const [, key, value] = m;
    if (value.startsWith('"')) {
      const q = /^"((?:[^"\\]|\\.)*)"$/.exec(value);
      if (!q) return void problems.push(`${name}, line ${i + 1}: ${key}'s value opens a " it does not close`);
      out[key] = q[1].replace(/\\(.)/g, (_, c: string) => c === "n" ? "\n" : c);
    } else if (value.startsWith("'")) {
      const q = /^'([^']*)'$/.exec(value);
      if (!q) return void problems.push(`${name}, line ${i + 1}: ${key}'s value opens a ' it does not close`);
      out[key] = q[1];
    } else out[key] = value;
  });
  if (problems.length) throw new ConfigError(problems);
  return out;
}

/**
 * The environment with the env file's variables added: the file `HR_SERVICE_ENV_FILE` names (it must exist),
 * else `/etc/hr-service.env` when it exists; `HR_SERVICE_ENV_FILE=` (empty) reads none. A variable set in the
 * environment (not empty) wins over the file, as systemd's `Environment=` lines and a shell's `VAR=… hr-service`
 * do. The service and every command read the same file, so a command run from a plain shell writes the
 * service's public origin into its e-mails. Returns the file read, if any, with the environment, and a warning
 * when the file is open to accounts that should not have it (`envFileModeWarning`).
 */
export async function withEnvFile(
  env: Record<string, string | undefined>,
): Promise<{ env: Record<string, string | undefined>; file?: string; warnings: string[] }> {
  const named = env.HR_SERVICE_ENV_FILE;
  if (named === "") return { env, warnings: [] };
  const file = named ?? DEFAULT_ENV_FILE;
  let text: string;
  try {
    text = await Deno.readTextFile(file);
  } catch (e) {
    if (named === undefined && e instanceof Deno.errors.NotFound) return { env, warnings: [] };
    const why = e instanceof Deno.errors.NotFound
      ? "it does not exist"
      : e instanceof Deno.errors.PermissionDenied
      ? "permission denied: run the command as the service's user, e.g. sudo -u hr hr-service …"
      : (e as Error).message;
    throw new ConfigError([
      `${named === undefined ? "" : "HR_SERVICE_ENV_FILE: "}cannot read the env file ${file} (${why})`,
    ]);
  }
  const merged: Record<string, string | undefined> = { ...env };
  for (const [k, v] of Object.entries(parseEnvFile(text, file))) {
    if (merged[k] === undefined || merged[k] === "") merged[k] = v;
  }
  const mode = Deno.build.os === "windows" ? null : await Deno.stat(file).then((s) => s.mode, () => null);
  const warning = mode === null ? null : envFileModeWarning(file, mode);
  return { env: merged, file, warnings: warning ? [warning] : [] };
}

/**
 * The warning for an env file that every account of the machine may read (it holds the database's and the
 * mail server's passwords, the key-encryption key) or that others than its owner may change (whoever writes it
 * chooses where the service sends mail and which database it opens); null for 0600 or 0640, the modes an
 * installation gives it. The same kind of warning as for the data folder's files, with the `chmod` that fixes
 * it.
 */
export function envFileModeWarning(file: string, mode: number): string | null {
  const bits = mode & 0o777;
  const open = bits & 0o026;
  if (!open) return null;
  const what = [
    bits & 0o004 ? "readable by every account of this machine" : "",
    bits & 0o022 ? `writable by ${bits & 0o002 ? "every account" : "its group"}` : "",
  ].filter(Boolean).join(" and ");
  return `Warning: the env file ${file} is ${what} (mode ${bits.toString(8).padStart(3, "0")}); run chmod ${
    (bits & ~0o026 & 0o777).toString(8).padStart(3, "0")
  } ${file}`;
}

/** What the serving process ran with, stored at its start (`service.served_with`) for the commands to compare. */
export interface ServedWith {
  issuer: string;
  smtp: boolean;
  /** Epoch ms of the start. */
  startedAt: number;
}

/** What the service stores about its settings at start. */
export function servedWith(config: Config, now: number): ServedWith {
  return { issuer: config.issuer, smtp: config.smtpUrl !== undefined, startedAt: now };
}

/**
 * Warnings for a command whose settings differ from those the service last started with: its e-mails would
 * carry another origin's links, or its mail would be said to stay queued when the service sends it (or the
 * other way round).
 */
export function differencesFromService(config: Config, served: ServedWith | null): string[] {
  if (!served) return [];
  const when = new Date(served.startedAt).toISOString().slice(0, 16).replace("T", " ");
  const fix = `Give the command the service's settings: put them in ${DEFAULT_ENV_FILE} (or the file ` +
    "HR_SERVICE_ENV_FILE names), which the service and the commands both read.";
  const out: string[] = [];
  if (served.issuer !== config.issuer) {
    out.push(
      `Warning: this command's public origin (MCP_ISSUER_URL) is ${config.issuer}, but the service started on ` +
        `${when} UTC with ${served.issuer}: links this command puts in e-mails point to the wrong place. ${fix}`,
    );
  }
  if (served.smtp !== (config.smtpUrl !== undefined)) {
    out.push(
      served.smtp
        ? `Warning: SMTP_URL is not set for this command, but the service started on ${when} UTC with it: ` +
          `mail this command queues is sent by the service. ${fix}`
        : `Warning: SMTP_URL is set for this command, but the service started on ${when} UTC without it: mail ` +
          `stays queued until the service runs with SMTP_URL. ${fix}`,
    );
  }
  return out;
}
