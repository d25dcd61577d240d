import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { demoRegistrations, leads, users } from "../../src/server/db/schema";
import { createActor, createUser } from "../support/actors";
import { verifyTokenFrom } from "../support/smtp-sink";
import { invitationTokenFrom } from "./portal/helpers";
import { testBackends } from "./support/database";
import { useTestDatabase, useTestServer, verifyToken } from "./support/fixture";
import { demoRegistrationBody, leadBody } from "./support/payloads";

/**
 * Emails go out in the recipient's language (ADR 0025): the magic link in the
 * user's stored language (the first admin's: the setup request's), the invitation in the
 * invitation's, the lead and demo confirmations in the submitter's (the form's `language`, else
 * the `lang` cookie). Spanish when that language is `es`, English otherwise; subject and a body
 * phrase are checked in both. Also the signed-in user's language endpoint.
 */

const ES = "lang=es";

describe.each(testBackends())("emails in the recipient's language on $name", (backend) => {
  const database = useTestDatabase(backend);
  const f = useTestServer(database);

  it("emails the first admin in the language of the setup request, and stores it", async () => {
    const response = await f.server.request("POST", "/api/admin/create-initial", {
      json: { email: "ana.admin@example.com", fullName: "Ana Admin" },
      cookie: ES,
    });
    expect(response.status).toBe(201);
    const mail = await f.smtp.nextEmail("ana.admin@example.com");
    expect(mail.subject).toBe("Su enlace para entrar a AisleIQ");
    expect(mail.text).toContain("Hola, Ana Admin:");
    expect(mail.text).toContain("Vence en 15 minutos y sirve una sola vez.");
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.html).toContain("O copie este enlace y péguelo en su navegador:");
    const [row] = await f.db.select().from(users).where(eq(users.email, "ana.admin@example.com"));
    expect(row?.language).toBe("es");
  });

  it("sends the magic link in the user's stored language, whatever the requesting browser's cookie", async () => {
    await createUser(f.db, { email: "sofia@example.com", fullName: "Sofía" });
    await f.db.update(users).set({ language: "es" }).where(eq(users.email, "sofia@example.com"));
    await createUser(f.db, { email: "sam@example.com", fullName: "Sam" });

    await f.server.request("POST", "/api/auth/send-magic-link", { json: { email: "sofia@example.com" } });
    const spanish = await f.smtp.nextEmail("sofia@example.com");
    expect(spanish.subject).toBe("Su enlace para entrar a AisleIQ");
    expect(spanish.text).toContain("Use el enlace seguro de abajo para entrar a AisleIQ.");
    // The link's page learns the email's language, for a browser that chose none (ADR 0025).
    const token = verifyTokenFrom(spanish, f.server.config.PUBLIC_URL);
    const inspected = await f.server.request("POST", "/api/auth/magic-link/inspect", { json: { token } });
    expect(inspected.body).toMatchObject({ bound: false, language: "es" });

    await f.server.request("POST", "/api/auth/send-magic-link", {
      json: { email: "sam@example.com" },
      cookie: ES,
    });
    const english = await f.smtp.nextEmail("sam@example.com");
    expect(english.subject).toBe("Your AisleIQ sign-in link");
    expect(english.text).toContain("It expires in 15 minutes and works once.");
    expect(english.html).toContain("Or paste this link into your browser:");
  });

  it("writes the invitation in the chosen language, else the inviter's cookie, else English; the account takes it", async () => {
    const admin = await createActor(f.db, { email: "inviter@example.com", role: "admin", fullName: "Iris" });
    const send = (email: string, extra: Record<string, unknown>, cookie: string) =>
      f.server.request("POST", "/api/invitations/send", {
        json: { email, role: "user", ...extra },
        cookie,
      });

    expect((await send("chosen@example.com", { language: "es" }, admin.cookie)).status).toBe(201);
    const chosen = await f.smtp.nextEmail("chosen@example.com");
    expect(chosen.subject).toBe("Tiene una invitación a AisleIQ");
    expect(chosen.text).toContain(
      "Iris le envió una invitación para unirse a AisleIQ con el rol de usuario.",
    );
    expect(chosen.text).toContain("Vence en 7 días y sirve una sola vez.");

    expect((await send("cookie@example.com", {}, `${admin.cookie}; ${ES}`)).status).toBe(201);
    const byCookie = await f.smtp.nextEmail("cookie@example.com");
    expect(byCookie.subject).toBe("Tiene una invitación a AisleIQ");

    expect((await send("plain@example.com", {}, admin.cookie)).status).toBe(201);
    const english = await f.smtp.nextEmail("plain@example.com");
    expect(english.subject).toBe("You're invited to AisleIQ");
    expect(english.text).toContain("Iris invited you to join AisleIQ as a User.");

    // An explicit English choice beats a Spanish cookie.
    expect((await send("english@example.com", { language: "en" }, `${admin.cookie}; ${ES}`)).status).toBe(
      201,
    );
    expect((await f.smtp.nextEmail("english@example.com")).subject).toBe("You're invited to AisleIQ");

    // A resend keeps the invitation's language; the accepted account takes it too.
    const [pending] = (
      await f.server.request("GET", "/api/invitations", { cookie: admin.cookie })
    ).body.filter((row: { email: string }) => row.email === "chosen@example.com");
    expect(
      (await f.server.request("POST", `/api/invitations/${pending.id}/resend`, { cookie: admin.cookie }))
        .status,
    ).toBe(200);
    const resent = await f.smtp.nextEmail("chosen@example.com");
    expect(resent.subject).toBe("Tiene una invitación a AisleIQ");
    const token = invitationTokenFrom(resent.text);
    expect(
      (await f.server.request("POST", "/api/invitations/inspect", { json: { token } })).body.language,
    ).toBe("es");
    const accepted = await f.server.request("POST", "/api/invitations/accept", {
      json: { token, fullName: "Camila Cruz" },
    });
    expect(accepted.status).toBe(201);
    expect(accepted.body.user.language).toBe("es");

    expect((await send("bad@example.com", { language: "fr" }, admin.cookie)).status).toBe(400);
  });

  it("confirms a lead in the form's language (or the cookie's), English otherwise; sales' notice stays English", async () => {
    const spanish = await f.server.request("POST", "/api/send-get-started-email", {
      json: leadBody({ email: "lucia@tiendas.example", language: "es" }),
    });
    expect(spanish.status).toBe(201);
    const thanks = await f.smtp.nextEmail("lucia@tiendas.example");
    expect(thanks.subject).toBe("Gracias por elegir AisleIQ");
    expect(thanks.text).toContain("¡Felicitaciones! Ya va camino al futuro del retail.");
    expect(thanks.text).toContain("Nos pidió poner en marcha el plan Optimal para Hopper Foods.");
    const [row] = await f.db.select().from(leads).where(eq(leads.id, spanish.body.id));
    expect(row?.language).toBe("es");

    const byCookie = await f.server.request("POST", "/api/send-get-started-email", {
      json: leadBody({ email: "pablo@tiendas.example" }),
      cookie: ES,
    });
    expect(byCookie.status).toBe(201);
    expect((await f.smtp.nextEmail("pablo@tiendas.example")).subject).toBe("Gracias por elegir AisleIQ");

    const english = await f.server.request("POST", "/api/send-get-started-email", {
      json: leadBody({ email: "grace@hopperfoods.example" }),
    });
    expect(english.status).toBe(201);
    const englishThanks = await f.smtp.nextEmail("grace@hopperfoods.example");
    expect(englishThanks.subject).toBe("Thank you for choosing AisleIQ");
    expect(englishThanks.text).toContain("Congratulations you are on the way to the future of retail!");

    const notices = f.smtp.received.filter((mail) => mail.subject.startsWith("New lead:"));
    expect(notices.length).toBe(3);

    const refused = await f.server.request("POST", "/api/send-get-started-email", {
      json: leadBody({ email: "bad@tiendas.example", language: "fr" }),
    });
    expect(refused.status).toBe(400);
  });

  it("confirms a store-demo registration in the registrant's language, English otherwise", async () => {
    const spanish = await f.server.request("POST", "/api/demo-registrations/schnucks", {
      json: demoRegistrationBody({ email: "marta.gomez@schnucks.com", language: "es" }),
    });
    expect(spanish.status).toBe(200);
    const confirmation = await f.smtp.nextEmail("marta.gomez@schnucks.com");
    expect(confirmation.subject).toBe("Su registro para la demostración en la tienda Twin Oaks");
    expect(confirmation.text).toContain("Descargue la app para Android:");
    const [row] = await f.db
      .select()
      .from(demoRegistrations)
      .where(eq(demoRegistrations.id, spanish.body.registrationId));
    expect(row?.language).toBe("es");

    const english = await f.server.request("POST", "/api/send-schnucks-demo-email", {
      json: demoRegistrationBody({ email: "rosa.parker@schnucks.com" }),
    });
    expect(english.status).toBe(200);
    const englishConfirmation = await f.smtp.nextEmail("rosa.parker@schnucks.com");
    expect(englishConfirmation.subject).toBe("Your Twin Oaks Store Demo registration");
    expect(englishConfirmation.text).toContain("Download the app on Android:");

    const refused = await f.server.request("POST", "/api/demo-registrations/schnucks", {
      json: demoRegistrationBody({ email: "x.y@schnucks.com", language: "de" }),
    });
    expect(refused.status).toBe(400);
  });

  it("lets a signed-in user change their language: /api/auth/me reports it and the next sign-in email uses it", async () => {
    await createUser(f.db, { email: "diego@example.com", fullName: "Diego" });
    await f.server.request("POST", "/api/auth/send-magic-link", { json: { email: "diego@example.com" } });
    const first = await f.smtp.nextEmail("diego@example.com");
    expect(first.subject).toBe("Your AisleIQ sign-in link");
    const cookie = await verifyToken(f, verifyTokenFrom(first, f.server.config.PUBLIC_URL));
    expect((await f.server.request("GET", "/api/auth/me", { cookie })).body.user.language).toBe("en");

    const anonymous = await f.server.request("PATCH", "/api/auth/me/language", { json: { language: "es" } });
    expect(anonymous.status).toBe(401);
    for (const language of ["fr", "", "ES", null]) {
      const refused = await f.server.request("PATCH", "/api/auth/me/language", {
        json: { language },
        cookie,
      });
      expect([language, refused.status]).toEqual([language, 400]);
    }
    expect((await f.server.request("PATCH", "/api/auth/me/language", { json: {}, cookie })).status).toBe(400);

    const changed = await f.server.request("PATCH", "/api/auth/me/language", {
      json: { language: "es" },
      cookie,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ language: "es" });
    expect((await f.server.request("GET", "/api/auth/me", { cookie })).body.user.language).toBe("es");

    await f.server.request("POST", "/api/auth/send-magic-link", { json: { email: "diego@example.com" } });
    const next = await f.smtp.nextEmail("diego@example.com");
    expect(next.subject).toBe("Su enlace para entrar a AisleIQ");
  });
});
