import { type CalculatorResults, clampMonths, parseNumericInput } from "@common/calculator";
import { type RefObject, useCallback, useEffect, useLayoutEffect, useState } from "react";
import { typedBeforeHydration } from "~/lib/typed-before-hydration";
import {
  type CalculatorForm,
  DEFAULT_FORM,
  type TextField,
  URL_MONTHS_PARAM,
  URL_TEXT_FIELDS,
} from "./content";

/** What the Lost Revenue and Channel Partner sections get from the page: the form, its setter, every figure. */
export interface CalculatorSectionProps {
  form: CalculatorForm;
  onChange: (field: TextField, value: string) => void;
  /** From `calculate` (src/common/calculator.ts). */
  results: CalculatorResults;
}

/** Longest text read from the query string into a field; longer values are cut. */
const MAX_PARAM_LENGTH = 32;

/**
 * Reads a form from a query string: each field name (docs/product.md#3-records) present replaces its default (ADR 0007).
 * @param search e.g. "?cartSize=52&monthsSinceLaunch=3"; unknown parameters are ignored
 * @returns the form; months since launch are put on the slider (1 to 7)
 */
export function formFromSearch(search: string, defaults: CalculatorForm = DEFAULT_FORM): CalculatorForm {
  const params = new URLSearchParams(search);
  const text = { ...defaults.text };
  for (const field of URL_TEXT_FIELDS) {
    const value = params.get(field);
    if (value !== null) text[field] = value.slice(0, MAX_PARAM_LENGTH);
  }
  const months = params.get(URL_MONTHS_PARAM);
  return {
    text,
    monthsSinceLaunch: months === null ? defaults.monthsSinceLaunch : clampMonths(parseNumericInput(months)),
  };
}

/**
 * Writes a form's shareable fields into a URL's query string, keeping any other parameters.
 * The gated partner percentage is never written (ADR 0007).
 * @returns the new URL as a path + query + hash string
 */
export function urlWithForm(href: string, form: CalculatorForm): string {
  const url = new URL(href);
  for (const field of URL_TEXT_FIELDS) url.searchParams.set(field, form.text[field]);
  url.searchParams.set(URL_MONTHS_PARAM, String(form.monthsSinceLaunch));
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The calculator's form state, kept in the URL (ADR 0007).
 *
 * The first render uses the defaults, so it matches the prerendered HTML; right after hydration
 * the query string's values are read in, then whatever was typed into the inputs before the
 * page's script hydrated them (found under `root`; the page is static HTML until a person
 * interacts). Once the user changes something, every change replaces the current history
 * entry's URL (`history.replaceState`: no new entries, no navigation), so the address bar always
 * holds a link that reopens the same figures.
 * @param root the element holding the calculator's inputs
 */
export function useCalculatorForm(root?: RefObject<HTMLElement | null>) {
  const [form, setForm] = useState<CalculatorForm>(DEFAULT_FORM);
  const [edited, setEdited] = useState(false);

  // A layout effect: it reads the inputs in the commit that hydrated them, before any later
  // render (a key or click made before hydration and replayed) could put the defaults back.
  useLayoutEffect(() => {
    const typed = typedBeforeHydration(root?.current ?? null, DEFAULT_FORM.text);
    // Over the current state, not the defaults: a replayed key may already have moved the slider.
    setForm((previous) => {
      const fromUrl = formFromSearch(window.location.search, previous);
      return { ...fromUrl, text: { ...fromUrl.text, ...typed } };
    });
    if (Object.keys(typed).length > 0) setEdited(true);
  }, [root]);

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
