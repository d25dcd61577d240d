import type { ReactNode, Ref } from "react";
import type { useSearch } from "~/hooks/use-search";
import { useTranslation } from "~/lib/react-i18n";
import { SearchField } from "./search-field";
import { SectionCard } from "./section-card";
import { CardContent } from "./ui/card";

/**
 * The card of a searchable admin list (Users, Leads, Demo Registrations): a section labelled by the
 * card's title, the heading (title, description, header actions), then the search box and the
 * list itself (`children`: its ListBody, Pager …), 16 px apart.
 * @param search the list's search state from `useSearch`; the title's id is its field's id + "-title"
 * @param texts the section's catalog namespace (e.g. "portal.users"), with `title`, `description`,
 *   `searchLabel` (the search box's accessible name) and `searchPlaceholder`
 * @param searchMaxLength optional limit matching the server's `?q=` (e.g. 200 on users)
 * @param actions, titleRef as {@link SectionCard} (Refresh and Export CSV; a focusable title)
 */
export function SearchListCard({
  search,
  texts,
  actions,
  titleRef,
  searchMaxLength,
  children,
}: {
  search: ReturnType<typeof useSearch>;
  texts: string;
  actions?: ReactNode;
  titleRef?: Ref<HTMLHeadingElement>;
  searchMaxLength?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = `${search.field.id}-title`;
  return (
    <section aria-labelledby={titleId}>
      <SectionCard
        title={t(`${texts}.title`)}
        description={t(`${texts}.description`)}
        titleId={titleId}
        titleRef={titleRef}
        actions={actions}
      >
        <CardContent className="grid gap-4">
          <SearchField
            {...search.field}
            label={t(`${texts}.searchLabel`)}
            placeholder={t(`${texts}.searchPlaceholder`)}
            maxLength={searchMaxLength}
          />
          {children}
        </CardContent>
      </SectionCard>
    </section>
  );
}
