import { expect, type Page } from "@playwright/test";

/**
 * Signs the background-check authorization on the dashboard's form (ADR 0084): waits for the
 * disclosure, checks the box and types `fullName` as the signature.
 * @param labels the checkbox's and the signature field's labels (English by default)
 */
export async function signAuthorization(
  page: Page,
  fullName: string,
  labels: { authorize: string; signature: string } = {
    authorize: "I have read the disclosure and I authorize the background check.",
    signature: "Type your full name as your electronic signature",
  },
): Promise<void> {
  await expect(page.getByTestId("disclosure-text")).toBeVisible();
  await page.getByRole("checkbox", { name: labels.authorize }).check();
  await page.getByLabel(labels.signature).fill(fullName);
}
