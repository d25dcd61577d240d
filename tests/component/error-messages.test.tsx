import type { SessionUser } from "@common/api/auth";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "~/components/ui/toaster";
import { BackgroundCheckForm } from "~/features/dashboard/background-check-form";
import { ApiError, serverErrorMessage } from "~/lib/api";
import { i18next, setPageLanguage } from "~/lib/i18n";
import { createQueryClient } from "~/lib/query-client";
import { addSpanishPortal } from "~/locales/es-portal-register";
import { sessionUser } from "./support/fake-api";
import { FakeXhr } from "./support/fake-xhr";

/**
 * Server errors are shown by `code` from the catalog (ADR
 * 0026): a Spanish portal screen shows the Spanish message; English keeps the server's words.
 */
const user: SessionUser = sessionUser();

/** The disclosure the fake server answers (ADR 0084). */
const DISCLOSURE_TEXT = "Disclosure regarding background investigation";

/**
 * Renders the portal's background-check form, signs the authorization (ADR 0084: nothing is sent
 * unsigned), submits one PDF and answers with `body`.
 */
async function submitAndFail(submitName: string, status: number, body: unknown) {
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      if (String(input) === "/api/background-checks/disclosure") {
        return Response.json({
          version: "2026-11-01",
          effectiveDate: "2026-11-01",
          language: i18next.language,
          text: DISCLOSURE_TEXT,
        });
      }
      throw new Error(`unexpected ${String(input)}`);
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BackgroundCheckForm user={user} />
      <Toaster />
    </QueryClientProvider>,
  );
  const events = userEvent.setup({ applyAccept: false });
  await screen.findByText(DISCLOSURE_TEXT);
  await events.click(screen.getByRole("checkbox", { name: i18next.t("portal.adverse.authorize") }));
  await events.type(screen.getByLabelText(i18next.t("portal.adverse.signature")), user.fullName);
  const input = document.getElementById("check-files") as HTMLInputElement;
  await events.upload(input, new File([new Uint8Array(10)], "id.pdf", { type: "application/pdf" }));
  await events.click(screen.getByRole("button", { name: submitName }));
  await act(async () => FakeXhr.last?.respond(status, body));
}

const STORAGE_DOWN = {
  error: "We could not store your documents right now. Please try again in a minute.",
  code: "STORAGE_UNAVAILABLE",
};

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.last = undefined;
  setPageLanguage("en");
});

describe("server error messages on a Spanish portal screen", () => {
  it("shows the Spanish message of the server's code, not its English text", async () => {
    addSpanishPortal();
    setPageLanguage("es");
    await submitAndFail("Enviar verificación de antecedentes", 503, STORAGE_DOWN);
    expect(await screen.findByText("No se pudo enviar")).toBeTruthy();
    expect(
      screen.getByText(
        "No pudimos guardar sus documentos en este momento. Vuelva a intentarlo en un minuto.",
      ),
    ).toBeTruthy();
    expect(screen.queryByText(STORAGE_DOWN.error)).toBeNull();
  });

  it("translates a code whose English text names the file, with a general Spanish message", async () => {
    addSpanishPortal();
    setPageLanguage("es");
    await submitAndFail("Enviar verificación de antecedentes", 415, {
      error: "id.pdf is not a supported file type",
      code: "UNSUPPORTED_FILE_TYPE",
    });
    expect(
      await screen.findByText("Un archivo no es de un tipo admitido. Use PDF, JPEG, PNG, GIF, DOC o DOCX."),
    ).toBeTruthy();
    expect(screen.queryByText("id.pdf is not a supported file type")).toBeNull();
  });
});

describe("server file errors on a Spanish portal screen", () => {
  it("name the file the server names", async () => {
    addSpanishPortal();
    setPageLanguage("es");
    await submitAndFail("Enviar verificación de antecedentes", 415, {
      error: "id.pdf is not a supported file type (its content does not match its name)",
      code: "UNSUPPORTED_FILE_TYPE",
      file: "id.pdf",
    });
    expect(
      await screen.findByText("id.pdf no es de un tipo admitido. Use PDF, JPEG, PNG, GIF, DOC o DOCX."),
    ).toBeTruthy();
  });
});

describe("server error messages in English", () => {
  it("keep the words the server sends", async () => {
    await submitAndFail("Submit Background Check", 503, STORAGE_DOWN);
    expect(await screen.findByText("Submission Failed")).toBeTruthy();
    expect(screen.getByText(STORAGE_DOWN.error)).toBeTruthy();
  });

  it("fall back to the server's text for a code this client does not know, in any language", () => {
    const body = { error: "Something new went wrong.", code: "SOMETHING_NEW" };
    expect(serverErrorMessage(body)).toBe(body.error);
    addSpanishPortal();
    setPageLanguage("es");
    expect(serverErrorMessage(body)).toBe(body.error);
    expect(serverErrorMessage(null)).toBeNull();
  });

  it("keep the status-and-text message of ApiError for a body that is not the API's JSON", async () => {
    await submitAndFail("Submit Background Check", 502, "Bad Gateway");
    expect(await screen.findByText("Submission Failed")).toBeTruthy();
    expect(screen.getByText("Failed to submit background check")).toBeTruthy();
    expect(new ApiError(502, "Bad Gateway", null).message).toBe("502: Bad Gateway");
  });
});
