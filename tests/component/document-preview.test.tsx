import type { CheckDetail, CheckSummary } from "@common/api/background-checks";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { BackgroundChecksSection } from "~/features/admin/background-checks-section";
import { createQueryClient } from "~/lib/query-client";
import { ADMIN, json, restoreAfterEach, stubFetch } from "./support/fake-api";

/** PDF.js cannot run in jsdom: the renderer module answers with two drawn pages of 25. */
const renderPdf = vi.hoisted(() => vi.fn());
vi.mock("~/features/admin/pdf-pages", () => ({ renderPdf }));

const FILES: CheckDetail["files"] = [
  {
    id: 11,
    originalName: "passport.pdf",
    fileType: "application/pdf",
    fileSize: 2048,
    uploadedAt: "2026-11-20T10:00:00.000Z",
    purpose: "submission",
  },
  {
    id: 12,
    originalName: "photo.png",
    fileType: "image/png",
    fileSize: 1024,
    uploadedAt: "2026-11-20T10:00:00.000Z",
    purpose: "submission",
  },
  {
    id: 13,
    originalName: "letter.docx",
    fileType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    fileSize: 4096,
    uploadedAt: "2026-11-20T10:00:00.000Z",
    purpose: "submission",
  },
];

let check: CheckSummary;
let previews: string[];

beforeEach(() => {
  check = {
    id: 4,
    userId: 9,
    fullName: "Uma User",
    email: "uma@fresh.example",
    status: "approved",
    passedCheck: true,
    submittedAt: "2026-11-20T10:00:00.000Z",
    reviewedAt: "2026-11-21T15:30:00.000Z",
    notes: null,
    fileCount: 3,
    filesPurgedAt: null,
    finalAt: null,
    businessDaysLeft: null,
    disputedAt: null,
    filesPurgeDueAt: "2027-02-19T15:30:00.000Z",
  };
  previews = [];
  renderPdf.mockReset();
  renderPdf.mockImplementation(async () => ({
    pageCount: 25,
    pages: [1, 2].map((number) => ({
      number,
      canvas: document.createElement("canvas"),
      text: `Page ${number} words`,
    })),
  }));
  stubFetch(async (input) => {
    const url = String(input);
    if (url === "/api/background-checks") return json([check]);
    if (url === "/api/auth/me") return json({ user: ADMIN, company: null });
    if (url === "/api/background-checks/4")
      return json({ ...check, reviewedByName: "Ada Admin", files: FILES, audit: [] });
    if (url.endsWith("/preview")) {
      previews.push(url);
      return new Response(new Uint8Array([37, 80, 68, 70]), {
        headers: { "content-type": "application/pdf" },
      });
    }
    throw new Error(`unexpected ${url}`);
  });
});
restoreAfterEach();

async function openReview() {
  const events = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BackgroundChecksSection />
    </QueryClientProvider>,
  );
  await screen.findByRole("table");
  await events.click(
    within(screen.getByRole("table", { hidden: true })).getByRole("button", {
      name: "Review background check of Uma User",
      hidden: true,
    }),
  );
  const dialog = await screen.findByRole("dialog", { name: "Review Background Check" });
  await within(dialog).findByText("passport.pdf");
  return { events, dialog };
}

describe("Review dialog: documents read inline (ADR 0059)", () => {
  it("shows when the files will be deleted, in the list and in the dialog", async () => {
    const { dialog } = await openReview();
    expect(screen.getAllByText("Kept until Feb 19, 2027").length).toBeGreaterThan(0);
    expect(
      within(dialog).getByText("The files will be deleted on Feb 19, 2027, after the retention period."),
    ).toBeTruthy();
  });

  it("offers Preview for PDF and PNG only, as a toggle that controls the preview, beside every download", async () => {
    const { events, dialog } = await openReview();
    expect(within(dialog).getAllByRole("link", { name: /^Download / })).toHaveLength(3);
    expect(within(dialog).queryByRole("button", { name: "Preview letter.docx" })).toBeNull();
    const pdf = within(dialog).getByRole("button", { name: "Preview passport.pdf" });
    expect(pdf.getAttribute("aria-expanded")).toBe("false");

    pdf.focus();
    await events.keyboard("{Enter}");
    const hide = within(dialog).getByRole("button", { name: "Hide preview of passport.pdf" });
    expect(hide.getAttribute("aria-expanded")).toBe("true");
    const region = within(dialog).getByRole("region", { name: "Preview of passport.pdf" });
    expect(hide.getAttribute("aria-controls")).toBe(region.id);
    expect(await within(region).findByRole("img", { name: "Page 1 of 25 of passport.pdf" })).toBeTruthy();
    expect(within(region).getByRole("img", { name: "Page 2 of 25 of passport.pdf" })).toBeTruthy();
    expect(within(region).getByText("Text of page 1: Page 1 words")).toBeTruthy();
    expect(within(region).getByText(/^Showing the first 2 of 25 pages\./)).toBeTruthy();
    expect(previews).toEqual(["/api/background-checks/4/files/11/preview"]);
    expect(renderPdf).toHaveBeenCalledWith(
      new Uint8Array([37, 80, 68, 70]),
      expect.objectContaining({ maxPages: 20 }),
    );

    await events.click(within(dialog).getByRole("button", { name: "Preview photo.png" }));
    const image = await within(dialog).findByRole("region", { name: "Preview of photo.png" });
    expect(within(dialog).queryByRole("region", { name: "Preview of passport.pdf" })).toBeNull();
    const img = image.querySelector("img");
    expect(img?.getAttribute("src")).toBe("/api/background-checks/4/files/12/preview");
    expect(img?.getAttribute("alt")).toBe("photo.png, as uploaded");

    await events.click(within(dialog).getByRole("button", { name: "Hide preview of photo.png" }));
    expect(within(dialog).queryByRole("region", { name: /^Preview of/ })).toBeNull();
  });

  it("says so, and points to the download, when a PDF cannot be drawn", async () => {
    renderPdf.mockRejectedValueOnce(new Error("Invalid PDF structure"));
    const { events, dialog } = await openReview();
    await events.click(within(dialog).getByRole("button", { name: "Preview passport.pdf" }));
    expect(
      await within(dialog).findByText("The preview could not be shown. Download the file to read it."),
    ).toBeTruthy();
  });

  it("shows the purge date instead of previews and downloads once the files are deleted", async () => {
    check = { ...check, filesPurgedAt: "2027-02-20T03:00:00.000Z", filesPurgeDueAt: null };
    const { dialog } = await openReview();
    await waitFor(() =>
      expect(
        within(dialog).getByText(
          "The files were deleted on Feb 20, 2027, after the retention period. The record stays.",
        ),
      ).toBeTruthy(),
    );
    expect(within(dialog).getByText("letter.docx")).toBeTruthy();
    expect(within(dialog).queryAllByRole("link", { name: /^Download / })).toEqual([]);
    expect(within(dialog).queryAllByRole("button", { name: /^Preview / })).toEqual([]);
    expect(screen.getAllByText("Deleted Feb 20, 2027").length).toBeGreaterThan(0);
  });
});
