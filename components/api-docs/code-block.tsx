// A block of JSON or shell text with a copy button; wide code scrolls within the block.
import { CopyButton } from "@/components/ui/copy-button";
import { ScrollArea } from "@/components/ui/scroll-area";

export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <figure className="overflow-hidden rounded-lg border border-slate-800 bg-slate-900">
      <figcaption className="flex items-center justify-between border-b border-slate-700 px-3 py-1.5 text-xs text-slate-300">
        <span>{label}</span>
        <CopyButton text={code} />
      </figcaption>
      <ScrollArea
        as="pre"
        aria-label={label}
        className="overflow-x-auto p-3 font-mono text-xs leading-relaxed text-slate-50"
      >
        <code>{code}</code>
      </ScrollArea>
    </figure>
  );
}
