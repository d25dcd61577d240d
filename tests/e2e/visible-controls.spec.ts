import { expect, test } from "./support/fixtures";

/**
 * Controls a person can see and reach: the calculator's Copy link, which puts the link to the
 * figures on screen on the clipboard and says so, in both languages (ADR 0007); and the keyboard's
 * item in a header menu, which has a ring, not only a background barely different from the menu's.
 */

for (const { path, label, copy, copied } of [
  { path: "/calculator", label: "Average receipt ($)", copy: "Copy link", copied: "Link copied" },
  { path: "/es/calculator", label: "Ticket promedio ($)", copy: "Copiar enlace", copied: "Enlace copiado" },
]) {
  test(`${path}: Copy link puts the link to the figures on the clipboard and says so`, async ({
    app,
    context,
    page,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.baseUrl });
    await page.goto(`${app.baseUrl}${path}`);
    const receipt = page.getByLabel(label, { exact: true });
    await receipt.fill("61");
    await expect(receipt).toHaveValue("61");
    const button = page.getByRole("button", { name: copy });
    await expect(button).toBeVisible();
    await button.click();
    await expect(page.getByText(copied, { exact: true })).toBeVisible();
    const link = new URL(await page.evaluate(() => navigator.clipboard.readText()));
    expect(link.pathname).toBe(path);
    expect(link.searchParams.get("cartSize")).toBe("61");
    expect(link.searchParams.has("partnerCommissionPercentage")).toBe(false);

    const other = await context.newPage();
    await other.goto(link.href);
    await expect(other.getByLabel(label, { exact: true })).toHaveValue("61");
  });
}

test("the keyboard's item in a header menu has a focus ring", async ({ app, page }) => {
  await page.goto(`${app.baseUrl}/`);
  const developers = page.getByRole("banner").getByRole("button", { name: "Developers" });
  await developers.focus();
  await page.keyboard.press("Enter");
  const item = page.getByRole("menuitem", { name: "API" });
  await expect(item).toBeFocused();
  // Tailwind's ring is a box-shadow in the ring colour (#4f46e5).
  await expect(item).toHaveCSS("box-shadow", /rgb\(79, 70, 229\)/);
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Documentation" })).toHaveCSS(
    "box-shadow",
    /rgb\(79, 70, 229\)/,
  );
});
