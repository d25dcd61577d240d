import { esCalculator } from "~/locales/es-calculator";
import { addSpanish } from "~/locales/es-register";
import CalculatorRoute, { meta as calculatorMeta } from "../calculator";

// Spanish texts, registered before the page renders (ADR 0022).
addSpanish({ calculator: esCalculator });

export const meta = calculatorMeta;

/** `/es/calculator` (ADR 0022): the revenue calculator in Spanish, prerendered at build time. */
export default function SpanishCalculatorRoute() {
  return <CalculatorRoute />;
}
