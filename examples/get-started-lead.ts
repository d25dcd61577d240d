/**
 * An integrator's client of the AisleIQ API, typed from its OpenAPI document (docs/api.md):
 * posts a Get Started lead, then finds it in the leads inbox with an admin's session.
 *
 * Generate the types first, then run it with Node 24 or newer (it strips the types):
 *
 *   npx openapi-typescript https://aisleiq.example/api/openapi.json -o examples/aisleiq-api.d.ts
 *   AISLEIQ_URL=https://aisleiq.example AISLEIQ_SESSION='__Host-aisleiq_session=…' \
 *     node examples/get-started-lead.ts
 *
 * AISLEIQ_SESSION is an admin's session cookie (`name=value`, as the browser holds it after a
 * magic-link sign-in). Prints the stored lead as JSON; exits 1 when a call fails.
 */
import createClient from "openapi-fetch";
import type { paths } from "./aisleiq-api";

const baseUrl = process.env.AISLEIQ_URL ?? "http://localhost:3000";
const session = process.env.AISLEIQ_SESSION;
if (!session) throw new Error("Set AISLEIQ_SESSION to an admin's session cookie, name=value");

const api = createClient<paths, "application/json">({ baseUrl });
const email = `lead-${Date.now()}@example.com`;

// Public: anyone may post a lead (the document's `security: []`).
const created = await api.POST("/api/send-get-started-email", {
  body: {
    firstName: "Ada",
    lastName: "Lovelace",
    company: "Analytical Grocers",
    phone: "+1 314 555 0100",
    email,
    planTitle: "Optimal",
  },
});
if (created.error) throw new Error(`lead refused: ${created.error.code}: ${created.error.error}`);
const id: number = created.data.id;

// Admins only: the session cookie the `session` security scheme names.
const inbox = await api.GET("/api/leads", {
  params: { query: { q: email } },
  headers: { cookie: session },
});
if (inbox.error) throw new Error(`leads inbox refused: ${inbox.error.code}: ${inbox.error.error}`);
const lead = inbox.data.leads.find((row) => row.id === id);
if (!lead) throw new Error(`lead ${id} is not in the inbox`);
console.log(JSON.stringify({ id: lead.id, email: lead.email, company: lead.company, plan: lead.planTitle }));
