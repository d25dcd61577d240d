import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setPageLanguage } from "~/lib/i18n";
import { ISLAND_LOAD_EVENT } from "../../src/site/directives/interaction-events";
import Dialogs from "../../src/site/islands/dialogs/Dialogs";
import { handleTriggerClick } from "../../src/site/scripts/dialog-triggers";
import { $openDialog, closeDialog, openDialog } from "../../src/site/stores/dialogs";
import { restoreAfterEach, stubFetch } from "./support/fake-api";

/**
 * The public dialogs as an island: buttons of the static page (marked `data-dialog-trigger`)
 * record what the visitor asked for in the dialog store and ask the island to load; the island
 * opens that dialog, with the chosen plan, whether the click came before or after it was live.
 */
restoreAfterEach();

let loadRequests: Element[];
const holders: HTMLElement[] = [];
const onLoadRequest = (event: Event) => {
  loadRequests.push((event as CustomEvent<{ trigger: Element }>).detail.trigger);
};

beforeEach(() => {
  closeDialog();
  loadRequests = [];
  document.addEventListener(ISLAND_LOAD_EVENT, onLoadRequest);
});
afterEach(() => {
  document.removeEventListener(ISLAND_LOAD_EVENT, onLoadRequest);
  // The translator is shared by every file of the worker.
  setPageLanguage("en");
  for (const holder of holders.splice(0)) holder.remove();
});

/** A static page's button, as Astro renders it. */
function staticButton(html: string): HTMLElement {
  const holder = document.createElement("div");
  holder.innerHTML = html;
  document.body.append(holder);
  holders.push(holder);
  return holder.firstElementChild as HTMLElement;
}

describe("dialog triggers (framework-free)", () => {
  it("a pricing button opens Get Started with its plan and asks the island to load", () => {
    const button = staticButton(
      '<button type="button" data-dialog-trigger="get-started" data-plan="Unlimited">Get Started<span>: Unlimited</span></button>',
    );
    // A click on the button's inner text counts as the button's.
    (button.querySelector("span") as HTMLElement).click();
    expect($openDialog.get()).toEqual({ dialog: "get-started", plan: "Unlimited" });
    expect(loadRequests).toEqual([button]);
  });

  it("a Get Started button without a known plan offers Optimal; Jobs and Events carry no plan", () => {
    staticButton(
      '<button type="button" data-dialog-trigger="get-started" data-plan="Gold">Get Started</button>',
    ).click();
    expect($openDialog.get()).toEqual({ dialog: "get-started", plan: "Optimal" });
    staticButton(
      '<button type="button" data-dialog-trigger="jobs" data-plan="Starter">Apply</button>',
    ).click();
    expect($openDialog.get()).toEqual({ dialog: "jobs" });
    staticButton('<button type="button" data-dialog-trigger="events">Events</button>').click();
    expect($openDialog.get()).toEqual({ dialog: "events" });
  });

  it("ignores other clicks and triggers naming no dialog we have", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const event = new MouseEvent("click", { bubbles: true, cancelable: true });
    staticButton('<button type="button" data-dialog-trigger="newsletter">Subscribe</button>').dispatchEvent(
      event,
    );
    expect(handleTriggerClick(event)).toBe(false);
    staticButton('<button type="button">Plain</button>').click();
    expect($openDialog.get()).toBeNull();
    expect(loadRequests).toEqual([]);
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });
});

describe("the dialogs island", () => {
  it("opens the Get Started dialog asked for before it was live, with that plan, and closing clears the request", async () => {
    openDialog("get-started", "Unlimited");
    const user = userEvent.setup();
    render(<Dialogs lang="en" />);
    const dialog = await screen.findByRole("dialog", { name: "Get Started" });
    expect(dialog.textContent).toContain("Selected plan: Unlimited");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect($openDialog.get()).toBeNull();

    // Live now: the next request opens at once, with the new plan.
    act(() => openDialog("get-started", "Starter"));
    expect((await screen.findByRole("dialog", { name: "Get Started" })).textContent).toContain(
      "Selected plan: Starter",
    );
  });

  it("validates the lead form with the documented toasts", async () => {
    const user = userEvent.setup();
    render(<Dialogs lang="en" />);
    act(() => openDialog("get-started", "Optimal"));
    const dialog = await screen.findByRole("dialog", { name: "Get Started" });
    await user.click(
      Array.from(dialog.querySelectorAll("button")).find(
        (b) => b.textContent === "Get Started",
      ) as HTMLElement,
    );
    expect(await screen.findByText("All fields are required")).toBeTruthy();
    expect(screen.getByText("Please fill in all the fields to continue.")).toBeTruthy();
  });

  it("opens Jobs and Events when asked, one at a time", async () => {
    stubFetch(async () => new Response(null, { status: 200 }));
    render(<Dialogs lang="en" />);
    act(() => openDialog("jobs"));
    expect(await screen.findByRole("dialog", { name: "Now Hiring" })).toBeTruthy();
    act(() => openDialog("events"));
    expect(await screen.findByRole("dialog", { name: "Events" })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Now Hiring" })).toBeNull());
  });

  it("speaks the page's language: Spanish on a Spanish page", async () => {
    openDialog("get-started", "Optimal");
    render(<Dialogs lang="es" />);
    const dialog = await screen.findByRole("dialog", { name: "Comenzar" });
    expect(dialog.textContent).toContain("Optimal");
  });
});
