"use client";
// Writes or changes a formula (contract 9.1): LaTeX in, the formula shown as it is typed (the
// browser draws the MathML that will be stored), inline or on a line of its own.
import type { Editor } from "@tiptap/core";
import { NodeSelection } from "@tiptap/pm/state";
import { useId, useState } from "react";
import { latexToMathml } from "@/server/html/latex";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Field, Input } from "../ui/field";
import { DialogForm, returnFocusTo } from "./dialog-form";
import type { EditorDialogProps } from "./link-dialog";
import { MATH_NODE, type MathAttributes } from "./math-node";

export function MathDialog({ editor, open, onOpenChange }: EditorDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={returnFocusTo(editor)}
      title="Formula"
      description="Type the formula in LaTeX, for example \frac{a}{b} or x^2 + \sqrt{y}. It is stored as MathML, which browsers draw."
    >
      {/* Mounted per opening, so the form starts from the formula under the cursor. */}
      {open && <MathForm editor={editor} close={() => onOpenChange(false)} />}
    </Dialog>
  );
}

/** The selected formula's attributes, or null when no formula is selected. */
function selectedFormula(editor: Editor): MathAttributes | null {
  const { selection } = editor.state;
  return selection instanceof NodeSelection && selection.node.type.name === MATH_NODE
    ? (selection.node.attrs as MathAttributes)
    : null;
}

function MathForm({ editor, close }: { editor: Editor; close: () => void }) {
  const existing = selectedFormula(editor);
  const [latex, setLatex] = useState(existing?.latex ?? "");
  const [display, setDisplay] = useState(existing?.display ?? false);
  const [tried, setTried] = useState(false);
  const displayId = useId();
  const converted = latex.trim() === "" ? null : latexToMathml(latex, display);

  function apply() {
    setTried(true);
    if (converted === null || !converted.ok) return;
    editor.chain().focus().setMath(latex, display).run();
    close();
  }

  const error =
    converted !== null && !converted.ok
      ? `This LaTeX cannot be read: ${converted.message}`
      : tried && converted === null
        ? "Type a formula."
        : null;

  return (
    <DialogForm onSubmit={apply}>
      <Field
        label="LaTeX"
        help={existing && existing.latex === null ? "This formula has no LaTeX; typing one replaces it." : undefined}
        errors={error ? [error] : []}
      >
        {(a) => (
          <Input
            {...a}
            type="text"
            autoFocus
            spellCheck={false}
            autoComplete="off"
            className="font-mono"
            value={latex}
            onChange={(e) => setLatex(e.target.value)}
          />
        )}
      </Field>
      <label htmlFor={displayId} className="flex items-center gap-2 text-sm">
        <input id={displayId} type="checkbox" checked={display} onChange={(e) => setDisplay(e.target.checked)} />
        On a line of its own (display math)
      </label>
      <div
        aria-label="Formula preview"
        aria-live="polite"
        className="min-h-12 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-lg"
        // MathML from latex.ts: MathML elements and escaped text only (the policy keeps it as it is).
        dangerouslySetInnerHTML={{ __html: converted?.ok ? converted.mathml : "" }}
      />
      <div className="flex justify-end gap-2">
        <Button onClick={close}>Cancel</Button>
        <Button type="submit" variant="primary">
          {existing ? "Apply" : "Insert"}
        </Button>
      </div>
    </DialogForm>
  );
}
