"use client";
// The toolbar above the text: one tab stop, arrow keys move between buttons (Radix Toolbar).
// Compact editors (answers) leave out headings, the horizontal line, alignment and tables.
import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import { Captions, ImagePlus, Link, Sigma, TvMinimalPlay } from "lucide-react";
import { Toolbar } from "radix-ui";
import { Fragment, type ReactNode } from "react";
import { cn } from "../ui/cn";
import { TableMenu } from "./table-menu";
import { ToolButton } from "./tool-button";
import { ALIGN_ACTIONS, BLOCK_ACTIONS, HISTORY_ACTIONS, INLINE_ACTIONS, type ToolbarAction } from "./toolbar-actions";

export interface EditorToolbarProps {
  editor: Editor;
  label: string;
  compact: boolean;
  allowLinks: boolean;
  onUpload: () => void;
  onAltText: () => void;
  onLink: () => void;
  onYoutube: () => void;
  onMath: () => void;
  className?: string;
}

const ALL_ACTIONS = [...INLINE_ACTIONS, ...BLOCK_ACTIONS, ...ALIGN_ACTIONS, ...HISTORY_ACTIONS];

export function EditorToolbar({
  editor,
  label,
  compact,
  allowLinks,
  onUpload,
  onAltText,
  onLink,
  onYoutube,
  onMath,
  className,
}: EditorToolbarProps) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      pressed: ALL_ACTIONS.map((action) => action.active?.(e) ?? false),
      enabled: ALL_ACTIONS.map((action) => action.enabled?.(e) ?? true),
      image: e.isActive("image"),
      link: e.isActive("link"),
      math: e.isActive("math"),
    }),
  });

  const button = (action: ToolbarAction) => {
    const index = ALL_ACTIONS.indexOf(action);
    return (
      <ToolButton
        key={action.id}
        label={action.label}
        icon={action.icon}
        shortcut={action.shortcut}
        pressed={action.active ? (state?.pressed[index] ?? false) : undefined}
        disabled={!(state?.enabled[index] ?? true)}
        onClick={() => action.run(editor)}
      />
    );
  };
  const fits = (action: ToolbarAction) => !(compact && action.fullOnly);

  const groups: ReactNode[][] = [
    INLINE_ACTIONS.map(button),
    BLOCK_ACTIONS.filter(fits).map(button),
    compact ? [] : ALIGN_ACTIONS.map(button),
    [
      <ToolButton key="media" label="Insert image or audio" icon={ImagePlus} onClick={onUpload} />,
      <ToolButton key="alt" label="Image alt text" icon={Captions} disabled={!state?.image} onClick={onAltText} />,
      <ToolButton key="math" label="Formula (LaTeX)" icon={Sigma} pressed={state?.math ?? false} onClick={onMath} />,
      ...(allowLinks
        ? [
            <ToolButton
              key="link"
              label="Link"
              icon={Link}
              shortcut="Mod+K"
              pressed={state?.link ?? false}
              onClick={onLink}
            />,
            <ToolButton key="youtube" label="YouTube video" icon={TvMinimalPlay} onClick={onYoutube} />,
          ]
        : []),
      ...(compact ? [] : [<TableMenu key="table" editor={editor} />]),
    ],
    HISTORY_ACTIONS.map(button),
  ].filter((group) => group.length > 0);

  return (
    <Toolbar.Root
      aria-label={`Formatting for ${label}`}
      className={cn("flex-wrap items-center gap-0.5 border-slate-200 bg-slate-50 px-1 py-1", className)}
    >
      {groups.map((group, index) => (
        <Fragment key={index}>
          {index > 0 && <Toolbar.Separator className="mx-1 h-5 w-px bg-slate-300" />}
          {group}
        </Fragment>
      ))}
    </Toolbar.Root>
  );
}
