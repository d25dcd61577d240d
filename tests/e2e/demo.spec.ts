import type { Page } from "@playwright/test";
import { decodeQuotedPrintable } from "../support/smtp-sink";
import { axe } from "./support/axe";
import {
  DEMO_DESK_EMAIL as DESK,
  emailContaining,
  expect,
  SENSORS_GRANTED,
  type TestApp,
  test,
  uniqueEmail,
} from "./support/fixtures";
import { holdModule, islandModule, islandOf } from "./support/islands";

const PENDING_KEY = "aisleiq.pendingDemoRegistrations";

/** Emails to `to` whose decoded source mentions `text`. */
const emailsTo = (app: TestApp, to: string, text: string) =>
  app.smtp.emailsTo(to).filter((m) => decodeQuotedPrintable(m.raw).includes(text));

async function fillForm(page: Page, person: { first: string; email: string }) {
  await page.getByLabel("First Name").fill(person.first);
  await page.getByLabel("Last Name").fill("Tester");
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Phone").fill("(314) 555-0100");
  // A click made before the form's island has hydrated takes effect once it has (its directive
  // replays it, ADR 0064), so wait for the checked state instead of demanding it at once.
  const terms = page.getByRole("checkbox", { name: /I accept the Terms of Service/ });
  await terms.click();
  await expect(terms).toBeChecked();
}

test.describe("store-demo registration", () => {
  test("full registration ends on the Thank You view with two QR codes and emails both sides", async ({
    app,
    page,
  }) => {
    await page.goto(`${app.baseUrl}/schnucks`);
    await expect(page.getByRole("heading", { name: "Twin Oaks Store Demo APP Registration" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Schnucks" })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Visit the store." })).toBeVisible();
    await expect(page.getByText("Must be a company email address (@schnucks.com).")).toBeVisible();
    expect((await axe(page).analyze()).violations).toEqual([]);

    // Validation toasts in the documented order.
    await page.getByRole("button", { name: "Submit Registration" }).click();
    await expect(page.getByText("All fields are required", { exact: true })).toBeVisible();
    await page.getByLabel("First Name").fill("Rosa");
    await page.getByLabel("Last Name").fill("Tester");
    await page.getByLabel("Email").fill("rosa@evil-schnucks.com");
    await page.getByLabel("Phone").fill("555");
    await page.getByRole("button", { name: "Submit Registration" }).click();
    await expect(page.getByText("Email must end with the company domain.", { exact: true })).toBeVisible();
    const rosa = uniqueEmail("Rosa.Full@Schnucks.com");
    await page.getByLabel("Email").fill(rosa);
    await page.getByRole("button", { name: "Submit Registration" }).click();
    await expect(page.getByText("Please enter a valid phone number.", { exact: true })).toBeVisible();
    await page.getByLabel("Phone").fill("(314) 555-0100");
    await page.getByRole("button", { name: "Submit Registration" }).click();
    await expect(
      page.getByText("Please accept the Terms of Service, Non-Disclosure Agreement, and Privacy Policy.", {
        exact: true,
      }),
    ).toBeVisible();

    // (The shared destructive toast fails AA contrast; it is not this page's markup. Close it first.)
    await page
      .getByRole("region", { name: /Notifications/ })
      .getByRole("button", { name: "Close" })
      .click();
    // The label opens the terms; "I Agree" ticks the box.
    await page
      .getByRole("button", { name: "Terms of Service, Non-Disclosure Agreement, and Privacy Policy" })
      .click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText("Effective 04/01/2025", { exact: false })).toBeVisible();
    await expect(
      dialog.getByRole("heading", { name: "Non-Disclosure Agreement", exact: true }),
    ).toBeAttached();
    await expect(dialog.getByText(/location, only while you are inside the geofenced areas/)).toBeAttached();
    expect((await axe(page).analyze()).violations).toEqual([]);
    await dialog.getByRole("button", { name: "I Agree" }).click();
    await expect(page.getByRole("checkbox", { name: /I accept the Terms of Service/ })).toBeChecked();

    await page.getByRole("button", { name: "Submit Registration" }).click();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await expect(page.getByText(/you will receive an email with a login QR code/)).toBeVisible();
    await expect(
      page.getByRole("img", { name: /QR code linking to the (Android|iOS) app download page/ }),
    ).toHaveCount(2);
    await expect(page.getByText("Scan to download", { exact: true })).toHaveCount(2);
    await expect(page.getByRole("heading", { name: "Android" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "iOS" })).toBeVisible();
    expect((await axe(page).analyze()).violations).toEqual([]);

    // The desk and the registrant are emailed, the address as the server stores it (lower case).
    const notice = await emailContaining(app, DESK, rosa.toLowerCase());
    expect(decodeQuotedPrintable(notice.raw)).toContain(rosa.toLowerCase());
    await app.smtp.nextEmail(rosa.toLowerCase());
  });

  test("a request with no answer for 15 s shows the timeout toast and keeps the form", async ({
    app,
    page,
  }) => {
    await page.clock.install();
    await page.goto(`${app.baseUrl}/schnucks`);
    await page.route("**/api/send-schnucks-demo-email", () => {
      // never answered
    });
    await fillForm(page, { first: "Slow", email: "slow@schnucks.com" });
    await page.getByRole("button", { name: "Submit Registration" }).click();
    await expect(page.getByRole("button", { name: "Processing..." })).toBeDisabled();
    await page.clock.fastForward(15_000);
    await expect(page.getByText("Request timed out. Please try again.", { exact: true })).toBeVisible();
    await expect(page.getByText("Registration Error", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Submit Registration" })).toBeEnabled();
  });

  test("offline capture: saved, shown as captured, resent on 'online' and on the next visit, exactly once", async ({
    app,
    page,
  }) => {
    await page.goto(`${app.baseUrl}/schnucks`);
    await expect(page.getByRole("heading", { name: "Twin Oaks Store Demo APP Registration" })).toBeVisible();

    const olive = uniqueEmail("olive.online@schnucks.com");
    const otto = uniqueEmail("otto.reload@schnucks.com");
    // 1. Offline, then the 'online' event resends.
    await page.route("**/api/**", (route) => route.abort("internetdisconnected"));
    await fillForm(page, { first: "Olive", email: olive });
    await page.getByRole("button", { name: "Submit Registration" }).click();
    await expect(page.getByText("Connection Issue", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await expect(
      page.getByText(
        "Connection Issue: Your information has been captured. We'll retry sending when connection is restored.",
      ),
    ).toBeVisible();
    expect(
      await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "[]").length, PENDING_KEY),
    ).toBe(1);
    await page.unroute("**/api/**");
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await app.smtp.nextEmail(olive);
    await expect(page.getByText(/We'll retry sending when connection is restored/).first()).toBeHidden();
    expect(await page.evaluate((key) => localStorage.getItem(key), PENDING_KEY)).toBeNull();

    // 2. Offline again; the page is reloaded while still offline (the resend fails and is kept),
    //    then once more online: the next visit sends it.
    await page.reload();
    await page.route("**/api/**", (route) => route.abort("internetdisconnected"));
    await fillForm(page, { first: "Otto", email: otto });
    await page.getByRole("button", { name: "Submit Registration" }).click();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Twin Oaks Store Demo APP Registration" })).toBeVisible();
    expect(
      await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "[]").length, PENDING_KEY),
    ).toBe(1);
    await page.unroute("**/api/**");
    await page.reload();
    await app.smtp.nextEmail(otto);
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), PENDING_KEY)).toBeNull();

    // More 'online' events and visits send nothing again: each arrived exactly once.
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await page.reload();
    // Whatever the page sent has arrived (no request for a while) and been emailed (outbox empty).
    await page.waitForLoadState("networkidle");
    await app.outboxDrained();
    for (const email of [olive, otto]) {
      expect(emailsTo(app, email, "Store Demo")).toHaveLength(1);
      expect(emailsTo(app, DESK, email)).toHaveLength(1);
    }
  });
});

test.describe("store-demo registration before its form has loaded", () => {
  test("loads nothing of the form until a visitor interacts", async ({ app, page }) => {
    const module = await islandModule(`${app.baseUrl}/schnucks`, "RegistrationEn");
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${app.baseUrl}/schnucks`);
    await page.waitForLoadState("networkidle");
    expect(requested).not.toContain(module);
    await page.getByLabel("First Name").focus();
    await expect(islandOf(page, module)).not.toHaveAttribute("ssr");
  });

  test("what is typed and ticked before the form has loaded is sent once it has", async ({ app, page }) => {
    const module = await islandModule(`${app.baseUrl}/schnucks`, "RegistrationEn");
    const held = await holdModule(page, module);
    await page.goto(`${app.baseUrl}/schnucks`);
    const early = uniqueEmail("early.bird@schnucks.com");
    await page.getByLabel("First Name").fill("Early");
    await page.getByLabel("Last Name").fill("Bird");
    await page.getByLabel("Email").fill(early);
    await page.getByLabel("Phone").fill("(314) 555-0100");
    await held.asked;
    const terms = page.getByRole("checkbox", { name: /I accept the Terms of Service/ });
    await terms.click();
    await expect(islandOf(page, module)).toHaveAttribute("ssr", "");
    await expect(terms).not.toBeChecked();
    held.release();
    await expect(terms).toBeChecked();
    await expect(page.getByLabel("First Name")).toHaveValue("Early");
    await page.getByRole("button", { name: "Submit Registration" }).click();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    const notice = await emailContaining(app, DESK, early.toLowerCase());
    expect(decodeQuotedPrintable(notice.raw)).toContain("Early");
  });

  for (const { path, language, fields, terms, submit, offline, thankYou } of [
    {
      path: "/schnucks",
      language: "English",
      fields: ["First Name", "Last Name", "Email", "Phone"],
      terms: /I accept the Terms of Service/,
      submit: "Submit Registration",
      offline:
        "You seem to be offline. Your registration will be sent as soon as the connection is back: please keep this page open.",
      thankYou: "Thank You!",
    },
    {
      path: "/es/schnucks",
      language: "Spanish",
      fields: ["Nombre", "Apellido", "Correo electrónico", "Teléfono"],
      terms: /Acepto/,
      submit: "Enviar registro",
      offline:
        "Parece que no tiene conexión. Enviaremos su registro en cuanto vuelva la conexión: mantenga esta página abierta.",
      thankYou: "¡Gracias!",
    },
  ]) {
    test(`${language}: offline before the form has loaded, Register says so, and the registration is sent once back online`, async ({
      app,
      context,
      page,
    }) => {
      const module = await islandModule(
        `${app.baseUrl}${path}`,
        path.startsWith("/es") ? "RegistrationEs" : "RegistrationEn",
      );
      await page.goto(`${app.baseUrl}${path}`);
      await page.waitForLoadState("networkidle");
      await context.setOffline(true);
      const email = uniqueEmail("offline.first@schnucks.com");
      const values = ["Offline", "First", email, "(314) 555-0100"];
      for (const [index, label] of fields.entries()) {
        await page.getByLabel(label, { exact: true }).fill(values[index] as string);
      }
      // Offline, the form's code cannot load: the tick and the press are held for it.
      const box = page.getByRole("checkbox", { name: terms });
      await box.click();
      await page.getByRole("button", { name: submit }).click();

      const status = page.getByRole("status").filter({ hasText: offline });
      await expect(status).toBeVisible();
      await expect(status).toBeInViewport();
      await expect(islandOf(page, module)).toHaveAttribute("ssr", "");
      await expect(box).not.toBeChecked();
      expect((await axe(page).analyze()).violations).toEqual([]);

      await context.setOffline(false);
      await expect(page.getByRole("heading", { name: thankYou })).toBeVisible();
      await expect(status).toBeHidden();
      const notice = await emailContaining(app, DESK, email.toLowerCase());
      expect(decodeQuotedPrintable(notice.raw)).toContain("Offline");
    });
  }
});

test.describe("IMU demo", () => {
  test.use({ permissions: SENSORS_GRANTED });
  test("is not loaded on the home page", async ({ app, page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => scripts.push(request.url()));
    await page.goto(`${app.baseUrl}/`);
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((url) => /ImuDemo|imu-page|accelerometer/.test(url))).toEqual([]);
  });

  test("asks for permission where required, then follows emulated sensor readings and calibrates beta", async ({
    app,
    page,
  }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __imu: { alpha: number; beta: number; gamma: number } | null };
      w.__imu = null;
      // Behave like iOS Safari: permission must be requested, and the Permissions API cannot tell.
      (DeviceOrientationEvent as unknown as { requestPermission: () => Promise<string> }).requestPermission =
        async () => "granted";
      navigator.permissions.query = () => Promise.reject(new TypeError("not supported"));
      setInterval(() => {
        if (w.__imu) window.dispatchEvent(new DeviceOrientationEvent("deviceorientation", w.__imu));
      }, 50);
    });
    await page.clock.install();
    await page.goto(`${app.baseUrl}/accelerometer`);
    await expect(page.getByText("Permissions Required")).toBeVisible();
    await expect(page.getByText("Grant access to motion and orientation sensors.")).toBeVisible();
    expect((await axe(page).analyze()).violations).toEqual([]);

    await page.evaluate(() => {
      (window as unknown as { __imu: unknown }).__imu = { alpha: 10, beta: 40, gamma: 5 };
    });
    await page.getByRole("button", { name: "Allow Sensors" }).click();
    await expect(page.getByTestId("readout-beta")).toHaveText("0°");
    await expect(page.getByTestId("readout-alpha")).toHaveText("10°");
    await expect(page.getByTestId("readout-gamma")).toHaveText("5°");
    await expect(page.getByText("Permissions Required")).toBeHidden();

    await page.evaluate(() => {
      (window as unknown as { __imu: unknown }).__imu = { alpha: 200, beta: 65, gamma: -30 };
    });
    await expect(page.getByTestId("readout-beta")).toHaveText("25°");
    await expect(page.getByTestId("readout-alpha")).toHaveText("200°");
    await expect(page.getByTestId("readout-gamma")).toHaveText("-30°");
    await expect(page.getByTestId("phone-model")).toHaveAttribute("style", /rotateX\(25deg\)/);
    // Past the ~1 s after which a page without readings gives up (the page's clock).
    await page.clock.runFor(1200);
    await expect(page.getByText("Device Not Supported")).toBeHidden();
  });

  test("without readings it is unsupported within about 1 s and the sliders drive the model", async ({
    app,
    page,
  }) => {
    await page.goto(`${app.baseUrl}/accelerometer`);
    await expect(page.getByRole("heading", { name: "Phone Orientation Demo" })).toBeVisible();
    await expect(page.getByText("Device Not Supported")).toBeVisible({ timeout: 2000 });
    await expect(page.getByText("Use manual controls below to experience demo.")).toBeVisible();
    expect((await axe(page).analyze()).violations).toEqual([]);

    // Native range inputs (ADR 0080): their range and value are the input's own.
    const beta = page.getByRole("slider", { name: "Beta" });
    await expect(beta).toHaveAttribute("min", "-90");
    await expect(beta).toHaveAttribute("max", "90");
    await expect(page.getByRole("slider", { name: "Alpha" })).toHaveAttribute("max", "360");
    await beta.focus();
    await page.keyboard.press("PageUp");
    await page.keyboard.press("ArrowRight");
    await expect(beta).toHaveValue("11");
    await expect(beta).toHaveAttribute("aria-valuetext", "11°");
    await expect(page.getByTestId("readout-beta")).toHaveText("11°");
    await expect(page.getByTestId("phone-model")).toHaveAttribute("style", /rotateX\(11deg\)/);

    const gamma = page.getByRole("slider", { name: "Gamma" });
    await gamma.focus();
    await page.keyboard.press("PageDown");
    await expect(page.getByTestId("readout-gamma")).toHaveText("-10°");
    await expect(page.getByTestId("phone-model")).toHaveAttribute("style", /rotateY\(-10deg\)/);
  });

  test("locks the screen to portrait on entry and unlocks on leaving; a refusal is not an error", async ({
    app,
    page,
  }) => {
    // The calls are kept in the tab's session storage: leaving loads another document (ADR 0080).
    await page.addInitScript(() => {
      const record = (call: string) =>
        sessionStorage.setItem("lockCalls", `${sessionStorage.getItem("lockCalls") ?? ""}${call};`);
      Object.defineProperty(screen.orientation, "lock", {
        value: (orientation: string) => {
          record(`lock:${orientation}`);
          return Promise.reject(new DOMException("Not supported", "NotSupportedError"));
        },
      });
      Object.defineProperty(screen.orientation, "unlock", { value: () => record("unlock") });
    });
    const lockCalls = () => page.evaluate(() => sessionStorage.getItem("lockCalls") ?? "");
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${app.baseUrl}/accelerometer`);
    await expect(page.getByRole("heading", { name: "Phone Orientation Demo" })).toBeVisible();
    await expect.poll(lockCalls).toBe("lock:portrait;");
    // The site header's logo links home.
    await page.getByRole("banner").getByRole("link", { name: "AisleIQ" }).click();
    await expect(page).toHaveURL(`${app.baseUrl}/`);
    expect(await lockCalls()).toBe("lock:portrait;unlock;");
    expect(errors).toEqual([]);
  });

  test("a refused sensor permission shows Device Not Supported with the manual sliders", async ({
    app,
    page,
  }) => {
    await page.addInitScript(() => {
      (DeviceOrientationEvent as unknown as { requestPermission: () => Promise<string> }).requestPermission =
        () => Promise.reject(new DOMException("Not allowed", "NotAllowedError"));
      navigator.permissions.query = () => Promise.reject(new TypeError("not supported"));
    });
    await page.goto(`${app.baseUrl}/accelerometer`);
    await page.getByRole("button", { name: "Allow Sensors" }).click();
    await expect(page.getByText("Device Not Supported")).toBeVisible();
    await expect(page.getByText("Permissions Required")).toBeHidden();
    await expect(page.getByRole("slider", { name: "Gamma" })).toBeVisible();
  });

  test("any path containing 'accelerometer' opens the demo; other unknown paths stay 404", async ({
    app,
    page,
  }) => {
    for (const path of ["/demo/my-accelerometer-test", "/accelerometer/extra"]) {
      const response = await page.goto(`${app.baseUrl}${path}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { name: "Phone Orientation Demo" })).toBeVisible();
      // The island is live there too.
      await expect(page.getByText("Device Not Supported")).toBeVisible({ timeout: 3000 });
    }
    await page.goto(`${app.baseUrl}/no-such-page`);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  });
});

test.describe("on a 390 px phone", () => {
  test.use({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    permissions: SENSORS_GRANTED,
  });

  const noHorizontalOverflow = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  test("registration fits and completes, and the IMU sliders work", async ({ app, page }) => {
    await page.goto(`${app.baseUrl}/schnucks`);
    await expect(page.getByRole("heading", { name: "Twin Oaks Store Demo APP Registration" })).toBeVisible();
    expect(await noHorizontalOverflow(page)).toBe(true);
    const mia = uniqueEmail("mia.mobile@schnucks.com");
    await fillForm(page, { first: "Mia", email: mia });
    await page.getByRole("button", { name: "Submit Registration" }).click();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeInViewport();
    await expect(page.getByText("Scan to download", { exact: true })).toHaveCount(2);
    expect(await noHorizontalOverflow(page)).toBe(true);
    await app.smtp.nextEmail(mia);

    await page.goto(`${app.baseUrl}/accelerometer`);
    await expect(page.getByText("Device Not Supported")).toBeVisible({ timeout: 3000 });
    expect(await noHorizontalOverflow(page)).toBe(true);
    const alpha = page.getByRole("slider", { name: "Alpha" });
    await alpha.focus();
    await page.keyboard.press("PageUp");
    await page.keyboard.press("PageUp");
    await expect(page.getByTestId("readout-alpha")).toHaveText("20°");
  });
});
