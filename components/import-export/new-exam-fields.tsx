// The new exam's settings when a file is imported as a new exam: every field may be left empty
// to take the file's (an Exam Studio archive has them all; GIFT, Aiken and CSV have none, and the
// dry run then says which are needed, at exam.<field>).
import { EVALUATION_OPTIONS, EXAM_TYPE_OPTIONS } from "../exams/exam-labels";
import { Input, Select } from "../ui/field";

export interface NewExamFields {
  title: string;
  code: string;
  category: string;
  type: string;
  evaluation_method: string;
  passing_score: string;
}

export const NO_FIELDS: NewExamFields = {
  title: "",
  code: "",
  category: "",
  type: "",
  evaluation_method: "",
  passing_score: "",
};

/** The `exam` param: only what the author filled in, numbers as numbers. */
export function examParam(fields: NewExamFields): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const key of ["title", "code", "category"] as const) if (fields[key].trim()) out[key] = fields[key].trim();
  for (const key of ["type", "evaluation_method", "passing_score"] as const)
    if (fields[key].trim() && Number.isFinite(Number(fields[key]))) out[key] = Number(fields[key]);
  return out;
}

export function NewExamFieldset({
  fields,
  onChange,
  errors,
}: {
  fields: NewExamFields;
  onChange: (fields: NewExamFields) => void;
  errors: Partial<Record<keyof NewExamFields, string>>;
}) {
  const set = (key: keyof NewExamFields, value: string) => onChange({ ...fields, [key]: value });
  const text = (key: "title" | "code" | "category" | "passing_score", label: string) => (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
      {label}
      <Input
        value={fields[key]}
        onChange={(e) => set(key, e.target.value)}
        placeholder="from the file"
        aria-invalid={errors[key] ? true : undefined}
        inputMode={key === "passing_score" ? "numeric" : undefined}
      />
      {errors[key] && <span className="text-xs font-normal text-red-700">{errors[key]}</span>}
    </label>
  );
  return (
    <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <legend className="mb-1 text-sm font-medium text-slate-800">
        The new exam (leave a field empty to take the file&apos;s)
      </legend>
      {text("title", "Title")}
      {text("code", "Code")}
      {text("category", "Category")}
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        Type
        <Select value={fields.type} onChange={(e) => set("type", e.target.value)}>
          <option value="">From the file</option>
          {EXAM_TYPE_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
        {errors.type && <span className="text-xs font-normal text-red-700">{errors.type}</span>}
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        Evaluation
        <Select value={fields.evaluation_method} onChange={(e) => set("evaluation_method", e.target.value)}>
          <option value="">From the file</option>
          {EVALUATION_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
        {errors.evaluation_method && (
          <span className="text-xs font-normal text-red-700">{errors.evaluation_method}</span>
        )}
      </label>
      {text("passing_score", "Passing score (%)")}
    </fieldset>
  );
}
