// The baseline that `npm run bench:api` compares AisleIQ's `GET /api/auth/me` with:
// a bare `node:http` server that answers the same JSON from ONE query joining session, user and
// company by SHA-256(token). On PostgreSQL the query is a NAMED prepared statement (parsed and
// planned once per connection); on PGlite it is a parameterised query. No framework, no logging,
// no security headers: the floor a framework adds its costs on top of.
import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";

const ME_SQL = `select u.id, u.email, u.full_name, u.role, u.company_id, u.is_active, u.is_email_verified,
  u.last_login_at, u.created_at, c.name as company_name
  from sessions s join users u on u.id = s.user_id left join companies c on c.id = u.company_id
  where s.token_hash = $1 and s.expires_at > now() limit 1`;

interface MeRow {
  id: number;
  email: string;
  full_name: string;
  role: string;
  company_id: number | null;
  is_active: boolean;
  is_email_verified: boolean;
  last_login_at: Date | null;
  created_at: Date;
  company_name: string | null;
}

/** Runs the session lookup; resolves to the row or undefined. */
export type MeQuery = (tokenHash: string) => Promise<MeRow | undefined>;

/** The lookup on PostgreSQL as a named prepared statement over a pool of `max` connections. */
export function postgresMeQuery(
  connectionString: string,
  max = 10,
): { query: MeQuery; close: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString, max });
  pool.on("error", () => {});
  return {
    query: async (tokenHash) =>
      (await pool.query<MeRow>({ name: "raw_me", text: ME_SQL, values: [tokenHash] })).rows[0],
    close: () => pool.end(),
  };
}

/** The lookup on an open PGlite database. */
export function pgliteMeQuery(client: PGlite): MeQuery {
  return async (tokenHash) => (await client.query<MeRow>(ME_SQL, [tokenHash])).rows[0];
}

function sessionToken(cookieHeader: string | undefined, cookieName: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === cookieName) return value.join("=");
  }
  return undefined;
}

/**
 * Starts the baseline server on 127.0.0.1 and a free port.
 * @param query the session lookup (see {@link postgresMeQuery}, {@link pgliteMeQuery})
 * @param cookieName the session cookie to read
 * @returns the listening server and its port
 */
export async function startRawAuthServer(
  query: MeQuery,
  cookieName: string,
): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => {
    const token =
      request.url === "/api/auth/me" ? sessionToken(request.headers.cookie, cookieName) : undefined;
    if (!token) {
      response
        .writeHead(401, { "content-type": "application/json" })
        .end('{"error":"Unauthenticated","code":"UNAUTHENTICATED"}');
      return;
    }
    query(createHash("sha256").update(token, "utf8").digest("hex")).then(
      (row) => {
        if (!row?.is_active) {
          response
            .writeHead(401, { "content-type": "application/json" })
            .end('{"error":"Unauthenticated","code":"UNAUTHENTICATED"}');
          return;
        }
        const body = JSON.stringify({
          user: {
            id: row.id,
            email: row.email,
            fullName: row.full_name,
            role: row.role,
            companyId: row.company_id,
            isActive: row.is_active,
            isEmailVerified: row.is_email_verified,
            lastLoginAt: row.last_login_at ? row.last_login_at.toISOString() : null,
            createdAt: row.created_at.toISOString(),
          },
          company:
            row.company_id !== null && row.company_name !== null
              ? { id: row.company_id, name: row.company_name }
              : null,
        });
        response.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end(body);
      },
      () => {
        response
          .writeHead(503, { "content-type": "application/json" })
          .end('{"error":"Unavailable","code":"SERVICE_UNAVAILABLE"}');
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return { server, port: typeof address === "object" && address ? address.port : 0 };
}
