import type { CheckSummary } from "@common/api/background-checks";
import { MAX_FILE_BYTES } from "@common/limits";
import { SITE_CONFIG } from "@common/site-config";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, type Mock } from "vitest";
import { Toaster } from "~/components/ui/toaster";
import { BackgroundChecksSection } from "~/features/admin/background-checks-section";
import { MyChecksList } from "~/features/dashboard/my-checks-list";
import { setPageLanguage } from "~/lib/i18n";
import { createQueryClient } from "~/lib/query-client";
import { addSpanishPortal } from "~/locales/es-portal-register";
import { ADMIN, json, restoreAfterEach, stubFetch } from "./support/fake-api";

/**
 * A pending rejection (ADR 0083) as the person and the reviewers see it: her banner with the
 * reviewer's notes, the final date, the summary of her rights and the form to answer (its
 * validation, the upload's file rules, its busy state and what the server answers), and the stage
 * with the business days left in the reviewers' Status column; in English and in Spanish.
 */

/** Her check, rejected by a reviewer on Nov 27, final on Dec 4 unless she answers. */
const pending = (overrides: Partial<CheckSummary> = {}): CheckSummary => ({
  id: 5,
  userId: 7,
  fullName: "Sofía Ramírez",
  email: "sofia@tiendas.example",
  status: "pre_adverse_action",
  passedCheck: null,
  submittedAt: "2026-11-20T12:00:00.000Z",
  reviewedAt: null,
  notes: "The passport photo cannot be read.",
  fileCount: 2,
  filesPurgedAt: null,
  filesPurgeDueAt: null,
  finalAt: "2026-12-04T12:00:00.000Z",
  businessDaysLeft: 3,
  disputedAt: null,
  ...overrides,
});

const pdf = (name: string, size = 100) => new File([new Uint8Array(size)], name, { type: "application/pdf" });

let checks: CheckSummary[];
let fetchMock: Mock;
/** What the fake server answers to the dispute; by default it files it as the server does. */
let answerDispute: (form: FormData) => Promise<Response>;
/** Each dispute request's form, in order. */
let disputes: FormData[];

beforeEach(() => {
  disputes = [];
  answerDispute = async () => {
    checks = checks.map((check) =>
      check.id === 5 ? { ...check, disputedAt: "2026-11-30T12:00:00.000Z" } : check,
    );
    return json(checks[0]);
  };
  fetchMock = stubFetch(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    if (method === "GET" && url === "/api/background-checks/my") return json(checks);
    if (method === "GET" && url === "/api/background-checks") return json(checks);
    if (method === "GET" && url === "/api/auth/me") return json({ user: ADMIN, company: null });
    if (method === "POST" && url === "/api/background-checks/5/dispute") {
      const form = init?.body as FormData;
      disputes.push(form);
      return answerDispute(form);
    }
    throw new Error(`unexpected ${method} ${url}`);
  });
});
restoreAfterEach();
afterEach(() => setPageLanguage("en"));

function renderWithQuery(children: ReactNode) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      {children}
      <Toaster />
    </QueryClientProvider>,
  );
}

/** Her list in `language`, once her check is shown; the banner's region. */
async function renderMyChecks(language: "en" | "es" = "en") {
  if (language === "es") {
    addSpanishPortal();
    setPageLanguage("es");
  }
  renderWithQuery(<MyChecksList />);
  const card = await screen.findByTestId("my-check");
  return { card, banner: within(card).getByTestId("adverse-notice") };
}

/** The statement's error line, found through the field's `aria-describedby`. */
function describedBy(element: HTMLElement): string[] {
  return (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "");
}

const gets = () =>
  fetchMock.mock.calls.filter(
    ([input, init]) => (init?.method ?? "GET") === "GET" && String(input).endsWith("/my"),
  ).length;

describe("her banner during a pending rejection (ADR 0083)", () => {
  it("shows the reviewer's notes, the final date, the summary of her rights and the way to answer", async () => {
    checks = [pending()];
    const { card, banner } = await renderMyChecks();
    const region = screen.getByRole("region", { name: "A reviewer intends to reject your background check" });
    expect(region).toBe(banner);
    expect(banner.textContent).toContain(
      "This is not final yet. Unless you answer, it becomes final on Dec 4, 2026. Read the reasons below and your rights under the Fair Credit Reporting Act.",
    );
    // The reasons are where the text says: below it, inside the banner, and only there.
    expect(within(banner).getByText("Review Notes")).toBeTruthy();
    expect(within(card).getAllByText("The passport photo cannot be read.")).toHaveLength(1);
    expect(within(banner).getByText("The passport photo cannot be read.")).toBeTruthy();
    const rights = within(banner).getByRole("link", {
      name: "A Summary of Your Rights Under the Fair Credit Reporting Act",
    });
    expect(rights.getAttribute("href")).toBe(SITE_CONFIG.fcraRightsSummaryUrl);
    expect(rights.getAttribute("target")).toBe("_blank");
    expect(within(card).getByText("Pending Rejection")).toBeTruthy();
    expect(within(card).getByTestId("adverse-stage").textContent).toBe(
      "Becomes final on Dec 4, 2026 · 3 business days left",
    );
    const answer = within(banner).getByRole("form", { name: "Answer" });
    expect(within(answer).getByRole("textbox", { name: "Your statement" })).toBeTruthy();
    expect(within(answer).getByRole("button", { name: "Choose Files" })).toBeTruthy();
    expect(within(answer).getByRole("button", { name: "Send my answer" })).toBeTruthy();
  });

  it("says the same in Spanish", async () => {
    checks = [pending({ notes: "La foto del pasaporte no se puede leer.", businessDaysLeft: 1 })];
    const { card, banner } = await renderMyChecks("es");
    expect(
      within(banner).getByRole("heading", {
        name: "Quien revisa tiene la intención de rechazar su verificación de antecedentes",
      }),
    ).toBeTruthy();
    expect(banner.textContent).toContain(
      "Aún no es definitivo. Si usted no responde, será definitivo el 4 dic 2026. Lea los motivos abajo y sus derechos según la Ley de Informe Justo de Crédito.",
    );
    expect(within(banner).getByText("Notas de la revisión")).toBeTruthy();
    expect(within(card).getAllByText("La foto del pasaporte no se puede leer.")).toHaveLength(1);
    expect(
      within(banner)
        .getByRole("link", {
          name: "Resumen de sus derechos según la Ley de Informe Justo de Crédito (en inglés)",
        })
        .getAttribute("href"),
    ).toBe(SITE_CONFIG.fcraRightsSummaryUrl);
    expect(within(card).getByText("Rechazo pendiente")).toBeTruthy();
    expect(within(card).getByTestId("adverse-stage").textContent).toBe(
      "Será definitiva el 4 dic 2026 · Queda 1 día hábil",
    );
    const answer = within(banner).getByRole("form", { name: "Responder" });
    expect(within(answer).getByRole("textbox", { name: "Su declaración" })).toBeTruthy();
    expect(within(answer).getByRole("button", { name: "Enviar mi respuesta" })).toBeTruthy();
    expect(within(answer).getByRole("button", { name: "Elegir archivos" })).toBeTruthy();
  });

  it.each([
    [
      "en",
      "You answered this notice. A reviewer will read your answer before deciding.",
      "Disputed: waiting for a reviewer",
    ],
    [
      "es",
      "Usted respondió a este aviso. Quien revisa leerá su respuesta antes de decidir.",
      "Disputada: espera a quien revisa",
    ],
  ] as const)(
    "once she answered (%s), says a reviewer will read it, keeps the notes and offers no second answer",
    async (language, text, stage) => {
      checks = [pending({ disputedAt: "2026-11-30T12:00:00.000Z" })];
      const { card, banner } = await renderMyChecks(language);
      expect(within(banner).getByText(text)).toBeTruthy();
      expect(within(card).getByTestId("adverse-stage").textContent).toBe(stage);
      expect(within(banner).getByText("The passport photo cannot be read.")).toBeTruthy();
      expect(within(banner).queryByRole("form")).toBeNull();
      expect(within(banner).queryByRole("textbox")).toBeNull();
      expect(within(banner).queryByRole("button")).toBeNull();
      expect(within(banner).queryByRole("link")).toBeNull();
    },
  );

  it("shows no banner for a decided check, whose notes stay in the card", async () => {
    checks = [
      pending({
        status: "rejected",
        finalAt: null,
        businessDaysLeft: null,
        reviewedAt: "2026-12-04T12:00:00.000Z",
      }),
    ];
    renderWithQuery(<MyChecksList />);
    const card = await screen.findByTestId("my-check");
    expect(within(card).getByText("Rejected")).toBeTruthy();
    expect(within(card).queryByTestId("adverse-notice")).toBeNull();
    expect(within(card).queryByTestId("adverse-stage")).toBeNull();
    expect(within(card).getByText("Review Notes")).toBeTruthy();
    expect(within(card).getByText("The passport photo cannot be read.")).toBeTruthy();
  });
});

describe("her answer (ADR 0083)", () => {
  it("requires a statement: the field is marked, named under it and focused, the toast says so, nothing is sent", async () => {
    checks = [pending()];
    const events = userEvent.setup();
    const { banner } = await renderMyChecks();
    const statement = within(banner).getByRole("textbox", { name: "Your statement" });
    await events.type(statement, "   ");
    await events.click(within(banner).getByRole("button", { name: "Send my answer" }));
    expect(await screen.findByText("Write your statement")).toBeTruthy();
    expect(statement.getAttribute("aria-invalid")).toBe("true");
    expect(describedBy(statement)).toContain("Please say what is wrong or missing before sending.");
    expect(document.activeElement).toBe(statement);
    expect(disputes).toHaveLength(0);
    // Writing something takes the mark away.
    await events.type(statement, "My passport photo is attached again.");
    expect(statement.getAttribute("aria-invalid")).toBeNull();
    expect(describedBy(statement)).not.toContain("Please say what is wrong or missing before sending.");
  });

  it("takes documents under the upload's rules: types, 10 MB each, at most 5, each removable", async () => {
    checks = [pending()];
    const events = userEvent.setup({ applyAccept: false });
    const { banner } = await renderMyChecks();
    const input = document.getElementById("dispute-files-5") as HTMLInputElement;
    // The label names the picker; its button is what a person presses.
    expect(screen.getByLabelText("Documents (optional)")).toBe(input);
    await events.upload(input, [
      new File(["x"], "notes.txt", { type: "text/plain" }),
      pdf("big.pdf", MAX_FILE_BYTES + 1),
    ]);
    expect(await screen.findByText("Some Files Were Not Added")).toBeTruthy();
    expect(
      screen.getByText("notes.txt is not a supported file type. big.pdf exceeds the 10MB size limit"),
    ).toBeTruthy();
    expect(within(banner).queryByRole("list")).toBeNull();

    await events.upload(
      input,
      Array.from({ length: 6 }, (_, i) => pdf(`proof-${i}.pdf`)),
    );
    expect(await screen.findByText("Only the first 5 files are kept")).toBeTruthy();
    const listed = () =>
      within(within(banner).getByRole("list", { name: "Documents (optional)" })).getAllByRole("listitem");
    expect(listed().map((item) => item.textContent)).toEqual([
      "proof-0.pdf100 B",
      "proof-1.pdf100 B",
      "proof-2.pdf100 B",
      "proof-3.pdf100 B",
      "proof-4.pdf100 B",
    ]);
    await events.click(within(banner).getByRole("button", { name: "Remove proof-2.pdf" }));
    expect(listed()).toHaveLength(4);
    expect(within(banner).queryByText("proof-2.pdf")).toBeNull();
    // A sixth again, then: one more fits after the removal, a second does not.
    await events.upload(input, [pdf("late-a.pdf"), pdf("late-b.pdf")]);
    expect(listed()).toHaveLength(5);
    expect(within(banner).getByText("late-a.pdf")).toBeTruthy();
    expect(within(banner).queryByText("late-b.pdf")).toBeNull();
  });

  it("says so in Spanish: the empty statement and a refused file", async () => {
    checks = [pending()];
    const events = userEvent.setup({ applyAccept: false });
    const { banner } = await renderMyChecks("es");
    await events.click(within(banner).getByRole("button", { name: "Enviar mi respuesta" }));
    expect(await screen.findByText("Escriba su declaración")).toBeTruthy();
    const statement = within(banner).getByRole("textbox", { name: "Su declaración" });
    expect(statement.getAttribute("aria-invalid")).toBe("true");
    expect(describedBy(statement)).toContain("Diga qué es incorrecto o qué falta antes de enviar.");
    await events.upload(document.getElementById("dispute-files-5") as HTMLInputElement, [
      new File(["x"], "notas.txt", { type: "text/plain" }),
    ]);
    expect(await screen.findByText("Tipo de archivo no válido")).toBeTruthy();
    expect(screen.getByText("notas.txt no es un tipo de archivo admitido")).toBeTruthy();
    expect(disputes).toHaveLength(0);
  });

  it("sends her statement and documents, shows that it is sending, then that it was sent and the form gives way", async () => {
    checks = [pending()];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const filed = answerDispute;
    answerDispute = async (form) => {
      await held;
      return filed(form);
    };
    const events = userEvent.setup({ applyAccept: false });
    const { banner } = await renderMyChecks();
    await events.type(
      within(banner).getByRole("textbox", { name: "Your statement" }),
      "  My passport photo is attached again.  ",
    );
    await events.upload(document.getElementById("dispute-files-5") as HTMLInputElement, [
      pdf("passport.pdf"),
      new File([new Uint8Array(8)], "photo.png", { type: "image/png" }),
    ]);
    const before = gets();
    const send = within(banner).getByRole("button", { name: "Send my answer" });
    await events.click(send);

    // Busy: the button says so and ignores presses (it keeps the focus), the documents wait.
    const sending = await within(banner).findByRole("button", { name: "Sending…" });
    expect(sending).toBe(send);
    expect(sending.getAttribute("aria-disabled")).toBe("true");
    expect(document.activeElement).toBe(sending);
    expect((within(banner).getByRole("button", { name: "Choose Files" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(
      (within(banner).getByRole("button", { name: "Remove photo.png" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await events.click(sending);
    expect(disputes).toHaveLength(1);
    const [form] = disputes;
    expect(form?.get("statement")).toBe("My passport photo is attached again.");
    expect(form?.getAll("files").map((file) => (file as File).name)).toEqual(["passport.pdf", "photo.png"]);

    release();
    expect(await screen.findByText("Answer sent")).toBeTruthy();
    expect(screen.getByText("A reviewer will read it before deciding.")).toBeTruthy();
    // Her list is read again: the banner now says she answered, and the form is gone.
    await waitFor(() => expect(gets()).toBeGreaterThan(before));
    expect(
      await within(screen.getByTestId("adverse-notice")).findByText(
        "You answered this notice. A reviewer will read your answer before deciding.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "Your statement" })).toBeNull();
    expect(screen.getByTestId("adverse-stage").textContent).toBe("Disputed: waiting for a reviewer");
  });

  it("keeps her statement when the server refuses it, and says why", async () => {
    checks = [pending()];
    answerDispute = async () =>
      json(
        {
          error: "This check has no pending rejection to answer: the period is over or you answered already.",
          code: "ADVERSE_ACTION_STAGE",
        },
        409,
      );
    const events = userEvent.setup();
    const { banner } = await renderMyChecks();
    const statement = within(banner).getByRole("textbox", { name: "Your statement" });
    await events.type(statement, "The photo is attached.");
    await events.click(within(banner).getByRole("button", { name: "Send my answer" }));
    expect(await screen.findByText("Answer not sent")).toBeTruthy();
    expect(
      screen.getByText(
        "This check has no pending rejection to answer: the period is over or you answered already.",
      ),
    ).toBeTruthy();
    expect((statement as HTMLTextAreaElement).value).toBe("The photo is attached.");
    const send = within(banner).getByRole("button", { name: "Send my answer" });
    expect(send.getAttribute("aria-disabled")).toBeNull();
  });
});

describe("the reviewers' Status column during a pending rejection (ADR 0083)", () => {
  beforeEach(() => {
    checks = [
      pending({ id: 5, fullName: "Sofía Ramírez", businessDaysLeft: 3 }),
      pending({ id: 6, fullName: "Uma Applicant", email: "uma@fresh.example", businessDaysLeft: 1 }),
      pending({
        id: 8,
        fullName: "Dana Disputer",
        email: "dana@fresh.example",
        disputedAt: "2026-11-30T12:00:00.000Z",
      }),
      pending({
        id: 9,
        fullName: "Ana Approved",
        email: "ana@fresh.example",
        status: "approved",
        passedCheck: true,
        finalAt: null,
        businessDaysLeft: null,
        reviewedAt: "2026-11-28T12:00:00.000Z",
      }),
    ];
  });

  /** Each row's Applicant cell and the cell of the column headed `status`, as the table shows them. */
  async function statusColumn(status: string) {
    const table = await screen.findByRole("table", { hidden: true });
    const headers = within(table)
      .getAllByRole("columnheader", { hidden: true })
      .map((th) => th.textContent);
    const column = headers.indexOf(status);
    expect(column).toBeGreaterThan(0);
    return within(table)
      .getAllByRole("row", { hidden: true })
      .slice(1)
      .map((row) => {
        const cells = within(row).getAllByRole("cell", { hidden: true });
        return [cells[0]?.textContent, cells[column]?.textContent];
      });
  }

  it("shows the stage and the business days left beside the status, in the table and on the phone cards", async () => {
    renderWithQuery(<BackgroundChecksSection />);
    expect(await statusColumn("Status")).toEqual([
      ["Sofía Ramírez", "Pending RejectionBecomes final on Dec 4, 2026 · 3 business days left"],
      ["Uma Applicant", "Pending RejectionBecomes final on Dec 4, 2026 · 1 business day left"],
      ["Dana Disputer", "Pending RejectionDisputed: waiting for a reviewer"],
      ["Ana Approved", "Approved"],
    ]);
    const cards = screen.getAllByRole("listitem", { hidden: true });
    expect(cards.map((card) => within(card).queryByTestId("adverse-stage")?.textContent ?? null)).toEqual([
      "Becomes final on Dec 4, 2026 · 3 business days left",
      "Becomes final on Dec 4, 2026 · 1 business day left",
      "Disputed: waiting for a reviewer",
      null,
    ]);
  });

  it("says the same in Spanish", async () => {
    addSpanishPortal();
    setPageLanguage("es");
    renderWithQuery(<BackgroundChecksSection />);
    expect(await statusColumn("Estado")).toEqual([
      ["Sofía Ramírez", "Rechazo pendienteSerá definitiva el 4 dic 2026 · Quedan 3 días hábiles"],
      ["Uma Applicant", "Rechazo pendienteSerá definitiva el 4 dic 2026 · Queda 1 día hábil"],
      ["Dana Disputer", "Rechazo pendienteDisputada: espera a quien revisa"],
      ["Ana Approved", "Aprobada"],
    ]);
  });
});
