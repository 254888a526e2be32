// The formatting actions of the toolbar, as data: what each does, when it shows as pressed, its
// keyboard shortcut (Tiptap's own, listed here so the button's tooltip can tell), and which
// editors have it. The toolbar renders these; the dialogs and menus (links, YouTube, tables,
// media) live in their own components.
import type { Editor } from "@tiptap/core";
import {
  Bold,
  Code,
  Heading1,
  Heading2,
  Heading3,
  Italic,
  List,
  ListOrdered,
  type LucideIcon,
  Redo2,
  SeparatorHorizontal,
  SquareCode,
  Strikethrough,
  Subscript,
  Superscript,
  TextAlignCenter,
  TextAlignEnd,
  TextAlignJustify,
  TextAlignStart,
  TextQuote,
  Underline,
  Undo2,
} from "lucide-react";

export interface ToolbarAction {
  id: string;
  label: string;
  icon: LucideIcon;
  /** As Tiptap binds it; "Mod" is Ctrl (⌘ on a Mac). */
  shortcut?: string;
  run: (editor: Editor) => void;
  /** Shown as pressed (aria-pressed) when true. Actions without it are plain buttons. */
  active?: (editor: Editor) => boolean;
  /** Disabled when false (undo with nothing to undo). */
  enabled?: (editor: Editor) => boolean;
  /** Full editor only (not in compact answers). */
  fullOnly?: boolean;
}

const chain = (editor: Editor) => editor.chain().focus();

export const INLINE_ACTIONS: ToolbarAction[] = [
  {
    id: "bold",
    label: "Bold",
    icon: Bold,
    shortcut: "Mod+B",
    run: (e) => chain(e).toggleBold().run(),
    active: (e) => e.isActive("bold"),
  },
  {
    id: "italic",
    label: "Italic",
    icon: Italic,
    shortcut: "Mod+I",
    run: (e) => chain(e).toggleItalic().run(),
    active: (e) => e.isActive("italic"),
  },
  {
    id: "underline",
    label: "Underline",
    icon: Underline,
    shortcut: "Mod+U",
    run: (e) => chain(e).toggleUnderline().run(),
    active: (e) => e.isActive("underline"),
  },
  {
    id: "strike",
    label: "Strikethrough",
    icon: Strikethrough,
    shortcut: "Mod+Shift+S",
    run: (e) => chain(e).toggleStrike().run(),
    active: (e) => e.isActive("strike"),
  },
  {
    id: "subscript",
    label: "Subscript",
    icon: Subscript,
    shortcut: "Mod+,",
    run: (e) => chain(e).toggleSubscript().run(),
    active: (e) => e.isActive("subscript"),
  },
  {
    id: "superscript",
    label: "Superscript",
    icon: Superscript,
    shortcut: "Mod+.",
    run: (e) => chain(e).toggleSuperscript().run(),
    active: (e) => e.isActive("superscript"),
  },
  {
    id: "code",
    label: "Inline code",
    icon: Code,
    shortcut: "Mod+E",
    run: (e) => chain(e).toggleCode().run(),
    active: (e) => e.isActive("code"),
  },
];

const heading = (level: 1 | 2 | 3, icon: LucideIcon): ToolbarAction => ({
  id: `heading${level}`,
  label: `Heading ${level}`,
  icon,
  shortcut: `Mod+Alt+${level}`,
  run: (e) => chain(e).toggleHeading({ level }).run(),
  active: (e) => e.isActive("heading", { level }),
  fullOnly: true,
});

export const BLOCK_ACTIONS: ToolbarAction[] = [
  heading(1, Heading1),
  heading(2, Heading2),
  heading(3, Heading3),
  {
    id: "bulletList",
    label: "Bulleted list",
    icon: List,
    shortcut: "Mod+Shift+8",
    run: (e) => chain(e).toggleBulletList().run(),
    active: (e) => e.isActive("bulletList"),
  },
  {
    id: "orderedList",
    label: "Numbered list",
    icon: ListOrdered,
    shortcut: "Mod+Shift+7",
    run: (e) => chain(e).toggleOrderedList().run(),
    active: (e) => e.isActive("orderedList"),
  },
  {
    id: "blockquote",
    label: "Quote",
    icon: TextQuote,
    shortcut: "Mod+Shift+B",
    run: (e) => chain(e).toggleBlockquote().run(),
    active: (e) => e.isActive("blockquote"),
  },
  {
    id: "codeBlock",
    label: "Code block",
    icon: SquareCode,
    shortcut: "Mod+Alt+C",
    run: (e) => chain(e).toggleCodeBlock().run(),
    active: (e) => e.isActive("codeBlock"),
  },
  {
    id: "horizontalRule",
    label: "Horizontal line",
    icon: SeparatorHorizontal,
    run: (e) => chain(e).setHorizontalRule().run(),
    fullOnly: true,
  },
];

const align = (
  value: "left" | "center" | "right" | "justify",
  label: string,
  icon: LucideIcon,
  key: string,
): ToolbarAction => ({
  id: `align-${value}`,
  label,
  icon,
  shortcut: `Mod+Shift+${key}`,
  // Pressing the active alignment again removes it (back to the default, no style stored).
  run: (e) => (e.isActive({ textAlign: value }) ? chain(e).unsetTextAlign().run() : chain(e).setTextAlign(value).run()),
  active: (e) => e.isActive({ textAlign: value }),
  fullOnly: true,
});

export const ALIGN_ACTIONS: ToolbarAction[] = [
  align("left", "Align left", TextAlignStart, "L"),
  align("center", "Align centre", TextAlignCenter, "E"),
  align("right", "Align right", TextAlignEnd, "R"),
  align("justify", "Justify", TextAlignJustify, "J"),
];

export const HISTORY_ACTIONS: ToolbarAction[] = [
  {
    id: "undo",
    label: "Undo",
    icon: Undo2,
    shortcut: "Mod+Z",
    run: (e) => chain(e).undo().run(),
    enabled: (e) => e.can().undo(),
  },
  {
    id: "redo",
    label: "Redo",
    icon: Redo2,
    shortcut: "Mod+Shift+Z",
    run: (e) => chain(e).redo().run(),
    enabled: (e) => e.can().redo(),
  },
];

/** "Mod+Shift+S" as this computer writes it: "Ctrl+Shift+S" or "⌘⇧S". */
export function shortcutText(shortcut: string, mac: boolean): string {
  if (!mac) return shortcut.replace("Mod", "Ctrl");
  return shortcut
    .split("+")
    .map((key) => ({ Mod: "⌘", Shift: "⇧", Alt: "⌥" })[key] ?? key)
    .join("");
}
