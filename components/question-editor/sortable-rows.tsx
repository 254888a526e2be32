"use client";
// A vertical list whose rows can be reordered three ways: dragging the handle with the mouse,
// the handle with the keyboard (Space to pick up, arrow keys to move, Space to drop, Escape to
// cancel), and the "Move up" / "Move down" buttons. Used by the answer lists of types 1, 2, 6.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ArrowDown, ArrowUp, GripVertical, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";

export interface SortableRowsProps<T extends { key: string }> {
  items: readonly T[];
  onReorder: (items: T[]) => void;
  onRemove: (index: number) => void;
  /** What a row is called in labels: "answer" → "Move answer 2 up". */
  noun: string;
  /** The row's content; the handle and the move / remove buttons are added around it. */
  renderRow: (item: T, index: number) => ReactNode;
  /** Extra classes per row (e.g. a distractor looks different). */
  rowClassName?: (item: T, index: number) => string | undefined;
}

export function SortableRows<T extends { key: string }>({
  items,
  onReorder,
  onRemove,
  noun,
  renderRow,
  rowClassName,
}: SortableRowsProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: string | number) => items.findIndex((i) => i.key === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${noun} ${position(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${capitalise(noun)} ${position(active.id)} is over position ${position(over.id)}.`
        : `${capitalise(noun)} ${position(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${capitalise(noun)} ${position(active.id)} was moved to position ${position(over.id)}.`
        : `${capitalise(noun)} ${position(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving ${noun} ${position(active.id)} was cancelled.`,
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    onReorder(arrayMove([...items], from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(position(active.id) - 1, position(over.id) - 1);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements }}
    >
      <SortableContext items={items.map((i) => i.key)} strategy={verticalListSortingStrategy}>
        <ol className="flex flex-col gap-2">
          {items.map((item, index) => (
            <SortableRow
              key={item.key}
              id={item.key}
              label={`${noun} ${index + 1}`}
              className={rowClassName?.(item, index)}
            >
              {(handle) => (
                <>
                  {handle}
                  <div className="min-w-0 flex-1">{renderRow(item, index)}</div>
                  <div className="flex shrink-0 flex-col gap-1 pt-6 sm:flex-row">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Move ${noun} ${index + 1} up`}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    >
                      <ArrowUp aria-hidden className="size-4" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Move ${noun} ${index + 1} down`}
                      disabled={index === items.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      <ArrowDown aria-hidden className="size-4" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove ${noun} ${index + 1}`}
                      onClick={() => onRemove(index)}
                      className="text-red-700 hover:bg-red-50"
                    >
                      <Trash2 aria-hidden className="size-4" />
                    </Button>
                  </div>
                </>
              )}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`Drag ${label}`}
      className="mt-6 flex h-8 w-6 shrink-0 cursor-grab items-center justify-center rounded text-slate-400 hover:bg-slate-100 hover:text-slate-700 active:cursor-grabbing"
    >
      <GripVertical aria-hidden className="size-4" />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(
        "flex items-start gap-2 rounded-lg border border-slate-200 bg-white p-2 pr-1",
        isDragging && "relative z-10 shadow-lg ring-2 ring-brand-600/40",
        className,
      )}
      data-testid="answer-row"
    >
      {children(handle)}
    </li>
  );
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
