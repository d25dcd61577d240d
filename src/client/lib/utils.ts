import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names and lets later Tailwind utilities override earlier ones (shadcn's `cn`).
 * It brings tailwind-merge, so components on the first load of `/` use plain clsx (ADR 0010).
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
