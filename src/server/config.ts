import ipaddr from "ipaddr.js";
import { z } from "zod";
import {
  ADVERSE_ACTION_WAITING_DAYS_DEFAULT,
  DOCUMENT_RETENTION_DAYS_DEFAULT,
  S3_IDLE_TIMEOUT_MS,
} from "../common/limits";
import { trimSlashes } from "../common/text";
import { decodeDataKey } from "./crypto/sealed";

/**
 * Server configuration, parsed once from the environment (docs/architecture.md#configuration).
 * The variable names are part of the public interface: never rename one.
 */
const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

/** A 32-byte data key, base64 or hex (ADR 0074); the error message never repeats the value. */
const dataKeyField = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .refine((value) => decodeDataKey(value) !== undefined, {
      message: "must be 32 random bytes, base64 or hex (e.g. `openssl rand -base64 32`)",
    })
    .optional(),
);

/** `true`/`1`/`yes` or `false`/`0`/`no` (any case); unset or empty: undefined. */
const booleanField = z.preprocess(
  (value) => (typeof value === "string" ? value.trim().toLowerCase() : value),
  z
    .union([z.literal(""), z.enum(["true", "1", "yes", "false", "0", "no"])])
    .optional()
    .transform((value) =>
      value === undefined || value === "" ? undefined : ["true", "1", "yes"].includes(value),
    ),
);

/** Named ranges proxy-addr understands in a trust list, besides IP addresses and CIDR blocks. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * `TRUST_PROXY` (ADR 0016): which peers may set `X-Forwarded-For`.
 * Unset or empty: trust nothing (`false`); a whole number: that many proxy hops in front of the
 * server; otherwise a comma-separated list of IP addresses, CIDR blocks or the names `loopback`,
 * `linklocal`, `uniquelocal`.
 */
const trustProxyField = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .transform((value, context): false | number | string[] => {
      const raw = value?.trim() ?? "";
      if (raw === "") return false;
      if (/^\d+$/.test(raw)) return Number(raw);
      const entries = raw.split(",").map((entry) => entry.trim());
      const bad = entries.filter(
        (entry) => !(PROXY_RANGE_NAMES.has(entry) || ipaddr.isValid(entry) || ipaddr.isValidCIDR(entry)),
      );
      if (bad.length > 0) {
        context.addIssue({
          code: "custom",
          message: `expected a hop count or a comma-separated list of IPs / CIDR blocks; not valid: ${bad.join(", ")}`,
        });
        return z.NEVER;
      }
      return entries;
    }),
);

const configSchema = z
  .object({
    NODE_ENV: z.preprocess(
      emptyToUndefined,
      z.enum(["development", "production", "test"]).default("development"),
    ),
    PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
    HOST: z.preprocess(emptyToUndefined, z.string().default("127.0.0.1")),
    PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
    DATABASE_URL: optionalString,
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
    SMTP_URL: optionalString,
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default("AisleIQ <no-reply@localhost>")),
    SALES_EMAIL: z.preprocess(emptyToUndefined, z.string().default("sales@localhost")),
    DEMO_REGISTRATION_EMAIL: z.preprocess(emptyToUndefined, z.string().default("demo@localhost")),
    /** Overrides of the default retailer demo (ADR 0006): company email domain and app download pages. */
    DEMO_EMAIL_DOMAIN: optionalString,
    DEMO_ANDROID_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
    DEMO_IOS_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
    INITIAL_ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
    EVENTS_PASSWORD: z.preprocess(emptyToUndefined, z.string().default("events-demo")),
    CHANNEL_PARTNER_PASSWORD: z.preprocess(emptyToUndefined, z.string().default("partner-demo")),
    S3_BUCKET: optionalString,
    S3_ENDPOINT: optionalString,
    S3_REGION: optionalString,
    /** Path-style S3 URLs (MinIO, Ceph); unset: path style exactly when S3_ENDPOINT is set (ADR 0050). */
    S3_FORCE_PATH_STYLE: booleanField,
    /** An S3 connection silent this long fails its request, in ms (ADR 0050). */
    S3_TIMEOUT_MS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(10).max(600_000).default(S3_IDLE_TIMEOUT_MS),
    ),
    /** S3 credentials (ADR 0050), the AWS SDKs' standard variable names; used only with S3_BUCKET. */
    AWS_ACCESS_KEY_ID: optionalString,
    AWS_SECRET_ACCESS_KEY: optionalString,
    AWS_SESSION_TOKEN: optionalString,
    REDIS_URL: optionalString,
    TRUST_PROXY: trustProxyField,
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    ),
    /** Built browser app to serve (portal and IMU demo shells, assets; ADR 0064); unset or missing: none. */
    CLIENT_DIR: z.preprocess(emptyToUndefined, z.string().default("build/client")),
    /**
     * Built static site to serve (public pages, not-found pages, assets; ADR 0064); unset or
     * missing: none. With neither build, the server is the API alone.
     */
    SITE_DIR: z.preprocess(emptyToUndefined, z.string().default("build/site")),
    /** First retry delay of the email outbox in ms; doubles per attempt (see mail/outbox/queue.ts). */
    OUTBOX_RETRY_BASE_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(10).default(5000)),
    /**
     * Days the files of a decided background check are kept after the decision; 0 keeps them
     * (no purge). ADR 0058.
     */
    DOCUMENT_RETENTION_DAYS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(0).max(36_500).default(DOCUMENT_RETENTION_DAYS_DEFAULT),
    ),
    /**
     * Business days a person has to answer a pending rejection before it becomes final (ADR
     * 0083); weekends and US federal holidays do not count. Production refuses less than 5;
     * 0 lets a development trial finalize at the next sweep.
     */
    ADVERSE_ACTION_WAITING_DAYS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(0).max(60).default(ADVERSE_ACTION_WAITING_DAYS_DEFAULT),
    ),
    /**
     * Bearer token `GET /metrics` requires (docs/operations.md#metrics); unset: no `/metrics` on
     * the public port. At least 16 characters, so a guessable one is refused at start.
     */
    METRICS_TOKEN: z.preprocess(
      emptyToUndefined,
      z.string().min(16, "must be at least 16 characters (e.g. `openssl rand -hex 32`)").optional(),
    ),
    /** A second listener on 127.0.0.1 serving `/metrics` without a token; unset: none. */
    METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
    /** The CRM webhook every new lead and demo registration is POSTed to (ADR 0051); unset: none. */
    LEAD_WEBHOOK_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
    /** The HMAC-SHA256 key that signs each webhook delivery (docs/operations.md#crm-webhook). */
    LEAD_WEBHOOK_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(16, "must be at least 16 characters (e.g. `openssl rand -hex 32`)").optional(),
    ),
    /**
     * Encrypts the credentials of emails waiting in the outbox (ADR 0074): 32 random bytes, base64
     * or hex. Required in production; elsewhere a key is generated into DATA_DIR when unset.
     */
    DATA_ENCRYPTION_KEY: dataKeyField,
    /** The key before a rotation: still opens what it sealed, never seals (ADR 0074). */
    DATA_ENCRYPTION_KEY_PREVIOUS: dataKeyField,
    /**
     * Lets `NODE_ENV=production` start with an `http://` PUBLIC_URL, for a local trial of
     * production mode only (cookies are then not Secure); see {@link productionProblems}.
     */
    ALLOW_HTTP_PUBLIC_URL: z.preprocess(emptyToUndefined, z.enum(["true", "false", "1", "0"]).optional()),
  })
  .superRefine((env, context) => {
    if (env.LEAD_WEBHOOK_URL && !env.LEAD_WEBHOOK_SECRET) {
      context.addIssue({
        code: "custom",
        path: ["LEAD_WEBHOOK_SECRET"],
        message: "is required with LEAD_WEBHOOK_URL: every delivery is signed with it",
      });
    }
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: trimSlashes(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`),
  }));

export type AppConfig = z.infer<typeof configSchema>;

/** The gate passwords the code ships with (README "Configuration"): public, so never for production. */
export const PUBLIC_GATE_PASSWORDS = {
  EVENTS_PASSWORD: "events-demo",
  CHANNEL_PARTNER_PASSWORD: "partner-demo",
} as const;

/**
 * What makes a configuration unsafe to run with `NODE_ENV=production` (docs/operations.md
 * "Production checks"): a gate password unset or one of the public defaults; a
 * `PUBLIC_URL` that is not `https://` (unless `ALLOW_HTTP_PUBLIC_URL=true`, for a local trial of
 * production mode); `SMTP_URL` unset, since sign-in links must never go to the log.
 * @param env the raw environment: an unset gate password is told apart from the default typed in
 * @returns one short sentence per problem, each starting with the variable's name; empty when
 *   safe or not in production
 */
export function productionProblems(
  config: AppConfig,
  env: Record<string, string | undefined> = process.env,
): string[] {
  if (config.NODE_ENV !== "production") return [];
  const problems: string[] = [];
  for (const name of ["EVENTS_PASSWORD", "CHANNEL_PARTNER_PASSWORD"] as const) {
    if (!env[name]) problems.push(`${name} is unset (set a password of your own)`);
    else if (config[name] === PUBLIC_GATE_PASSWORDS[name]) {
      problems.push(
        `${name} is the public default "${PUBLIC_GATE_PASSWORDS[name]}" (set a password of your own)`,
      );
    }
  }
  const allowHttp = config.ALLOW_HTTP_PUBLIC_URL === "true" || config.ALLOW_HTTP_PUBLIC_URL === "1";
  if (!config.PUBLIC_URL.startsWith("https://") && !allowHttp) {
    problems.push(
      `PUBLIC_URL is ${env.PUBLIC_URL ? "not https://" : "unset"} (set the site's https:// address; ALLOW_HTTP_PUBLIC_URL=true allows http for a local trial only)`,
    );
  }
  if (!config.SMTP_URL) problems.push("SMTP_URL is unset (sign-in links would be printed to the log)");
  if (!config.DATA_ENCRYPTION_KEY) {
    problems.push(
      "DATA_ENCRYPTION_KEY is unset (it encrypts the sign-in links and invitations waiting to be sent; generate one with `openssl rand -base64 32`)",
    );
  }
  if (config.ADVERSE_ACTION_WAITING_DAYS < ADVERSE_ACTION_WAITING_DAYS_DEFAULT) {
    problems.push(
      `ADVERSE_ACTION_WAITING_DAYS is ${config.ADVERSE_ACTION_WAITING_DAYS} (a person gets at least ${ADVERSE_ACTION_WAITING_DAYS_DEFAULT} business days to answer a pending rejection)`,
    );
  }
  return problems;
}

/**
 * Parses configuration from an environment-like record.
 * @param env usually `process.env`
 * @returns the typed configuration with defaults applied
 * @throws Error whose message lists every invalid variable, one per line
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

/**
 * The `trustProxy` option for Fastify from {@link AppConfig.TRUST_PROXY}: `false` (the socket
 * address is the client), a function trusting the first `n` hops (Fastify 5 ignores a bare number
 * as a fail-safe, so the count is given as a function, like Express's), or the address list.
 */
export function trustProxyOption(
  value: AppConfig["TRUST_PROXY"],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === "number") {
    const hops = value;
    return hops === 0 ? false : (_address: string, hop: number) => hop < hops;
  }
  return value;
}
