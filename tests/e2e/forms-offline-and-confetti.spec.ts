import type { Page } from "@playwright/test";
import { decodeQuotedPrintable } from "../support/smtp-sink";
import {
  DEMO_DESK_EMAIL as DESK,
  emailContaining,
  expect,
  SALES_EMAIL,
  type TestApp,
  test,
  uniqueEmail,
} from "./support/fixtures";

/**
 * What a visitor sees of the Get Started and store-demo forms against the production build and
 * its CSP (ADR 0081): the Get Started confetti is drawn, with no CSP violation or console error;
 * a form submitted after the connection dropped shows its Thank You view with the connection
 * notice, and the request reaches the server once when the connection is back.
 */

/**
 * Collects the page's console errors, uncaught errors and CSP violations (a blocked worker is
 * reported as a `securitypolicyviolation` event, not always as a console error).
 */
async function watchProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  await page.exposeFunction("reportViolation", (text: string) => problems.push(`csp: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  return problems;
}

/** Emails to `to` whose decoded source mentions `text`. */
const emailsTo = (app: TestApp, to: string, text: string) =>
  app.smtp.emailsTo(to).filter((m) => decodeQuotedPrintable(m.raw).includes(text));

/** How many pixels of the confetti canvas on top of the page are painted (sampled on a grid). */
function paintedConfetti(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = [...document.querySelectorAll("body > canvas")].at(-1) as HTMLCanvasElement | undefined;
    const context = canvas?.getContext("2d");
    if (!canvas || !context || canvas.width === 0) return 0;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let painted = 0;
    for (let i = 3; i < data.length; i += 4 * 7) if ((data[i] ?? 0) > 0) painted++;
    return painted;
  });
}

const GET_STARTED = {
  en: {
    path: "/",
    labels: ["First name", "Last name", "Company", "Phone", "Work email"],
    submit: "Get Started",
    dialog: "Get Started",
    thankYou: "Thank You!",
    notice:
      "Connection Issue: Your information has been captured. We'll retry sending when connection is restored.",
    sent: "Your saved Get Started request has reached us.",
  },
  es: {
    path: "/es",
    labels: ["Nombre", "Apellido", "Empresa", "Teléfono", "Correo de trabajo"],
    submit: "Comenzar",
    dialog: "Comenzar",
    thankYou: "¡Gracias!",
    notice:
      "Problema de conexión: guardamos sus datos. Volveremos a enviarlos cuando se restablezca la conexión.",
    sent: "Su solicitud de Comenzar guardada ya nos llegó.",
  },
} as const;

/** Opens Get Started for the Unlimited plan on `path` and fills it in for `email`. */
async function fillGetStarted(page: Page, texts: (typeof GET_STARTED)["en" | "es"], email: string) {
  await page.locator('#pricing [data-plan="Unlimited"]').click();
  const dialog = page.getByRole("dialog", { name: texts.dialog });
  const values = ["Rosa", "Parks", "Corner Market Co", "+1 555 010 2000", email];
  for (const [index, label] of texts.labels.entries()) {
    await dialog.getByLabel(label, { exact: true }).fill(values[index] as string);
  }
  return dialog;
}

test("Get Started's Thank You rains confetti under the production CSP, with no violation or console error", async ({
  app,
  page,
}) => {
  const problems = await watchProblems(page);
  await page.goto(`${app.baseUrl}/`);
  const dialog = await fillGetStarted(page, GET_STARTED.en, uniqueEmail("confetti@example.com"));
  await dialog.getByRole("button", { name: "Get Started" }).click();
  await expect(page.getByRole("dialog", { name: "Thank You!" })).toBeVisible();
  // Pieces are drawn on the canvas laid over the page.
  await expect.poll(() => paintedConfetti(page), { timeout: 10_000 }).toBeGreaterThan(50);
  const canvas = page.locator("body > canvas").last();
  await expect(canvas).toHaveCSS("pointer-events", "none");
  expect(problems).toEqual([]);
});

for (const language of ["en", "es"] as const) {
  const texts = GET_STARTED[language];
  test(`${language}: Get Started sent after the connection dropped shows Thank You with the notice, then sends once`, async ({
    app,
    context,
    page,
  }) => {
    await page.goto(`${app.baseUrl}${texts.path}`);
    const email = uniqueEmail(`offline.lead.${language}@example.com`);
    const dialog = await fillGetStarted(page, texts, email);
    await context.setOffline(true);
    await dialog.getByRole("button", { name: texts.submit }).click();
    const thanks = page.getByRole("dialog", { name: texts.thankYou });
    await expect(thanks.getByRole("status")).toHaveText(texts.notice);
    expect(emailsTo(app, SALES_EMAIL, email)).toHaveLength(0);

    await context.setOffline(false);
    await expect(page.getByText(texts.sent, { exact: true })).toBeVisible();
    await emailContaining(app, SALES_EMAIL, email);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("aisleiq.pendingLeads"))).toBeNull();
    // Sent once: a second `online` sends nothing more.
    await context.setOffline(true);
    await context.setOffline(false);
    await page.reload();
    await expect(thanks).toBeHidden();
    expect(emailsTo(app, SALES_EMAIL, email)).toHaveLength(1);
  });
}

const REGISTRATION = {
  en: {
    path: "/schnucks",
    fields: ["First Name", "Last Name", "Email", "Phone"],
    terms: /I accept the Terms of Service/,
    submit: "Submit Registration",
    thankYou: "Thank You!",
    notice:
      "Connection Issue: Your information has been captured. We'll retry sending when connection is restored.",
  },
  es: {
    path: "/es/schnucks",
    fields: ["Nombre", "Apellido", "Correo electrónico", "Teléfono"],
    terms: /Acepto/,
    submit: "Enviar registro",
    thankYou: "¡Gracias!",
    notice:
      "Problema de conexión: guardamos sus datos. Volveremos a enviarlos cuando se restablezca la conexión.",
  },
} as const;

for (const language of ["en", "es"] as const) {
  const texts = REGISTRATION[language];
  test(`${language}: a registration sent after the connection dropped shows Thank You with the notice, then sends once`, async ({
    app,
    context,
    page,
  }) => {
    await page.goto(`${app.baseUrl}${texts.path}`);
    const email = uniqueEmail(`offline.after@schnucks.com`);
    const values = ["Dropped", "Line", email, "(314) 555-0100"];
    for (const [index, label] of texts.fields.entries()) {
      await page.getByLabel(label, { exact: true }).fill(values[index] as string);
    }
    const terms = page.getByRole("checkbox", { name: texts.terms });
    await terms.click();
    // The form is live (its island hydrated on the first interaction) before the line drops.
    await expect(terms).toBeChecked();
    await context.setOffline(true);
    await page.getByRole("button", { name: texts.submit }).click();
    await expect(page.getByRole("heading", { name: texts.thankYou })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: texts.notice }).first()).toBeVisible();
    expect(emailsTo(app, DESK, email.toLowerCase())).toHaveLength(0);

    await context.setOffline(false);
    const notice = await emailContaining(app, DESK, email.toLowerCase());
    expect(decodeQuotedPrintable(notice.raw)).toContain("Dropped");
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("aisleiq.pendingDemoRegistrations")))
      .toBeNull();
    await page.reload();
    await expect(page.getByLabel(texts.fields[0], { exact: true })).toBeVisible();
    expect(emailsTo(app, DESK, email.toLowerCase())).toHaveLength(1);
  });
}
