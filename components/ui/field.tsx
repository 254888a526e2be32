// A labelled form control with help text and the errors / warnings that concern it. The ids tie
// label, help and messages to the control (aria-describedby), so screen readers hear them too.
import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { cn } from "./cn";

export interface FieldMessages {
  errors?: readonly string[];
  warnings?: readonly string[];
}

export interface FieldProps extends FieldMessages {
  label: ReactNode;
  help?: ReactNode;
  className?: string;
  /** Renders the control; receives the id and the aria attributes to put on it. */
  children: (control: { id: string; "aria-describedby"?: string; "aria-invalid"?: boolean }) => ReactNode;
}

export function Field({ label, help, errors = [], warnings = [], className, children }: FieldProps) {
  const id = useId();
  const described = [help ? `${id}-help` : null, errors.length || warnings.length ? `${id}-msg` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ id, "aria-describedby": described || undefined, "aria-invalid": errors.length > 0 || undefined })}
      {help && (
        <p id={`${id}-help`} className="text-xs text-slate-500">
          {help}
        </p>
      )}
      <FieldMessageList id={`${id}-msg`} errors={errors} warnings={warnings} />
    </div>
  );
}

export function FieldMessageList({ id, errors = [], warnings = [] }: FieldMessages & { id?: string }) {
  if (errors.length === 0 && warnings.length === 0) return null;
  return (
    <ul id={id} className="flex flex-col gap-0.5 text-xs" data-field-messages="">
      {errors.map((m, i) => (
        // The alert inside the item: an item with another role would break the list.
        <li key={`e${i}`} className="text-red-700" data-kind="error">
          <span role="alert">{m}</span>
        </li>
      ))}
      {warnings.map((m, i) => (
        <li key={`w${i}`} className="text-amber-700" data-kind="warning">
          {m}
        </li>
      ))}
    </ul>
  );
}

const CONTROL =
  "rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 aria-invalid:border-red-500 disabled:bg-slate-100";

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, ...props },
  ref,
) {
  return <input ref={ref} className={cn(CONTROL, "h-9", className)} {...props} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className, ...props },
  ref,
) {
  return <textarea ref={ref} className={cn(CONTROL, "py-2", className)} {...props} />;
});

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select(
  { className, ...props },
  ref,
) {
  return <select ref={ref} className={cn(CONTROL, "h-9 pr-8", className)} {...props} />;
});
