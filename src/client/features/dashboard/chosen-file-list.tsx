import { formatFileSize } from "@common/uploads";
import { FileText, X } from "lucide-react";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/react-i18n";
import { cn } from "~/lib/utils";

/** One chosen file and the key that keeps its row stable while others are removed. */
export interface ChosenFile {
  key: number;
  file: File;
}

/**
 * The files chosen for an upload, each with its name, size and a Remove button (named "Remove
 * NAME"), as the background-check form and the answer to a pending rejection show them (ADR 0083:
 * the answer's files follow the upload's rules). Nothing is rendered when no file is chosen.
 * @param files the chosen files, in order
 * @param label the list's accessible name
 * @param disabled true while the form is sending: the Remove buttons do nothing
 * @param onRemove called with the key of the file to drop
 * @param compact the smaller rows of the answer form, inside the rejection banner
 */
export function ChosenFileList({
  files,
  label,
  disabled,
  onRemove,
  compact = false,
}: {
  files: ChosenFile[];
  label: string;
  disabled: boolean;
  onRemove: (key: number) => void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  return (
    <ul
      className={cn(
        "divide-y divide-border border border-border",
        compact ? "rounded-lg bg-background" : "rounded-xl",
      )}
      aria-label={label}
    >
      {files.map(({ key, file }) => (
        <li key={key} className={cn("flex items-center gap-3", compact ? "py-1 pr-1 pl-3" : "p-3")}>
          <FileText
            className={cn("shrink-0 text-primary", compact ? "size-4" : "size-5")}
            aria-hidden="true"
          />
          <div className="grid min-w-0 flex-1">
            <span className={cn("truncate font-medium", !compact && "text-sm")}>{file.name}</span>
            <span className="text-xs text-muted-foreground">{formatFileSize(file.size)}</span>
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            disabled={disabled}
            aria-label={t("portal.submit.remove", { name: file.name })}
            onClick={() => onRemove(key)}
          >
            <X aria-hidden="true" />
          </Button>
        </li>
      ))}
    </ul>
  );
}
