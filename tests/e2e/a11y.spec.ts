import type { Locator, Page } from "@playwright/test";
import type { Language } from "../../src/common/languages";
import { VERIFY_REDIRECT_MS } from "../../src/common/limits";
import { LOGIN_PORTALS } from "../../src/common/login-portals";
import { SITE_CONFIG } from "../../src/common/site-config";
import { CHANNEL_PARTNER_CONTENT } from "../../src/server/gates/channel-partner-content";
import { CATALOG_PAIRS, leaves, type Tree } from "../support/catalogs";
import { englishIn } from "../support/english-text";
import { extractLink } from "../support/smtp-sink";
import { signAuthorization } from "./support/authorization";
import { axeViolations } from "./support/axe";
import {
  EVENTS_PASSWORD,
  expect,
  fastForwardUntil,
  PARTNER_PASSWORD,
  persona,
  type TestApp,
  test,
  uniqueEmail,
} from "./support/fixtures";

/**
 * The axe sweep: WCAG 2.2 AA (tests/e2e/support/axe.ts, Label in Name
 * included) finds nothing on every route in both languages — the public pages and their `/es/`
 * twins, every login portal, the demo page, /accelerometer, the 404 page, the account sign-in,
 * verify and accept-invitation screens, the user dashboard and the admin dashboard as admin and
 * as company admin — and with every dialog, menu and drawer open. In Spanish every state is also
 * checked for English text (tests/support/english-text.ts), which covers the portal pages that
 * are rendered by the `lang` cookie rather than prerendered. The sign-in screens are what the
 * portal sweep looks at, so it goes through them on an app of its own (it starts with the
 * first-admin setup); the other sweeps share their worker's app (ADR 0045).
 */

/** Every catalog text of a language, by the dotted key the components use (`landing.jobs.title`). */
function catalog(language: Language): Map<string, string> {
  const pick = (name: string): Tree => {
    const pair = CATALOG_PAIRS[name];
    const tree = language === "en" ? pair?.en : pair?.es;
    if (!tree) throw new Error(`no ${language} catalog for ${name}`);
    return tree;
  };
  // As the routes register them (addCatalog): `en-account` and `en-portal-common` at the top level
  // (the latter's `common` merged into the base's), `en-landing-dialogs` inside `landing`, every
  // other `en-x-y` file under `xY`.
  const base = pick("en");
  const portalCommon = pick("en-portal-common");
  const merged: Record<string, string | Tree> = { ...base, ...pick("en-account"), ...portalCommon };
  merged.common = { ...(base.common as Tree), ...(portalCommon.common as Tree) };
  merged.landing = { ...(base.landing as Tree), ...pick("en-landing-dialogs") };
  for (const name of Object.keys(CATALOG_PAIRS)) {
    if (["en", "en-account", "en-portal-common", "en-landing", "en-landing-dialogs"].includes(name)) continue;
    const namespace = name.slice(3).replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
    merged[namespace] = pick(name);
  }
  return new Map(leaves(merged));
}

const exact = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

for (const language of ["en", "es"] as const) {
  test.describe(`${language === "en" ? "English" : "Spanish"}`, () => {
    const texts = catalog(language);
    /** The catalog text of `key` in this language, `{{placeholders}}` filled from `values`. */
    const s = (key: string, values: Record<string, string> = {}) => {
      const text = texts.get(key);
      if (text === undefined) throw new Error(`no catalog key ${key}`);
      return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
    };
    /** A public page's path in this language. */
    const localized = (path: string) => (language === "en" ? path : path === "/" ? "/es/" : `/es${path}`);

    /** Pages without a Spanish twin follow the `lang` cookie (ADR 0022). */
    async function chooseLanguage(app: TestApp, page: Page) {
      if (language === "es") {
        await page.context().addCookies([{ name: "lang", value: "es", url: app.baseUrl }]);
      }
    }

    /** axe finds nothing, and a Spanish page shows no English. */
    async function sweep(page: Page, state: string) {
      expect.soft(await axeViolations(page), `axe: ${state}`).toEqual([]);
      if (language === "en") return;
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      const segments = await page.evaluate(() => {
        const out: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (parent && !parent.closest("script, style, noscript")) out.push(node.textContent ?? "");
        }
        for (const element of document.querySelectorAll("[alt], [aria-label], [placeholder], [title]")) {
          for (const name of ["alt", "aria-label", "placeholder", "title"]) {
            const value = element.getAttribute(name);
            if (value) out.push(value);
          }
        }
        out.push(document.title);
        return out;
      });
      expect.soft(englishIn(segments), `English on a Spanish page: ${state}`).toEqual([]);
    }

    test("public pages, the login portals, the demo page, /accelerometer and the 404 page", async ({
      app,
      page,
    }) => {
      test.setTimeout(180_000);
      await chooseLanguage(app, page);
      const pages: [string, number][] = [
        [localized("/"), 200],
        [localized("/calculator"), 200],
        ...LOGIN_PORTALS.map((portal) => [localized(portal.path), 200] as [string, number]),
        [localized("/schnucks"), 200],
        [localized("/accelerometer"), 200],
        ["/no-such-page/here", 404],
      ];
      for (const [path, status] of pages) {
        const response = await page.goto(`${app.baseUrl}${path}`);
        expect(response?.status(), path).toBe(status);
        await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
        await sweep(page, path);
      }
      // A login portal's invalid form and its invitation-only notice.
      const portal = LOGIN_PORTALS[0];
      await page.goto(`${app.baseUrl}${localized(portal.path)}`);
      const submit = page.getByRole("button", { name: s(`loginPortals.${portal.id}.submit`) });
      await submit.click();
      await expect(page.getByText(s("loginPortals.passwordRequired"))).toBeVisible();
      await sweep(page, `${portal.path} invalid`);
      await page.getByLabel(s("loginPortals.email")).fill("dev@example.com");
      await page.getByLabel(s("loginPortals.password"), { exact: true }).fill("secret");
      await submit.click();
      await expect(page.getByText(s("loginPortals.inviteTitle"))).toBeVisible();
      await sweep(page, `${portal.path} notice`);
    });

    test("the home page's menus, drawer and dialogs", async ({ app, page }) => {
      test.setTimeout(180_000);
      await page.goto(`${app.baseUrl}${localized("/")}`);
      const header = page.getByRole("banner");

      // Header menus and the language menu, open.
      for (const menu of ["landing.nav.developers", "landing.nav.signIn"]) {
        await header.getByRole("button", { name: s(menu) }).click();
        await expect(page.getByRole("menu")).toBeVisible();
        await sweep(page, `${menu} menu`);
        await page.keyboard.press("Escape");
        await expect(page.getByRole("menu")).toHaveCount(0);
      }
      await header
        .getByRole("button", { name: s("landing.nav.languageButton", { code: language.toUpperCase() }) })
        .click();
      await expect(page.getByRole("menuitemradio", { name: "Español" })).toBeVisible();
      await sweep(page, "language menu");
      await page.keyboard.press("Escape");

      // Get Started: empty, refused, then Thank You.
      await page
        .locator("#pricing")
        .getByRole("button", { name: new RegExp(s("landing.pricing.getStarted")) })
        .first()
        .click();
      const getStarted = page.getByRole("dialog", { name: s("landing.getStarted.title") });
      await expect(getStarted).toBeVisible();
      await sweep(page, "Get Started");
      await getStarted.getByRole("button", { name: s("landing.getStarted.submit") }).click();
      await expect(page.getByText(s("landing.getStarted.required"), { exact: true })).toBeVisible();
      await sweep(page, "Get Started refused (toast)");
      await getStarted.getByLabel(s("landing.getStarted.firstName")).fill("Rosa");
      await getStarted.getByLabel(s("landing.getStarted.lastName")).fill("Parks");
      await getStarted.getByLabel(s("landing.getStarted.company")).fill("Corner Market Co");
      await getStarted.getByLabel(s("landing.getStarted.phone")).fill("+1 (555) 010-3000");
      await getStarted.getByLabel(s("landing.getStarted.email")).fill(uniqueEmail("rosa.parks@example.com"));
      await getStarted.getByRole("button", { name: s("landing.getStarted.submit") }).click();
      const thanks = page.getByRole("dialog", { name: s("landing.getStarted.thankYou") });
      await expect(thanks).toBeVisible();
      await sweep(page, "Thank You");
      await thanks
        .getByRole("button", { name: s("landing.getStarted.close") })
        .first()
        .click();
      await expect(thanks).toBeHidden();

      // Jobs: the frame (the board answered by a stub page), then the fallback (board blocked).
      const apply = page.locator("#branded-app-sdk").getByRole("button", { name: s("landing.grid.apply") });
      const jobs = page.getByRole("dialog", { name: s("landing.jobs.title") });
      await page.route(SITE_CONFIG.jobsBoardUrl, (route) =>
        route.fulfill({
          contentType: "text/html",
          body: '<!doctype html><html lang="en"><title>Jobs</title><main><h1>Jobs</h1></main></html>',
        }),
      );
      await apply.click();
      await expect(jobs.locator("iframe")).toBeVisible();
      await expect(jobs.getByTestId("jobs-fallback")).toHaveCount(0);
      await sweep(page, "Jobs with the frame");
      await page.keyboard.press("Escape");
      await expect(jobs).toBeHidden();
      await page.unroute(SITE_CONFIG.jobsBoardUrl);
      await apply.click();
      await expect(jobs.getByTestId("jobs-fallback")).toBeVisible();
      await sweep(page, "Jobs fallback");
      await page.keyboard.press("Escape");
      await expect(jobs).toBeHidden();

      // Events: the gate, a wrong password, then the schedule dialog and its booking fallback.
      await header.getByRole("button", { name: s("landing.nav.signIn") }).click();
      await page.getByRole("menuitem", { name: s("landing.nav.events") }).click();
      const gate = page.getByRole("dialog", { name: s("landing.events.passwordTitle") });
      await expect(gate).toBeVisible();
      await sweep(page, "Events gate");
      await gate.getByLabel(s("landing.events.password")).fill("not-the-password");
      await gate.getByRole("button", { name: s("landing.events.submit") }).click();
      await expect(gate.getByRole("alert")).toHaveText(s("landing.events.incorrect"));
      await sweep(page, "Events gate, wrong password");
      await gate.getByLabel(s("landing.events.password")).fill(EVENTS_PASSWORD);
      await gate.getByRole("button", { name: s("landing.events.submit") }).click();
      const schedule = page.getByRole("dialog", { name: s("landing.events.scheduleTitle") });
      await expect(schedule).toBeVisible();
      await sweep(page, "Events schedule");
      await schedule.getByRole("button", { name: new RegExp(s("landing.events.bookMeeting")) }).click();
      await expect(
        schedule.getByRole("link", { name: new RegExp(s("landing.events.openBooking")) }),
      ).toBeVisible();
      await sweep(page, "Events booking fallback");
      await page.keyboard.press("Escape");
      await expect(schedule).toBeHidden();

      // The mobile drawer at 390 px.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole("button", { name: s("landing.nav.openMenu") }).click();
      await expect(page.getByRole("dialog", { name: s("landing.nav.menuTitle") })).toBeVisible();
      await sweep(page, "mobile drawer at 390 px");
    });

    test("the calculator's Lost Revenue and Channel Partner gate, locked, refused and open", async ({
      app,
      page,
    }) => {
      await page.goto(`${app.baseUrl}${localized("/calculator")}`);
      await page.getByRole("button", { name: s("calculator.lostRevenueTitle") }).click();
      const panel = page
        .locator(".calc-section")
        .filter({ has: page.getByRole("heading", { name: s("calculator.channelPartnerTitle") }) });
      await sweep(page, "calculator, gate locked");
      await panel.getByLabel(s("calculator.password")).fill("wrong");
      await panel.getByRole("button", { name: s("calculator.unlock") }).click();
      await expect(panel.getByRole("alert")).toBeVisible();
      await sweep(page, "calculator, wrong password");
      await panel.getByLabel(s("calculator.password")).fill(PARTNER_PASSWORD);
      await panel.getByRole("button", { name: s("calculator.unlock") }).click();
      // The open section's labels come from the server, not the catalogs (ADR 0035).
      await expect(page.getByLabel(CHANNEL_PARTNER_CONTENT[language].storesInBrand)).toBeVisible();
      await sweep(page, "calculator, gate open");
    });

    test("the demo page: validation toast, Terms dialog, Thank You", async ({ app, page }) => {
      await page.goto(`${app.baseUrl}${localized("/schnucks")}`);
      await page.getByRole("button", { name: s("retailerDemo.submit") }).click();
      await expect(page.getByRole("region", { name: /F8/ }).locator("li").first()).toBeVisible();
      await sweep(page, "demo, required toast");
      await page.getByRole("button", { name: s("retailerDemo.acceptLink") }).click();
      const terms = page.getByRole("dialog");
      await expect(terms.getByRole("button", { name: s("retailerDemo.terms.agree") })).toBeVisible();
      await sweep(page, "demo Terms");
      await terms.getByRole("button", { name: s("retailerDemo.terms.agree") }).click();
      await page.getByLabel(s("retailerDemo.firstName")).fill("Rosa");
      await page.getByLabel(s("retailerDemo.lastName")).fill("Tester");
      await page.getByLabel(s("retailerDemo.email")).fill(uniqueEmail(`rosa.${language}@schnucks.com`));
      await page.getByLabel(s("retailerDemo.phone")).fill("(314) 555-0100");
      await page.getByRole("button", { name: s("retailerDemo.submit") }).click();
      await expect(page.getByRole("heading", { name: s("retailerDemo.thankYouTitle") })).toBeVisible();
      await sweep(page, "demo Thank You");
    });

    test("sign-in, verify, accept invitation, both dashboards and every portal dialog", async ({
      emptyApp: app,
      browser,
    }) => {
      test.setTimeout(240_000);
      const who = async () => {
        const p = await persona(browser);
        await chooseLanguage(app, p.page);
        return p;
      };

      // The first-admin setup, the link sent, an invalid verify link, then the admin dashboard.
      const admin = await who();
      const a = admin.page;
      await a.clock.install();
      await a.goto(`${app.baseUrl}/admin/login`);
      await expect(a.getByRole("heading", { name: s("adminLogin.setupTitle") })).toBeVisible();
      await sweep(a, "first-admin setup");
      await a.getByLabel(s("adminLogin.fullName")).fill("Ada Admin");
      await a.getByLabel(s("adminLogin.email")).fill("ada@example.com");
      await a.getByRole("button", { name: s("adminLogin.createAdmin") }).click();
      await expect(a.getByRole("heading", { name: s("adminLogin.sentTitle") })).toBeVisible();
      await sweep(a, "link sent");
      const link = extractLink((await app.smtp.nextEmail("ada@example.com")).raw, "/verify");
      await a.goto(`${app.baseUrl}/verify/${"x".repeat(43)}`);
      await expect(a.getByText(s("verify.failed"), { exact: true })).toBeVisible();
      await sweep(a, "verify failed");
      await a.goto(link);
      await fastForwardUntil(a, VERIFY_REDIRECT_MS, () =>
        expect(a).toHaveURL(`${app.baseUrl}/dashboard`, { timeout: 1000 }),
      );
      await expect(a.getByRole("heading", { name: s("dashboard.profile") })).toBeVisible();
      await sweep(a, "admin's user dashboard");
      // The sign-in form, once an admin exists, for a visitor who is not signed in.
      const visitor = await who();
      await visitor.page.goto(`${app.baseUrl}/admin/login`);
      await expect(visitor.page.getByRole("heading", { name: s("adminLogin.loginTitle") })).toBeVisible();
      await sweep(visitor.page, "sign-in form");
      // A link requested in one browser and opened in another asks for confirmation first.
      await visitor.page.getByLabel(s("adminLogin.email")).fill("ada@example.com");
      await visitor.page.getByRole("button", { name: s("adminLogin.sendLink") }).click();
      await expect(visitor.page.getByRole("heading", { name: s("adminLogin.sentTitle") })).toBeVisible();
      const second = extractLink((await app.smtp.nextEmail("ada@example.com")).raw, "/verify");
      const other = await who();
      await other.page.goto(second);
      await expect(other.page.getByText(s("verify.confirmTitle"), { exact: true })).toBeVisible();
      await sweep(other.page, "verify, confirm sign-in");
      // An invalid invitation link.
      await other.page.goto(`${app.baseUrl}/accept-invitation/${"x".repeat(43)}`);
      await expect(other.page.getByRole("heading", { name: s("portal.accept.invalidTitle") })).toBeVisible();
      await sweep(other.page, "accept invitation, invalid link");
      for (const p of [visitor, other]) await p.context.close();

      await a.goto(`${app.baseUrl}/admin/dashboard`);
      await expect(a.getByRole("heading", { name: s("admin.welcome", { name: "Ada Admin" }) })).toBeVisible();
      await a.getByLabel(s("portal.companies.name"), { exact: true }).fill("Fresh Foods");
      await a.getByLabel(s("portal.companies.email"), { exact: true }).fill("ops@freshfoods.example");
      await a.getByRole("button", { name: s("portal.companies.add") }).click();
      await expect(
        a.getByRole("list", { name: s("portal.companies.title") }).getByText("Fresh Foods"),
      ).toBeVisible();
      await sweep(a, "admin dashboard");

      /** Invites `email` into Fresh Foods as `role` through the Invite User dialog. */
      const invite = async (page: Page, email: string, role: string | null, withCompany: boolean) => {
        await page.getByRole("button", { name: s("portal.invite.open") }).click();
        const dialog = page.getByRole("dialog", { name: s("portal.invite.title") });
        await expect(dialog).toBeVisible();
        await sweep(page, "Invite User");
        await dialog.getByLabel(s("portal.invite.email"), { exact: true }).fill(email);
        if (role) await dialog.getByLabel(s("portal.invite.role")).selectOption({ label: role });
        if (withCompany) {
          await dialog.getByLabel(s("portal.invite.company")).selectOption({ label: "Fresh Foods" });
        }
        await dialog.getByRole("button", { name: s("portal.invite.submit") }).click();
        await expect(dialog).toBeHidden();
      };
      /** Accepts the invitation mailed to `email` as `fullName` in a new browser. */
      const accept = async (email: string, fullName: string) => {
        const p = await who();
        await p.page.goto(extractLink((await app.smtp.nextEmail(email)).raw, "/accept-invitation"));
        const create = p.page.getByRole("button", { name: s("portal.accept.submit") });
        await expect(create).toBeVisible();
        await sweep(p.page, "accept invitation");
        await p.page.getByLabel(s("portal.accept.fullName")).fill(fullName);
        await create.click();
        await p.page.waitForURL(`${app.baseUrl}/dashboard`);
        return p;
      };
      await invite(a, "cara@freshfoods.example", s("roles.company_admin"), true);
      const cara = await accept("cara@freshfoods.example", "Cara Company");
      await cara.page.goto(`${app.baseUrl}/admin/dashboard`);
      await expect(
        cara.page.getByRole("heading", { name: s("admin.welcome", { name: "Cara Company" }) }),
      ).toBeVisible();
      await sweep(cara.page, "admin dashboard as company admin");
      await invite(cara.page, "uma@freshfoods.example", null, false);

      // The user's dashboard: empty, then with a submitted check.
      const uma = await accept("uma@freshfoods.example", "Uma User");
      await expect(uma.page.getByRole("heading", { name: s("dashboard.profile") })).toBeVisible();
      await sweep(uma.page, "user dashboard, empty");
      await uma.page.locator("#check-files").setInputFiles([
        {
          name: "passport.pdf",
          mimeType: "application/pdf",
          buffer: Buffer.from(
            "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
          ),
        },
      ]);
      await signAuthorization(uma.page, "Uma User", {
        authorize: s("portal.adverse.authorize"),
        signature: s("portal.adverse.signature"),
      });
      await uma.page.getByRole("button", { name: s("portal.submit.submit") }).click();
      await expect(uma.page.getByTestId("my-check")).toBeVisible({ timeout: 20_000 });
      await sweep(uma.page, "user dashboard with a check");

      // The Review dialog, as the company admin.
      await cara.page.reload();
      await cara.page
        .getByRole("button", { name: s("portal.checks.reviewLabel", { name: "Uma User" }) })
        .click();
      const review = cara.page.getByRole("dialog", { name: s("portal.review.title") });
      await expect(review.getByText("passport.pdf")).toBeVisible();
      await sweep(cara.page, "Review");
      await review.getByLabel(s("portal.review.status")).selectOption({ label: s("portal.status.approved") });
      await review
        .getByLabel(s("portal.review.notes"))
        .fill(language === "es" ? "Todo en orden." : "All good.");
      await review.getByRole("button", { name: s("portal.review.update") }).click();
      await expect(review).toBeHidden();
      await sweep(cara.page, "admin dashboard after a review");

      // The user management dialogs, as the admin.
      await a.reload();
      const users = a.getByRole("region", { name: s("portal.users.title"), exact: true });
      const row = users.getByRole("row", { name: /Uma User/ });
      await expect(row).toBeVisible();
      const openAndCancel = async (button: string, dialog: Locator, state: string) => {
        await row.getByRole("button", { name: button }).click();
        await expect(dialog).toBeVisible();
        await sweep(a, state);
        await a.keyboard.press("Escape");
        await expect(dialog).toBeHidden();
      };
      await openAndCancel(
        s("portal.users.editLabel", { name: "Uma User" }),
        a.getByRole("dialog", { name: s("portal.users.editTitle") }),
        "edit user",
      );
      await openAndCancel(
        s("portal.users.deactivateLabel", { name: "Uma User" }),
        a.getByRole("alertdialog", { name: s("portal.users.deactivateTitle", { name: "Uma User" }) }),
        "deactivate user",
      );
      await openAndCancel(
        s("portal.users.deleteLabel", { name: "Uma User" }),
        a.getByRole("alertdialog", { name: exact(s("portal.users.deleteTitle", { name: "Uma User" })) }),
        "delete user",
      );

      // The portal header and the admin dashboard on a phone.
      await a.setViewportSize({ width: 390, height: 844 });
      await a.reload();
      await expect(users).toBeVisible();
      await sweep(a, "admin dashboard at 390 px");

      for (const p of [admin, cara, uma]) await p.context.close();
    });
  });
}
