"use client";
// The settings form's Blueprint section (contract 15.1): the exam's domains with code, name and
// weight; add, rename, reorder (drag, keyboard, or the Move up / Move down buttons) and remove;
// the sum of the weights shown live, and the API's own error at it while it is neither 100 nor 0.
import { Plus } from "lucide-react";
import { useId } from "react";
import { NumberInput } from "../forms/number-input";
import { SortableRows } from "../question-editor/sortable-rows";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { Field, FieldMessageList, Input } from "../ui/field";
import type { DomainMessages } from "./blueprint-issues";
import { DOMAINS_MAX, liveSum, newDraft, type DomainDraft } from "./blueprint-model";

export interface BlueprintFieldsProps {
  domains: DomainDraft[];
  onChange: (domains: DomainDraft[]) => void;
  errors: DomainMessages;
  warnings: DomainMessages;
}

export function BlueprintFields({ domains, onChange, errors, warnings }: BlueprintFieldsProps) {
  const id = useId();
  const sum = liveSum(domains);
  const weighted = domains.some((d) => d.weight.trim() !== "" && d.weight.trim() !== "0");
  const patch = (index: number, change: Partial<DomainDraft>) =>
    onChange(domains.map((d, i) => (i === index ? { ...d, ...change } : d)));
  const at = (index: number, field: "code" | "name" | "weight") => ({
    errors: errors[`${index}.${field}`],
    warnings: warnings[`${index}.${field}`],
  });
  const listErrors = errors.list ?? [];

  return (
    <div className="flex flex-col gap-3" data-testid="blueprint">
      {domains.length === 0 ? (
        <p className="text-sm text-slate-600">
          No domains yet. Add the blueprint&apos;s domains to group the questions by them and draw each domain&apos;s
          share of a run.
        </p>
      ) : (
        <SortableRows
          items={domains}
          noun="domain"
          onReorder={onChange}
          onRemove={(index) => onChange(domains.filter((_, i) => i !== index))}
          renderRow={(domain, index) => (
            <div className="grid gap-3 sm:grid-cols-[8rem_minmax(0,1fr)_6.5rem]">
              <Field label="Code" help={index === 0 ? "E.g. 1.0" : undefined} {...at(index, "code")}>
                {(a) => (
                  <Input
                    {...a}
                    aria-label={`Code of domain ${index + 1}`}
                    value={domain.code}
                    onChange={(e) => patch(index, { code: e.target.value })}
                  />
                )}
              </Field>
              <Field label="Name" {...at(index, "name")}>
                {(a) => (
                  <Input
                    {...a}
                    aria-label={`Name of domain ${index + 1}`}
                    value={domain.name}
                    onChange={(e) => patch(index, { name: e.target.value })}
                  />
                )}
              </Field>
              <Field label="Weight (%)" {...at(index, "weight")}>
                {(a) => (
                  <NumberInput
                    {...a}
                    aria-label={`Weight (%) of domain ${index + 1}`}
                    aria-invalid={a["aria-invalid"] || listErrors.length > 0 || undefined}
                    value={domain.weight}
                    onChange={(e) => patch(index, { weight: e.target.value })}
                  />
                )}
              </Field>
            </div>
          )}
        />
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button
          size="sm"
          disabled={domains.length >= DOMAINS_MAX}
          title={domains.length >= DOMAINS_MAX ? `An exam has at most ${DOMAINS_MAX} domains.` : undefined}
          onClick={() => onChange([...domains, newDraft()])}
        >
          <Plus aria-hidden className="size-4" />
          Add domain
        </Button>
        {domains.length > 0 && (
          <p
            id={`${id}-sum`}
            className={cn(
              "text-sm font-medium",
              listErrors.length > 0 ? "text-red-700" : weighted ? "text-emerald-700" : "text-slate-600",
            )}
            aria-live="polite"
            data-testid="blueprint-sum"
          >
            Total: {sum} %{weighted ? "" : " (no weights: every domain at 0)"}
          </p>
        )}
      </div>
      <FieldMessageList id={`${id}-msg`} errors={listErrors} warnings={warnings.list} />
      <p className="text-xs text-slate-500">
        Weights are the percent of the questions a run draws from each domain: they add up to 100, or all stay at 0.
        Removing a domain leaves its questions without one.
      </p>
    </div>
  );
}
