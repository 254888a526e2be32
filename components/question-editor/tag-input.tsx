"use client";
// The question's tags (contract 15.1 point 3): each shown with a button that removes it, and a
// combobox that adds one, suggesting the tags already used in the workspace as the author types
// (ARIA combobox with a list box: the arrow keys move through the suggestions, Enter or a comma
// adds the one highlighted or the text typed, Escape closes the list, Backspace in the empty box
// removes the last tag). A tag equal to one already there, without regard to case, is not added
// twice, as the API would drop it.
import { X } from "lucide-react";
import { useId, useMemo, useState, type KeyboardEvent } from "react";
import { TAG_MAX_LENGTH, TAGS_MAX, tagKey } from "@/server/schemas/blueprint";
import { tagSuggestionsFor } from "./tag-suggestions";
import { cn } from "../ui/cn";
import { FieldMessageList, type FieldMessages } from "../ui/field";

export interface TagInputProps extends FieldMessages {
  tags: readonly string[];
  onChange: (tags: string[]) => void;
  /** The workspace's tags, the most used first. */
  suggestions: readonly string[];
}

export function TagInput({ tags, onChange, suggestions, errors = [], warnings = [] }: TagInputProps) {
  const id = useId();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const shown = useMemo(() => tagSuggestionsFor(text, suggestions, tags), [text, suggestions, tags]);
  const expanded = open && shown.length > 0;
  const full = tags.length >= TAGS_MAX;

  function add(raw: string) {
    const tag = raw.trim();
    setText("");
    setActive(-1);
    if (tag === "" || tags.some((t) => tagKey(t) === tagKey(tag))) return;
    onChange([...tags, tag]);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (shown.length === 0) return;
      e.preventDefault();
      setOpen(true);
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (i + step + shown.length + (i === -1 && step < 0 ? 1 : 0)) % shown.length);
    } else if (e.key === "Enter" || e.key === ",") {
      // Enter adds a tag here; it never submits the form.
      if (e.key === "Enter" || text.trim() !== "") e.preventDefault();
      if (expanded && active >= 0) add(shown[active]!);
      else if (text.trim() !== "") add(text);
    } else if (e.key === "Escape") {
      if (expanded) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    } else if (e.key === "Backspace" && text === "" && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  }

  const described = [`${id}-help`, errors.length || warnings.length ? `${id}-msg` : null].filter(Boolean).join(" ");
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-input`} className="text-sm font-medium text-slate-800">
        Tags
      </label>
      {tags.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Chosen tags">
          {tags.map((tag, i) => (
            <li
              key={tagKey(tag)}
              className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-2.5 text-sm text-slate-800"
            >
              {tag}
              <button
                type="button"
                aria-label={`Remove tag ${tag}`}
                className="rounded-full p-0.5 text-slate-500 hover:bg-slate-200 hover:text-slate-800"
                onClick={() => onChange(tags.filter((_, k) => k !== i))}
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="relative">
        <input
          id={`${id}-input`}
          type="text"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
          aria-describedby={described}
          aria-invalid={errors.length > 0 || undefined}
          autoComplete="off"
          disabled={full}
          placeholder={full ? `At most ${TAGS_MAX} tags` : "Add a tag"}
          maxLength={TAG_MAX_LENGTH + 10}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          className="h-9 w-full rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 aria-invalid:border-red-500 disabled:bg-slate-100"
        />
        <ul
          id={`${id}-list`}
          role="listbox"
          aria-label="Tags used in this workspace"
          hidden={!expanded}
          className="absolute z-20 mt-1 max-h-60 w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
        >
          {shown.map((tag, i) => (
            <li
              key={tag}
              id={`${id}-option-${i}`}
              role="option"
              aria-selected={i === active}
              className={cn(
                "cursor-pointer px-2.5 py-1.5",
                i === active ? "bg-brand-50 text-brand-700" : "hover:bg-slate-50",
              )}
              // Before the input's blur, so the click adds the tag.
              onMouseDown={(e) => {
                e.preventDefault();
                add(tag);
              }}
            >
              {tag}
            </li>
          ))}
        </ul>
      </div>
      <p id={`${id}-help`} className="text-xs text-slate-500">
        Up to {TAGS_MAX} tags of at most {TAG_MAX_LENGTH} characters, to find and group questions. Press Enter or a
        comma to add one; the tags already used in this workspace are suggested as you type.
      </p>
      <FieldMessageList id={`${id}-msg`} errors={errors} warnings={warnings} />
    </div>
  );
}
