import {
  File,
  FileArchive,
  FileCode,
  FileCog,
  FileImage,
  FileJson,
  FileTerminal,
  FileText,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '@/lib/cn';

const BY_EXTENSION: Record<string, LucideIcon> = {
  json: FileJson,
  md: FileText,
  markdown: FileText,
  txt: FileText,
  rst: FileText,
  png: FileImage,
  jpg: FileImage,
  jpeg: FileImage,
  gif: FileImage,
  svg: FileImage,
  webp: FileImage,
  ico: FileImage,
  zip: FileArchive,
  gz: FileArchive,
  tgz: FileArchive,
  jar: FileArchive,
  yml: FileCog,
  yaml: FileCog,
  toml: FileCog,
  ini: FileCog,
  lock: FileCog,
};

/** The icon of a file: a terminal for shell, code for any parsed language, else by extension. */
export function FileIcon({
  language,
  extension,
  className,
}: {
  language: string | null;
  extension: string;
  className?: string;
}) {
  const Icon =
    language === 'bash'
      ? FileTerminal
      : language
        ? FileCode
        : (BY_EXTENSION[extension.toLowerCase()] ?? File);
  return (
    <Icon
      aria-hidden="true"
      className={cn(
        'size-4 shrink-0',
        language ? 'text-primary' : 'text-muted-foreground',
        className,
      )}
    />
  );
}
