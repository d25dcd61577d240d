/** Classes shared by the header's plain triggers and its Radix menus (site-header-menus.tsx). */
export const navLinkClass =
  "inline-flex h-10 items-center gap-1 rounded-md px-3 text-sm font-medium text-slate-700 transition-colors duration-150 hover:bg-slate-100 hover:text-slate-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:bg-slate-100";
