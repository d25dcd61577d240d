import { JOBS_FRAME_TIMEOUT_MS } from "@common/limits";
import { SITE_CONFIG } from "@common/site-config";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { JobsDialog } from "~/features/landing/jobs-dialog";
import { i18next } from "~/lib/i18n";
import { I18nextProvider } from "~/lib/react-i18n";

/**
 * The Jobs modal's fallback: shown instead of the frame when the jobs board's probe
 * fails or the frame has not loaded within JOBS_FRAME_TIMEOUT_MS; never when the board loads.
 */
describe("Jobs dialog fallback", () => {
  let probe: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    vi.useFakeTimers();
    probe = vi.fn();
    vi.stubGlobal("fetch", probe);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const renderOpen = () =>
    render(
      <I18nextProvider i18n={i18next}>
        <JobsDialog open onOpenChange={() => {}} />
      </I18nextProvider>,
    );
  const fallback = () => screen.queryByText("The jobs board did not load here");

  it("probes the board without credentials and keeps the frame once it loads", async () => {
    probe.mockResolvedValue(new Response(null, { status: 200 }));
    renderOpen();
    expect(probe).toHaveBeenCalledWith(
      SITE_CONFIG.jobsBoardUrl,
      expect.objectContaining({ mode: "no-cors", credentials: "omit" }),
    );
    const frame = screen.getByTitle("AisleIQ open roles");
    fireEvent.load(frame);
    await act(async () => vi.advanceTimersByTime(JOBS_FRAME_TIMEOUT_MS + 1000));
    expect(fallback()).toBeNull();
    expect(screen.getByTitle("AisleIQ open roles")).toBeTruthy();
  });

  it("shows the fallback with the new-tab link when the probe fails, even after the frame's load", async () => {
    probe.mockRejectedValue(new TypeError("Failed to fetch"));
    renderOpen();
    fireEvent.load(screen.getByTitle("AisleIQ open roles"));
    await act(async () => {});
    expect(fallback()).toBeTruthy();
    expect(screen.queryByTitle("AisleIQ open roles")).toBeNull();
    const links = screen.getAllByRole("link", { name: /Open the jobs board in a new tab/ });
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      SITE_CONFIG.jobsBoardUrl,
      SITE_CONFIG.jobsBoardUrl,
    ]);
  });

  it("shows the fallback when the frame has not loaded in time", async () => {
    probe.mockReturnValue(new Promise(() => {}));
    renderOpen();
    await act(async () => vi.advanceTimersByTime(JOBS_FRAME_TIMEOUT_MS - 1));
    expect(fallback()).toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(fallback()).toBeTruthy();
  });
});
