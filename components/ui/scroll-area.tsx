"use client";
// A box whose content may scroll (wide code, tables, long JSON, a long case study). People
// without a mouse scroll it with the arrow keys once it has the focus, so while its content
// overflows it is a tab stop (tabindex=0) with a name that the focus announces; when everything
// fits it is no tab stop. It starts focusable, as the server renders it, and measures itself in
// the browser as it and its content change size.
import { useEffect, useRef, useState, type HTMLAttributes, type ReactNode, type RefObject } from "react";
import { cn } from "./cn";

type Named = { "aria-label": string; "aria-labelledby"?: never } | { "aria-labelledby": string; "aria-label"?: never };

type ScrollAreaProps = Omit<HTMLAttributes<HTMLElement>, "tabIndex" | "role" | "aria-label" | "aria-labelledby"> &
  Named & {
    /** The element that scrolls: `pre` for code, `aside` for a complementary landmark, `div` around anything else. */
    as?: "div" | "pre" | "aside";
    children: ReactNode;
  };

export function ScrollArea({ as: Tag = "div", className, children, ...rest }: ScrollAreaProps) {
  const ref = useRef<HTMLElement>(null);
  const overflows = useOverflow(ref);
  return (
    <Tag
      ref={ref as never}
      // A named group, so the focus says what it is on; an aside is a landmark already.
      role={Tag === "aside" ? undefined : "group"}
      tabIndex={overflows ? 0 : undefined}
      // The focus ring (globals.css) drawn inside the box: a parent may clip what lies outside.
      className={cn("focus-visible:-outline-offset-2", className)}
      {...rest}
    >
      {children}
    </Tag>
  );
}

/** Whether the element's content is larger than its box; true until measured. */
function useOverflow(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () =>
      setOverflows(element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight);
    measure();
    // The box changes size with the page; the content with its own size or its text.
    const resized = new ResizeObserver(measure);
    resized.observe(element);
    for (const child of Array.from(element.children)) resized.observe(child);
    const changed = new MutationObserver(measure);
    changed.observe(element, { childList: true, subtree: true, characterData: true });
    return () => {
      resized.disconnect();
      changed.disconnect();
    };
  }, [ref]);
  return overflows;
}
