import { type CalculatorResults, clampMonths } from "@common/calculator";
import { type RefObject, useCallback, useEffect, useLayoutEffect, useState } from "react";
import { typedBeforeHydration } from "~/lib/typed-before-hydration";
import { type CalculatorForm, DEFAULT_FORM, type TextField } from "./content";
import { CALCULATOR_PAINTED_ATTRIBUTE } from "./page-state-keys";
import { formFromSearch, urlWithForm } from "./share-link";

export { formFromSearch, urlWithForm };

/** What the Lost Revenue and Channel Partner sections get from the page: the form, its setter, every figure. */
export interface CalculatorSectionProps {
  form: CalculatorForm;
  onChange: (field: TextField, value: string) => void;
  /** From `calculate` (src/common/calculator.ts). */
  results: CalculatorResults;
}

/**
 * The calculator's form state, kept in the URL (ADR 0007).
 *
 * The first render matches the HTML it hydrates: the defaults of the prerendered page, or the
 * link's form when the page's script has painted a shared link's figures into that HTML
 * ({@link initialForm}, ADR 0068). Right after hydration the query string's values are read in
 * (a no-op after painting), then whatever was typed into the inputs before the island hydrated
 * (found under `root`; the page is static HTML until a person interacts). Once the user changes
 * something, every change replaces the current history entry's URL (`history.replaceState`: no
 * new entries, no navigation), so the address bar always holds a link that reopens the same
 * figures.
 * @param root the element holding the calculator's inputs
 */
export function useCalculatorForm(root?: RefObject<HTMLElement | null>) {
  const [rendered] = useState(initialForm);
  const [form, setForm] = useState<CalculatorForm>(rendered);
  const [edited, setEdited] = useState(false);

  // A layout effect: it reads the inputs in the commit that hydrated them, before any later
  // render (a key or click made before hydration and replayed) could put the defaults back.
  useLayoutEffect(() => {
    const typed = typedBeforeHydration(root?.current ?? null, rendered.text);
    // Over the current state, not the defaults: a replayed key may already have moved the slider.
    setForm((previous) => {
      const fromUrl = formFromSearch(window.location.search, previous);
      return { ...fromUrl, text: { ...fromUrl.text, ...typed } };
    });
    if (Object.keys(typed).length > 0) setEdited(true);
  }, [root, rendered]);

  useEffect(() => {
    if (!edited) return;
    const next = urlWithForm(window.location.href, form);
    const current = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    if (next !== current) window.history.replaceState(window.history.state, "", next);
  }, [form, edited]);

  const setText = useCallback((field: TextField, value: string) => {
    setForm((previous) => ({ ...previous, text: { ...previous.text, [field]: value } }));
    setEdited(true);
  }, []);
  const setMonthsSinceLaunch = useCallback((months: number) => {
    setForm((previous) => ({ ...previous, monthsSinceLaunch: clampMonths(months) }));
    setEdited(true);
  }, []);

  return { form, setText, setMonthsSinceLaunch };
}

/**
 * The form of the island's first render: the link's (`formFromSearch`) when the page's script has
 * painted the link's figures into the static HTML (it marks the document with
 * `CALCULATOR_PAINTED_ATTRIBUTE`, ADR 0068), so hydration finds exactly what it renders; otherwise
 * the defaults the HTML was prerendered with (also at build time, where there is no document).
 */
function initialForm(): CalculatorForm {
  if (
    typeof document === "undefined" ||
    !document.documentElement.hasAttribute(CALCULATOR_PAINTED_ATTRIBUTE)
  ) {
    return DEFAULT_FORM;
  }
  return formFromSearch(window.location.search);
}
