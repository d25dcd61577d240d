import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Slider } from "~/components/ui/slider";

/** Parses server-rendered markup as a browser without script would read it. */
function serverRendered(element: React.ReactElement): HTMLElement {
  const container = document.createElement("div");
  container.innerHTML = renderToString(element);
  return container;
}

/**
 * The slider in prerendered HTML: Radix finds its thumb only once mounted, so the
 * server-rendered thumb must already carry its value for the page to be valid and readable.
 */
describe("Slider rendered on the server", () => {
  it("gives the thumb its role, range, value and text, and the root its position", () => {
    const html = serverRendered(
      <Slider
        min={1}
        max={7}
        step={1}
        value={[4]}
        thumbProps={{ "aria-label": "Months since launch", "aria-valuetext": "4 months" }}
      />,
    );
    const thumb = html.querySelector('[role="slider"]');
    expect(thumb?.getAttribute("aria-valuenow")).toBe("4");
    expect(thumb?.getAttribute("aria-valuemin")).toBe("1");
    expect(thumb?.getAttribute("aria-valuemax")).toBe("7");
    expect(thumb?.getAttribute("aria-valuetext")).toBe("4 months");
    expect(thumb?.getAttribute("aria-label")).toBe("Months since launch");
    // Where theme.css puts the thumb until Radix has measured it: 4 of 1–7 is half way.
    const root = html.querySelector<HTMLElement>(".slider");
    expect(root?.style.getPropertyValue("--slider-percent")).toBe("50");
  });

  it("keeps the position inside the track for a value out of range", () => {
    const html = serverRendered(<Slider min={1} max={7} value={[9]} />);
    expect(html.querySelector<HTMLElement>(".slider")?.style.getPropertyValue("--slider-percent")).toBe(
      "100",
    );
  });
});

/** A slider whose value is the component's state, as the calculator holds it. */
function Controlled() {
  const [value, setValue] = useState([2]);
  return (
    <Slider
      min={1}
      max={7}
      step={1}
      value={value}
      onValueChange={setValue}
      thumbProps={{ "aria-label": "Months" }}
    />
  );
}

describe("Slider in the browser", () => {
  it("announces the value the user moves it to", async () => {
    render(<Controlled />);
    const thumb = screen.getByRole("slider", { name: "Months" });
    expect(thumb.getAttribute("aria-valuenow")).toBe("2");
    thumb.focus();
    await userEvent.keyboard("{ArrowRight}{ArrowRight}");
    expect(thumb.getAttribute("aria-valuenow")).toBe("4");
    // Radix has found the thumb: it no longer hides it (theme.css places it no more).
    expect(thumb.style.display).toBe("");
  });
});
