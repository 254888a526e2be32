// A block of JSON or shell text with a copy button.
import { CopyButton } from "@/components/ui/copy-button";

export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <figure className="overflow-hidden rounded-lg border border-slate-800 bg-slate-900">
      <figcaption className="flex items-center justify-between border-b border-slate-700 px-3 py-1.5 text-xs text-slate-300">
        <span>{label}</span>
        <CopyButton text={code} />
      </figcaption>
      <pre className="overflow-x-auto p-3 font-mono text-xs leading-relaxed text-slate-50">
        <code>{code}</code>
      </pre>
    </figure>
  );
}
