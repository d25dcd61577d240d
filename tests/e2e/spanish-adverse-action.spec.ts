import type { Page } from "@playwright/test";
import { createCompanyRow } from "../support/actors";
import { signAuthorization } from "./support/authorization";
import { axeViolations } from "./support/axe";
import { onePagePdf, stripedPng } from "./support/documents";
import { expect, persona, test, uniqueEmail } from "./support/fixtures";

/**
 * A Spanish-speaking person through a pending rejection (ADR 0083, ADR 0084), against the
 * production build: she reads the disclosure in Spanish, signs and uploads; a reviewer rejects;
 * she sees the Spanish banner with the reasons, the final date and her rights, and answers with a
 * statement and a document; the reviewer then reads her answer. She and the reviewer start signed
 * in, and the reviewer decides through the API (the Review dialog has its own specs): the subject
 * is her screens.
 */

/** Collects the page's console errors and uncaught errors: the journey must end with none. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

test("a Spanish speaker signs, uploads, is told of a pending rejection in Spanish and answers it", async ({
  app,
  page,
  browser,
}) => {
  const companyId = await createCompanyRow(app.db, `Tiendas ${uniqueEmail("x@x").slice(2, 10)}`);
  const reviewer = await persona(browser);
  const cara = await app.signedIn(reviewer.context, {
    email: uniqueEmail("cara@tiendas.example"),
    fullName: "Cara Reviewer",
    role: "company_admin",
    companyId,
  });
  const sofia = await app.signedIn(page.context(), {
    email: uniqueEmail("sofia@tiendas.example"),
    fullName: "Sofía Ramírez",
    companyId,
    language: "es",
  });
  const errors = watchErrors(page);

  // 1. Her stored language is Spanish: the disclosure is Spanish, and so is the form around it.
  await page.goto(`${app.baseUrl}/dashboard`);
  const disclosure = page.getByTestId("disclosure");
  await expect(disclosure.getByRole("heading", { name: "Divulgación y autorización" })).toBeVisible();
  const text = page.getByTestId("disclosure-text");
  await expect(text).toContainText("Divulgación sobre la investigación de antecedentes");
  await expect(text).toHaveAttribute("lang", "es");
  await page.locator("#check-files").setInputFiles([
    {
      name: "pasaporte.pdf",
      mimeType: "application/pdf",
      buffer: onePagePdf("Pasaporte de Sofia Ramirez"),
    },
  ]);
  await signAuthorization(page, "Sofía Ramírez", {
    authorize: "Leí la divulgación y autorizo la verificación de antecedentes.",
    signature: "Escriba su nombre completo como firma electrónica",
  });
  await page.getByRole("button", { name: "Enviar verificación de antecedentes" }).click();
  await expect(page.getByText("Verificación de antecedentes enviada", { exact: true })).toBeVisible();
  const card = page.getByTestId("my-check");
  await expect(card.getByText("Pendiente", { exact: true })).toBeVisible();

  // 2. The reviewer rejects, giving the reasons.
  const checks = await reviewer.context.request.get(`${app.baseUrl}/api/background-checks`);
  const check = ((await checks.json()) as Array<{ id: number; userId: number }>).find(
    (row) => row.userId === sofia.id,
  );
  if (!check) throw new Error("her check is not in the reviewer's list");
  const reasons = "La foto del pasaporte no se puede leer.";
  const rejected = await reviewer.context.request.patch(`${app.baseUrl}/api/background-checks/${check.id}`, {
    data: { status: "rejected", notes: reasons },
  });
  expect(rejected.status(), await rejected.text()).toBe(200);
  const { finalAt } = (await rejected.json()) as { finalAt: string };
  const finalDate = new Intl.DateTimeFormat("es-US", { dateStyle: "medium" }).format(new Date(finalAt));

  // 3. Her dashboard says it in Spanish: not final yet, until when, why, her rights, how to answer.
  await page.reload();
  const banner = card.getByRole("region", {
    name: "Quien revisa tiene la intención de rechazar su verificación de antecedentes",
  });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(
    `Aún no es definitivo. Si usted no responde, será definitivo el ${finalDate}.`,
  );
  await expect(banner.getByText(reasons)).toBeVisible();
  await expect(
    banner.getByRole("link", {
      name: "Resumen de sus derechos según la Ley de Informe Justo de Crédito (en inglés)",
    }),
  ).toBeVisible();
  await expect(card.getByText("Rechazo pendiente", { exact: true })).toBeVisible();
  await expect(card.getByTestId("adverse-stage")).toHaveText(
    `Será definitiva el ${finalDate} · Quedan 5 días hábiles`,
  );

  // 4. She answers: first with nothing written, which the form names under the field (the
  //    state axe looks at, the red line on the banner's white), then with a statement and a photo.
  const answer = banner.getByRole("form", { name: "Responder" });
  const send = answer.getByRole("button", { name: "Enviar mi respuesta" });
  await send.click();
  await expect(page.getByText("Escriba su declaración", { exact: true })).toBeVisible();
  const field = answer.getByLabel("Su declaración");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(answer.getByText("Diga qué es incorrecto o qué falta antes de enviar.")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const statement = "Adjunto una foto nueva y legible del pasaporte.";
  await field.fill(statement);
  await page
    .locator(`#dispute-files-${check.id}`)
    .setInputFiles([{ name: "pasaporte.png", mimeType: "image/png", buffer: stripedPng() }]);
  await expect(answer.getByRole("list", { name: "Documentos (opcional)" })).toContainText("pasaporte.png");
  await send.click();
  await expect(page.getByText("Respuesta enviada", { exact: true })).toBeVisible();
  await expect(
    banner.getByText("Usted respondió a este aviso. Quien revisa leerá su respuesta antes de decidir."),
  ).toBeVisible();
  await expect(answer).toHaveCount(0);
  await expect(card.getByTestId("adverse-stage")).toHaveText("Disputada: espera a quien revisa");

  // 5. The reviewer has her answer, with its document, and an email about it.
  const detail = await reviewer.context.request.get(`${app.baseUrl}/api/background-checks/${check.id}`);
  const answered = (await detail.json()) as {
    disputeStatement: string;
    files: Array<{ originalName: string }>;
  };
  expect(answered.disputeStatement).toBe(statement);
  expect(answered.files.map((file) => file.originalName).sort()).toEqual(["pasaporte.pdf", "pasaporte.png"]);
  expect((await app.smtp.nextEmail(cara.email)).subject).toContain("Sofía Ramírez");
  expect(errors).toEqual([]);
  await reviewer.context.close();
});
