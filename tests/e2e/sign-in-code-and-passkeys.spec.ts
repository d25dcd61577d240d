import type { BrowserContext, Page } from "@playwright/test";
import type { Language } from "../../src/common/languages";
import { englishIn } from "../support/english-text";
import { signInCodeFrom, verifyTokenFrom } from "../support/smtp-sink";
import { axeViolations } from "./support/axe";
import { expect, persona, test, uniqueEmail } from "./support/fixtures";

/**
 * The ways in beside the emailed link (ADR 0060, 0061), in Chromium against the production
 * client. The one-time code is a sign-in journey, so it goes through the page and the email read
 * at the SMTP sink. Passkeys use the DevTools protocol's virtual authenticator (`WebAuthn`
 * domain: CTAP2, internal transport, resident keys, user verification that always succeeds),
 * which answers every WebAuthn request of the page at once, with no dialog. The passkey journey
 * starts signed in (ADR 0045), since adding a passkey needs a session: add one on the dashboard,
 * sign out, sign in with it alone, remove it, and fail to sign in with it, in English and Spanish.
 * (Five wrong codes killing a code, and the per-address and per-IP limits, are integration tests:
 * tests/integration/sign-in-codes.test.ts.)
 */

/** The `sessionStorage` key that turns the passkey autofill on for this tab; off without it. */
const AUTOFILL_KEY = "e2e.passkeyAutofill";

/**
 * Makes the browser of `context` say it has no passkey autofill (conditional mediation) unless
 * the tab's `sessionStorage` asks for it: the virtual authenticator answers a waiting autofill
 * request by itself as the sign-in page loads, so a test of the "Sign in with a passkey" button,
 * or one that must stay signed out, turns autofill off, and the autofill test turns it on.
 */
async function autofillOnlyWhenAsked(context: BrowserContext): Promise<void> {
  await context.addInitScript((key) => {
    let asked = false;
    try {
      asked = sessionStorage.getItem(key) === "on";
    } catch {
      // An opaque origin (about:blank) has no storage: autofill stays off there.
    }
    if (!asked && "PublicKeyCredential" in globalThis) {
      Object.defineProperty(PublicKeyCredential, "isConditionalMediationAvailable", {
        configurable: true,
        value: () => Promise.resolve(false),
      });
    }
  }, AUTOFILL_KEY);
}

/**
 * Attaches a virtual platform authenticator to `page` through the DevTools protocol, as a
 * phone's or laptop's built-in one: CTAP2, internal transport, discoverable credentials, user
 * verification present and always passing.
 * @returns a reader of the credentials it holds
 */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
  };
}

/** What the page's browser says about passkey autofill (conditional mediation). */
const autofillOffered = (page: Page) =>
  page.evaluate(() => PublicKeyCredential.isConditionalMediationAvailable?.() ?? false);

/** axe finds nothing, and a Spanish page shows no English (tests/support/english-text.ts). */
async function sweep(page: Page, language: Language, state: string): Promise<void> {
  expect.soft(await axeViolations(page), `axe: ${state}`).toEqual([]);
  if (language === "en") return;
  const texts = await page.locator("body").evaluate((body) => {
    const out: string[] = [];
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement?.closest("script, style, noscript")) out.push(node.textContent ?? "");
    }
    for (const element of body.querySelectorAll("[aria-label], [placeholder], [title]")) {
      for (const name of ["aria-label", "placeholder", "title"]) {
        const value = element.getAttribute(name);
        if (value) out.push(value);
      }
    }
    return out;
  });
  expect.soft(englishIn(texts), `English on a Spanish page: ${state}`).toEqual([]);
}

test("a person who asked for a link in this browser signs in here by typing the code from the email", async ({
  app,
  page,
}) => {
  const email = uniqueEmail("cody@example.com");
  await app.createUser({ email, fullName: "Cody Code" });
  await page.goto(`${app.baseUrl}/sign-in`);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Secure Login Link" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Or type the code" })).toBeVisible();

  // The email, read anywhere (here: at the SMTP sink), gives the link and the code, and says where to type it.
  const mail = await app.smtp.nextEmail(email);
  const code = signInCodeFrom(mail);
  expect(mail.text).toContain("On the sign-in page where you asked for this email, type this code instead:");
  const field = page.getByLabel("6-digit code");
  const submit = page.getByRole("button", { name: "Sign In with Code" });

  // A mistyped code is refused under the field, and the field stays open.
  await field.fill(String((Number(code) + 1) % 1_000_000).padStart(6, "0"));
  await submit.click();
  await expect(page.getByText("That code is not right.", { exact: false })).toBeVisible();
  await expect(field).toBeEnabled();
  await sweep(page, "en", "Check Your Email, wrong code");

  // The right code, typed as people copy it (with a space), signs this browser in.
  await field.fill(`${code.slice(0, 3)} ${code.slice(3)}`);
  await submit.click();
  await page.waitForURL(`${app.baseUrl}/dashboard`);
  await expect(page.getByRole("heading", { name: "Profile" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  // A first sign-in by email suggests a passkey, once (ADR 0061).
  await expect(page.getByText("Sign in faster next time")).toBeVisible();
  // Code and link were one: the email's link is used up.
  const link = await page.request.post(`${app.baseUrl}/api/auth/verify-magic-link`, {
    data: { token: verifyTokenFrom(mail, app.baseUrl) },
  });
  expect(link.status()).toBe(410);
  expect((await link.json()).code).toBe("TOKEN_USED");
});

test("the email field's passkey autofill signs in with a passkey by itself", async ({ app, browser }) => {
  const { context, page } = await persona(browser);
  await autofillOnlyWhenAsked(context);
  const authenticator = await virtualAuthenticator(page);
  const email = uniqueEmail("fay@example.com");
  await app.signedIn(context, { email, fullName: "Fay Fill" });
  await page.goto(`${app.baseUrl}/dashboard`);
  const card = page.getByRole("region", { name: "Passkeys" });
  await card.getByRole("button", { name: "Add a passkey" }).click();
  await expect(card.getByRole("listitem")).toHaveCount(1);
  expect(await authenticator.credentials()).toHaveLength(1);
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await page.waitForURL(`${app.baseUrl}/sign-in`);
  await expect(page.getByRole("heading", { name: "Sign in to AisleIQ" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAttribute("autocomplete", "email webauthn");
  expect(await autofillOffered(page)).toBe(false);

  // With autofill on, the page's waiting request is answered by the passkey: signed in, no click.
  await page.evaluate((key) => sessionStorage.setItem(key, "on"), AUTOFILL_KEY);
  await page.reload();
  await page.waitForURL(`${app.baseUrl}/dashboard`);
  await expect(page.getByRole("heading", { name: "Profile" })).toBeVisible();
  expect(await autofillOffered(page)).toBe(true);
  await context.close();
});

const PASSKEY_TEXTS = {
  en: {
    profile: "Profile",
    card: "Passkeys",
    empty: "No passkeys yet.",
    add: "Add a passkey",
    added: "Passkey Added",
    addedEmail: "A passkey was added to your AisleIQ account",
    deviceName: "Chrome on Windows",
    never: "Never",
    signOut: "Sign out",
    signInTitle: "Sign in to AisleIQ",
    signIn: "Sign in with a passkey",
    remove: (name: string) => `Remove ${name}`,
    removeTitle: (name: string) => `Remove “${name}”?`,
    removeConfirm: "Remove Passkey",
    removed: "Passkey Removed",
    removedEmail: "A passkey was removed from your AisleIQ account",
    refused: "That passkey could not sign you in. Try again, or sign in with an email link.",
  },
  es: {
    profile: "Perfil",
    card: "Llaves de acceso",
    empty: "Todavía no tiene llaves de acceso.",
    add: "Agregar una llave de acceso",
    added: "Llave de acceso agregada",
    addedEmail: "Se agregó una llave de acceso a su cuenta de AisleIQ",
    deviceName: "Chrome en Windows",
    never: "Nunca",
    signOut: "Cerrar sesión",
    signInTitle: "Inicie sesión en AisleIQ",
    signIn: "Entrar con una llave de acceso",
    remove: (name: string) => `Eliminar ${name}`,
    removeTitle: (name: string) => `¿Eliminar “${name}”?`,
    removeConfirm: "Eliminar llave de acceso",
    removed: "Llave de acceso eliminada",
    removedEmail: "Se eliminó una llave de acceso de su cuenta de AisleIQ",
    refused:
      "Esa llave de acceso no pudo iniciar su sesión. Inténtelo de nuevo o entre con un enlace por correo.",
  },
} as const;

for (const language of ["en", "es"] as const) {
  test(`${language}: a person adds a passkey, signs in with it alone, removes it, and it then signs no one in`, async ({
    app,
    browser,
  }) => {
    const t = PASSKEY_TEXTS[language];
    const { context, page } = await persona(browser);
    if (language === "es") await context.addCookies([{ name: "lang", value: "es", url: app.baseUrl }]);
    await autofillOnlyWhenAsked(context);
    const authenticator = await virtualAuthenticator(page);
    const email = uniqueEmail(`pat-${language}@example.com`);
    await app.signedIn(context, { email, fullName: "Pat Passkey", language });

    // 1. Add a passkey on the dashboard: the authenticator makes a discoverable credential.
    await page.goto(`${app.baseUrl}/dashboard`);
    const card = page.getByRole("region", { name: t.card });
    await expect(card.getByText(t.empty)).toBeVisible();
    await card.getByRole("button", { name: t.add }).click();
    await expect(page.getByText(t.added, { exact: true })).toBeVisible();
    const row = card.getByRole("listitem");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(t.deviceName);
    await expect(row).toContainText(t.never);
    expect(await authenticator.credentials()).toEqual([
      expect.objectContaining({ isResidentCredential: true, rpId: "localhost" }),
    ]);
    expect((await app.smtp.nextEmail(email)).subject).toBe(t.addedEmail);
    await sweep(page, language, "dashboard with a passkey");

    // 2. Sign out, then sign in with the passkey alone: no address, no email.
    const signOut = async () => {
      await page.getByRole("button", { name: t.signOut, exact: true }).click();
      await page.waitForURL(`${app.baseUrl}/sign-in`);
      await expect(page.getByRole("heading", { name: t.signInTitle })).toBeVisible();
      // Autofill off: only the button may use the passkey here.
      expect(await autofillOffered(page)).toBe(false);
    };
    await signOut();
    await sweep(page, language, "sign-in page with the passkey button");
    await page.getByRole("button", { name: t.signIn }).click();
    await page.waitForURL(`${app.baseUrl}/dashboard`);
    await expect(page.getByRole("heading", { name: t.profile })).toBeVisible();
    await expect(row).not.toContainText(t.never);
    expect(app.smtp.emailsTo(email)).toHaveLength(1);

    // 3. Remove it, behind a confirmation.
    await row.getByRole("button", { name: t.remove(t.deviceName) }).click();
    const confirm = page.getByRole("alertdialog", { name: t.removeTitle(t.deviceName) });
    await expect(confirm).toBeVisible();
    await sweep(page, language, "remove passkey dialog");
    await confirm.getByRole("button", { name: t.removeConfirm }).click();
    await expect(page.getByText(t.removed, { exact: true })).toBeVisible();
    await expect(card.getByText(t.empty)).toBeVisible();
    expect((await app.smtp.nextEmail(email)).subject).toBe(t.removedEmail);

    // 4. The authenticator still holds it, but it signs no one in any more.
    await signOut();
    expect(await authenticator.credentials()).toHaveLength(1);
    await page.getByRole("button", { name: t.signIn }).click();
    await expect(page.getByText(t.refused, { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: t.signIn })).toBeEnabled();
    await expect(page).toHaveURL(`${app.baseUrl}/sign-in`);
    expect((await page.request.get(`${app.baseUrl}/api/auth/me`)).status()).toBe(401);
    await sweep(page, language, "sign-in page, passkey refused");
    await context.close();
  });
}
