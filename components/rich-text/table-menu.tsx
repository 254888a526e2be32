"use client";
// The table menu of the full editor: insert a table (with a header row), then change the one the
// cursor is in. Items that do not apply where the cursor is are disabled.
import type { ChainedCommands, Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import { ChevronDown, Table } from "lucide-react";
import { DropdownMenu, Toolbar } from "radix-ui";
import { useRef } from "react";
import { TOOL_BUTTON_CLASS } from "./tool-button";

interface TableItem {
  label: string;
  command: (chain: ChainedCommands) => ChainedCommands;
  /** A separator goes before this item. */
  group?: boolean;
}

const ITEMS: TableItem[] = [
  { label: "Insert table", command: (c) => c.insertTable({ rows: 3, cols: 3, withHeaderRow: true }) },
  { label: "Add row above", command: (c) => c.addRowBefore(), group: true },
  { label: "Add row below", command: (c) => c.addRowAfter() },
  { label: "Delete row", command: (c) => c.deleteRow() },
  { label: "Add column before", command: (c) => c.addColumnBefore(), group: true },
  { label: "Add column after", command: (c) => c.addColumnAfter() },
  { label: "Delete column", command: (c) => c.deleteColumn() },
  { label: "Header row on or off", command: (c) => c.toggleHeaderRow(), group: true },
  { label: "Merge cells", command: (c) => c.mergeCells() },
  { label: "Split cell", command: (c) => c.splitCell() },
  { label: "Delete table", command: (c) => c.deleteTable(), group: true },
];

export function TableMenu({ editor }: { editor: Editor }) {
  // Which commands would do something right now (can() runs them without applying).
  const possible = useEditorState({
    editor,
    selector: ({ editor: e }) => ITEMS.map((item) => item.command(e.can().chain()).run()),
  });
  const chosen = useRef(false);

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Toolbar.Button aria-label="Table" title="Table" className={`${TOOL_BUTTON_CLASS} w-auto gap-0.5 px-1.5`}>
          <Table aria-hidden className="size-4" />
          <ChevronDown aria-hidden className="size-3" />
        </Toolbar.Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={4}
          className="z-50 min-w-48 rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg"
          // After a command the cursor belongs in the table, not on the menu button.
          onCloseAutoFocus={(event) => {
            if (chosen.current) {
              event.preventDefault();
              editor.commands.focus();
            }
            chosen.current = false;
          }}
        >
          {ITEMS.map((item, index) => [
            item.group ? <DropdownMenu.Separator key={`s${index}`} className="my-1 h-px bg-slate-200" /> : null,
            <DropdownMenu.Item
              key={item.label}
              disabled={!possible?.[index]}
              onSelect={() => {
                chosen.current = true;
                item.command(editor.chain()).run();
              }}
              className="cursor-default rounded px-2 py-1.5 outline-none select-none data-[disabled]:text-slate-400 data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-700"
            >
              {item.label}
            </DropdownMenu.Item>,
          ])}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
