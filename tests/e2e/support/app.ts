import { cp, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext } from "@playwright/test";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Language } from "../../../src/common/languages";
import { buildApp } from "../../../src/server/app";
import { createSession, type UserRow } from "../../../src/server/auth/sessions";
import { type AppConfig, loadConfig } from "../../../src/server/config";
import type { Database } from "../../../src/server/db/database";
import { emailOutbox, users } from "../../../src/server/db/schema";
import { acceptInvitation } from "../../../src/server/invitations/service";
import { createUser, type NewUser } from "../../support/actors";
import { SESSION_COOKIE } from "../../support/cookies";
import { type S3TestServer, startS3rver } from "../../support/s3rver";
import { extractLink, type SmtpSink, startSmtpSink } from "../../support/smtp-sink";
import { TEMPLATE_ENV } from "./global-setup";

/** The Events gate password of every app under test (EVENTS_PASSWORD). */
export const EVENTS_PASSWORD = "e2e-events-passphrase";
/** The Channel Partner gate password of every app under test (CHANNEL_PARTNER_PASSWORD). */
export const PARTNER_PASSWORD = "e2e-partner-passphrase";
/** Where every app under test sends lead notices (SALES_EMAIL). */
export const SALES_EMAIL = "sales@example.com";
/** Where every app under test sends demo registrations (DEMO_REGISTRATION_EMAIL). */
export const DEMO_DESK_EMAIL = "demo-desk@example.com";

/** What a test may say about a seeded user: {@link NewUser} plus the language (English unless told). */
export interface SeededUser extends NewUser {
  language?: Language;
}

/** How an app under test is built beyond the defaults of {@link TestApp.start}. */
export interface TestAppOptions {
  /**
   * Where uploaded files go: `local` (DATA_DIR/uploads, the default) or `s3`, a bucket of an
   * s3rver of the app's own (`@20minutes/s3rver`, signature checking on, tests/support/s3rver.ts)
   * that the app reaches through the AWS SDK (ADR 0050), as production does with S3_BUCKET set.
   */
  storage?: "local" | "s3";
  /**
   * Variables that replace s3rver's for the app (storage `s3` only), e.g. a wrong
   * AWS_SECRET_ACCESS_KEY, which s3rver refuses with 403 SignatureDoesNotMatch.
   */
  s3Env?: Record<string, string>;
}

/** A TCP port on 127.0.0.1 that nothing listens on right now (another process may take it next). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/**
 * One AisleIQ server under test, built in the Playwright worker's own process with `buildApp`
 * (the factory `main.ts` uses) on its own PGlite data directory, copied from the migrated
 * template of the global setup, with a real SMTP sink (and, when asked, an s3rver bucket for its
 * uploads, {@link TestAppOptions}), serving the production builds from `build/site` and
 * `build/client` (ADR 0045, ADR 0064). Besides the address and the sink it gives tests the seeding steps
 * that are not reachable over HTTP: rows written through the server's own database handle and
 * service functions, and sessions started the way a sign-in starts them.
 */
export class TestApp {
  private constructor(
    /** `http://localhost:PORT`, also the app's PUBLIC_URL (the base of emailed links). */
    readonly baseUrl: string,
    readonly config: AppConfig,
    readonly server: FastifyInstance,
    /** Every email the app sends arrives here. */
    readonly smtp: SmtpSink,
    private readonly dataDir: string,
    private readonly s3rver: S3TestServer | undefined,
  ) {}

  /**
   * The app's bucket: s3rver, with an SDK client of its own, `listKeys()` and a request log.
   * @throws when the app stores files on local disk (it was not started with storage `s3`)
   */
  get s3(): S3TestServer {
    if (!this.s3rver) throw new Error("this app stores files on local disk: start it with storage s3");
    return this.s3rver;
  }

  /** The app's database (the handle its routes use). */
  get db(): Database {
    return this.server.ctx.db;
  }

  /**
   * Starts an app on a fresh copy of the template database, listening on a free port of
   * 127.0.0.1. Its configuration: NODE_ENV=test, the gate passwords and mailboxes exported
   * above, a 200 ms outbox retry base, and TRUST_PROXY=loopback so each test can be its own
   * client address for the rate limits (`X-Forwarded-For`, tests/e2e/support/fixtures.ts).
   * Uploads go to local disk, or to a new s3rver when `options.storage` is `s3`.
   * @throws when the global setup did not run (no template) or the app cannot start
   */
  static async start(options: TestAppOptions = {}): Promise<TestApp> {
    const template = process.env[TEMPLATE_ENV];
    if (!template)
      throw new Error(`${TEMPLATE_ENV} is unset: run the e2e tests through playwright.config.ts`);
    const dataDir = await mkdtemp(path.join(tmpdir(), "aisleiq-e2e-"));
    await cp(template, path.join(dataDir, "db"), { recursive: true });
    const smtp = await startSmtpSink();
    const s3rver = options.storage === "s3" ? await startS3rver() : undefined;
    const storageEnv = s3rver ? { ...s3rver.env, ...options.s3Env } : {};
    // The public URL names the port, so it is chosen first; another process may take it in
    // between (EADDRINUSE), then the app is built again on another one.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const baseUrl = `http://localhost:${port}`;
      const config = loadConfig({
        NODE_ENV: "test",
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        CLIENT_DIR: path.resolve("build/client"),
        SITE_DIR: path.resolve("build/site"),
        SMTP_URL: smtp.url,
        LOG_LEVEL: "warn",
        OUTBOX_RETRY_BASE_MS: "200",
        TRUST_PROXY: "loopback",
        EVENTS_PASSWORD,
        CHANNEL_PARTNER_PASSWORD: PARTNER_PASSWORD,
        SALES_EMAIL,
        DEMO_REGISTRATION_EMAIL: DEMO_DESK_EMAIL,
        ...storageEnv,
      });
      const server = await buildApp(config);
      try {
        await server.listen({ port, host: config.HOST });
        return new TestApp(baseUrl, config, server, smtp, dataDir, s3rver);
      } catch (error) {
        await server.close();
        if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || attempt >= 5) {
          await smtp.close();
          await s3rver?.close();
          await rm(dataDir, { recursive: true, force: true });
          throw error;
        }
      }
    }
  }

  /** Closes the app, its database, the SMTP sink and s3rver, and removes the data directory. */
  async close(): Promise<void> {
    await this.server.close();
    await this.smtp.close();
    await this.s3rver?.close();
    await rm(this.dataDir, { recursive: true, force: true });
  }

  /**
   * Inserts a user (active, English, role `user` unless told otherwise), as an accepted
   * invitation would have left them.
   * @returns the user row
   * @throws on a duplicate email
   */
  async createUser(values: SeededUser): Promise<UserRow> {
    const row = await createUser(this.db, values);
    if (!values.language || values.language === row.language) return row;
    const [updated] = await this.db
      .update(users)
      .set({ language: values.language })
      .where(eq(users.id, row.id))
      .returning();
    if (!updated) throw new Error(`user ${row.email} vanished`);
    return updated;
  }

  /**
   * Signs `context` in as `user` the way a sign-in does (auth/service.ts `verifyMagicLink`):
   * stamps `lastLoginAt` and `isEmailVerified`, starts a session and hands the browser the
   * session cookie with the attributes the server sets (auth/guards.ts). A seeded session keeps
   * no User-Agent or IP and writes no `signed_in` audit entry: a test about those signs in for
   * real (account-records.spec.ts).
   */
  async signIn(context: BrowserContext, user: Pick<UserRow, "id">): Promise<void> {
    await this.db
      .update(users)
      .set({ lastLoginAt: new Date(), isEmailVerified: true })
      .where(eq(users.id, user.id));
    await this.giveSessionCookie(context, await createSession(this.db, user.id));
  }

  /** Sets the session cookie of `session` in `context`, with the attributes the server gives it. */
  private async giveSessionCookie(
    context: BrowserContext,
    session: { token: string; expiresAt: Date },
  ): Promise<void> {
    await context.addCookies([
      {
        name: SESSION_COOKIE,
        value: session.token,
        url: this.baseUrl,
        httpOnly: true,
        sameSite: "Lax",
        expires: Math.floor(session.expiresAt.getTime() / 1000),
      },
    ]);
  }

  /** {@link createUser} then {@link signIn}: a person already signed in in `context`. */
  async signedIn(context: BrowserContext, values: SeededUser): Promise<UserRow> {
    const user = await this.createUser(values);
    await this.signIn(context, user);
    return user;
  }

  /**
   * Accepts the next invitation emailed to `email` as `fullName` through the invitations service
   * (what the accept page's request does) and signs `context` in with the session it starts: for
   * tests whose subject is not the acceptance page (portal.spec.ts covers that page).
   * @returns the new user row
   * @throws when no invitation email arrives, or the service refuses the token
   */
  async acceptInvitation(context: BrowserContext, email: string, fullName: string): Promise<UserRow> {
    const link = extractLink((await this.smtp.nextEmail(email)).raw, "/accept-invitation");
    const token = link.slice(link.lastIndexOf("/") + 1);
    const { user, session } = await acceptInvitation(this.db, token, fullName);
    await this.giveSessionCookie(context, session);
    return user;
  }

  /**
   * Resolves once no email waits in the outbox, so a test can count what was sent: everything
   * the app has accepted so far has then reached the SMTP sink (or failed for good).
   * @throws after `timeoutMs`
   */
  async outboxDrained(timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const pending = await this.db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(eq(emailOutbox.status, "pending"))
        .limit(1);
      if (pending.length === 0) return;
      if (Date.now() > deadline) throw new Error(`the outbox still holds emails after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
