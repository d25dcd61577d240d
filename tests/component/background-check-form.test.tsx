import type { SessionUser } from "@common/api/auth";
import { MAX_FILE_BYTES } from "@common/limits";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "~/components/ui/toaster";
import { BackgroundCheckForm } from "~/features/dashboard/background-check-form";
import "~/lib/i18n";
import { createQueryClient } from "~/lib/query-client";
import { sessionUser } from "./support/fake-api";
import { FakeXhr } from "./support/fake-xhr";

const user: SessionUser = sessionUser();

/** The disclosure the fake server answers (ADR 0084). */
const DISCLOSURE = {
  version: "2026-11-01",
  effectiveDate: "2026-11-01",
  language: "en",
  text: "Disclosure regarding background investigation\n\nAuthorization",
};

function renderForm() {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      if (String(input) === "/api/background-checks/disclosure") return Response.json(DISCLOSURE);
      throw new Error(`unexpected ${String(input)}`);
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BackgroundCheckForm user={user} />
      <Toaster />
    </QueryClientProvider>,
  );
  return {
    input: document.getElementById("check-files") as HTMLInputElement,
    submit: screen.getByRole("button", { name: "Submit Background Check" }),
    events: userEvent.setup({ applyAccept: false }),
  };
}

/** Checks the authorization box and types the signature, once the disclosure is shown. */
async function sign(events: ReturnType<typeof userEvent.setup>, name = "Uma User") {
  await screen.findByText(/Disclosure regarding background investigation/);
  await events.click(screen.getByRole("checkbox", { name: /I authorize the background check/ }));
  await events.type(screen.getByLabelText("Type your full name as your electronic signature"), name);
}

const pdf = (name: string, size = 100) => new File([new Uint8Array(size)], name, { type: "application/pdf" });
const listed = () => within(screen.getByRole("list", { name: "Documents" })).getAllByRole("listitem");

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.last = undefined;
});

describe("background-check form (docs/product.md#5-validation)", () => {
  it("without a file, says so in the toast and under the documents, which it marks", async () => {
    const { events, submit } = renderForm();
    await events.click(submit);
    expect(await screen.findByText("Files Required")).toBeTruthy();
    const zone = screen.getByRole("group", { name: "Documents" });
    const message = document.getElementById(zone.getAttribute("aria-describedby") ?? "");
    expect(message?.textContent).toBe("Please upload at least one document for your background check");
  });

  it("refuses unsupported types and files over 10 MB with the documented toasts", async () => {
    const { input, events } = renderForm();
    await events.upload(input, new File(["hello"], "notes.txt", { type: "text/plain" }));
    expect(await screen.findByText("Invalid File Type")).toBeTruthy();
    expect(screen.getByText("notes.txt is not a supported file type")).toBeTruthy();
    await events.upload(input, pdf("big.pdf", MAX_FILE_BYTES + 1));
    expect(await screen.findByText("File Too Large")).toBeTruthy();
    expect(screen.getByText("big.pdf exceeds the 10MB size limit")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Documents" })).toBeNull();
  });

  it("names every refused file of one choice in one toast, not only the last", async () => {
    const { input, events } = renderForm();
    await events.upload(input, [
      new File(["a"], "notes.txt", { type: "text/plain" }),
      new File(["b"], "setup.exe", { type: "application/octet-stream" }),
      pdf("ok.pdf"),
    ]);
    expect(await screen.findByText("Invalid File Type")).toBeTruthy();
    expect(screen.getByText("notes.txt and setup.exe are not supported file types")).toBeTruthy();
    expect(listed()).toHaveLength(1);

    await events.upload(input, [new File(["c"], "photo.bmp"), pdf("big.pdf", MAX_FILE_BYTES + 1)]);
    expect(await screen.findByText("Some Files Were Not Added")).toBeTruthy();
    expect(
      screen.getByText("photo.bmp is not a supported file type. big.pdf exceeds the 10MB size limit"),
    ).toBeTruthy();
  });

  it("keeps at most 5 files, drops the extras, and removes files one by one", async () => {
    const { input, events, submit } = renderForm();
    await events.upload(
      input,
      Array.from({ length: 6 }, (_, i) => pdf(`doc-${i}.pdf`)),
    );
    expect(listed()).toHaveLength(5);
    expect(screen.queryByText("doc-5.pdf")).toBeNull();
    expect(await screen.findByText("Only the first 5 files are kept")).toBeTruthy();
    await events.click(screen.getByRole("button", { name: "Remove doc-2.pdf" }));
    expect(listed()).toHaveLength(4);
    expect(screen.queryByText("doc-2.pdf")).toBeNull();
    expect((submit as HTMLButtonElement).disabled).toBe(false);
  });

  it("requires full name and email", async () => {
    const { input, events, submit } = renderForm();
    await events.upload(input, pdf("id.pdf"));
    await events.clear(screen.getByLabelText("Full Name"));
    await events.click(submit);
    expect(await screen.findByText("Required Fields")).toBeTruthy();
    expect(screen.getByText("Please fill in all required fields")).toBeTruthy();
    const name = screen.getByLabelText("Full Name");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(name.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "This field is required.",
    );
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBeNull();
    await events.type(name, "Uma");
    expect(name.getAttribute("aria-invalid")).toBeNull();
  });

  it("shows real upload progress, then 'Background Check Submitted'", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const { input, events, submit } = renderForm();
    await events.upload(input, [
      pdf("id.pdf"),
      new File([new Uint8Array(8)], "photo.png", { type: "image/png" }),
    ]);
    await sign(events);
    await events.click(submit);
    const xhr = FakeXhr.last;
    if (!xhr?.sent) throw new Error("nothing was sent");
    expect(xhr.url).toBe("/api/background-checks");
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.sent.get("fullName")).toBe("Uma User");
    expect(xhr.sent.get("disclosureVersion")).toBe("2026-11-01");
    expect(xhr.sent.get("signatureName")).toBe("Uma User");
    expect(xhr.sent.getAll("files").map((file) => (file as File).name)).toEqual(["id.pdf", "photo.png"]);
    act(() => xhr.progress(45, 100));
    const bar = screen.getByRole("progressbar", { name: "Upload progress" });
    expect(bar.getAttribute("aria-valuenow")).toBe("45");
    expect(screen.getByText("Uploading... 45%")).toBeTruthy();
    // Busy, and unavailable to a second press, yet it keeps the focus (WCAG 2.4.3).
    const busy = screen.getByRole("button", { name: "Submitting..." });
    expect(busy.getAttribute("aria-disabled")).toBe("true");
    expect(document.activeElement).toBe(busy);
    act(() => xhr.progress(100, 100));
    expect(bar.getAttribute("aria-valuenow")).toBe("100");
    await act(async () => xhr.respond(201, { id: 1 }));
    expect(await screen.findByText("Background Check Submitted")).toBeTruthy();
    // Pending, as the new check's badge says (not "under review", which reads as In Review).
    expect(screen.getByText("Your background check is pending review")).toBeTruthy();
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.queryByRole("list", { name: "Documents" })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Submit Background Check" }));
  });

  it("shows the disclosure first and sends nothing until the authorization is signed", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const { input, events, submit } = renderForm();
    expect(await screen.findByTestId("disclosure-text")).toBeTruthy();
    await events.upload(input, pdf("id.pdf"));
    await events.click(submit);
    expect(await screen.findByText("Sign the authorization")).toBeTruthy();
    expect(FakeXhr.last).toBeUndefined();
    // The box alone is not a signature.
    await events.click(screen.getByRole("checkbox", { name: /I authorize the background check/ }));
    await events.click(submit);
    expect(FakeXhr.last).toBeUndefined();
    await events.type(screen.getByLabelText("Type your full name as your electronic signature"), "Uma User");
    await events.click(submit);
    expect(FakeXhr.last?.sent?.get("signatureName")).toBe("Uma User");
  });

  it("shows the server's error as 'Submission Failed'", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const { input, events, submit } = renderForm();
    await events.upload(input, pdf("id.pdf"));
    await sign(events);
    await events.click(submit);
    await act(async () =>
      FakeXhr.last?.respond(415, {
        error: "id.pdf is not a supported file type",
        code: "UNSUPPORTED_FILE_TYPE",
      }),
    );
    expect(await screen.findByText("Submission Failed")).toBeTruthy();
    expect(screen.getByText("id.pdf is not a supported file type")).toBeTruthy();
    expect(listed()).toHaveLength(1);
  });
});
