"use client";
// TEMPORARY stand-in with the final props of the rich-text field; replaced by the Tiptap editor.
import type { FieldMessages } from "../ui/field";
import { Field, Textarea } from "../ui/field";
import type { ResourceBag } from "./resource-bag";

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

export function RichTextField({ label, help, value, onChange, errors, warnings, className }: RichTextFieldProps) {
  return (
    <Field label={label} help={help} errors={errors} warnings={warnings} className={className}>
      {(a) => <Textarea {...a} value={value} onChange={(e) => onChange(e.target.value)} rows={4} />}
    </Field>
  );
}
