/** Heading sizes of the landing sections: `md` for Our Partners, `lg` for Features and Industries, `xl` for Pricing and the feature grid. */
const SIZES = {
  md: {
    title: "text-2xl font-bold tracking-tight text-slate-950 sm:text-3xl",
    lead: "mt-2 text-slate-600",
  },
  lg: {
    title: "text-3xl font-bold tracking-tight text-slate-950 sm:text-4xl",
    lead: "mt-3 max-w-xl text-lg text-slate-600",
  },
  xl: {
    title: "text-3xl font-bold tracking-tight text-slate-950 sm:text-5xl",
    lead: "mt-4 max-w-xl text-lg text-slate-600",
  },
} as const;

/**
 * The title and lead paragraph that open a landing section (docs/product.md#2-pages).
 * @param id the heading's id, which the section names in `aria-labelledby`
 * @param title the h2 text; `lead` the paragraph under it
 * @param size the type scale (see SIZES)
 * @param center centre the lead's box under a centred title (Pricing)
 */
export function SectionHeading({
  id,
  title,
  lead,
  size,
  center,
}: {
  id: string;
  title: string;
  lead: string;
  size: keyof typeof SIZES;
  center?: boolean;
}) {
  return (
    <>
      <h2 id={id} className={SIZES[size].title}>
        {title}
      </h2>
      <p className={center ? `mx-auto ${SIZES[size].lead}` : SIZES[size].lead}>{lead}</p>
    </>
  );
}
