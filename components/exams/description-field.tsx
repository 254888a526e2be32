"use client";
// The exam description's rich-text field, loaded after the page is usable: the editor
// (ProseMirror and its extensions) is the largest script of the exam page, and the settings
// tab is not the one an exam opens on. A box of the editor's size stands in meanwhile.
import dynamic from "next/dynamic";
import type { RichTextFieldProps } from "@/components/rich-text/rich-text-field";

function EditorPlaceholder() {
  return (
    <div className="flex flex-col gap-1" aria-busy="true">
      <span className="text-sm font-medium text-slate-800">Description</span>
      <div className="h-44 animate-pulse rounded-md border border-slate-300 bg-slate-50" />
    </div>
  );
}

const RichTextField = dynamic(() => import("@/components/rich-text/rich-text-field").then((m) => m.RichTextField), {
  ssr: false,
  loading: EditorPlaceholder,
});

export function DescriptionField(props: Omit<RichTextFieldProps, "label" | "allowLinks">) {
  return <RichTextField label="Description" allowLinks {...props} />;
}
