"use client";
// A labelled rich-text field (Tiptap): the editor of every HTML field (question, answers,
// explanation, descriptions), with help, errors and warnings under it like every other field.
import { useState } from "react";
import type { FieldMessages } from "../ui/field";
import { editLossWarning, lostOnEdit } from "./edit-loss";
import { Field } from "../ui/field";
import type { ResourceBag } from "./resource-bag";
import { RichTextEditor } from "./rich-text-editor";

export interface RichTextFieldProps extends FieldMessages {
  label: string;
  help?: string;
  /** The field's HTML as stored (media as /media/… paths) or as edited. */
  value: string;
  onChange: (html: string) => void;
  /** Links and YouTube embeds: only in explanation and descriptions (contract 9.3). */
  allowLinks?: boolean;
  /** Where images / audio inserted by upload, paste or drop are kept until the form is saved. */
  resources: ResourceBag;
  /** One line high and without headings/tables (answers); a full editor otherwise. */
  compact?: boolean;
  className?: string;
}

export function RichTextField({
  label,
  help,
  value,
  onChange,
  allowLinks = false,
  resources,
  compact = false,
  errors = [],
  warnings = [],
  className,
}: RichTextFieldProps) {
  // Files that could not be inserted, shown until the next edit.
  const [mediaErrors, setMediaErrors] = useState<string[]>([]);
  // The stored text last loaded and what an edit would lose of it (elements the editor lacks).
  const [loaded, setLoaded] = useState<{ stored: string; lost: string[] }>({ stored: "", lost: [] });
  const lossWarning = value === loaded.stored ? editLossWarning(loaded.lost) : null;

  function change(html: string) {
    setMediaErrors((current) => (current.length === 0 ? current : []));
    onChange(html);
  }

  return (
    <Field
      label={label}
      help={help}
      errors={[...errors, ...mediaErrors]}
      warnings={lossWarning ? [...warnings, lossWarning] : warnings}
      className={className}
    >
      {(control) => (
        <RichTextEditor
          label={label}
          value={value}
          onChange={change}
          allowLinks={allowLinks}
          compact={compact}
          resources={resources}
          control={control}
          onMediaErrors={setMediaErrors}
          onLoaded={(stored, written) => setLoaded({ stored, lost: lostOnEdit(stored, written) })}
        />
      )}
    </Field>
  );
}
