"use client";
// Zoom buttons over the canvas; Ctrl+wheel zooms too, the wheel pans.
import { Maximize, Minus, Plus } from "lucide-react";
import type { ReactNode } from "react";

interface ZoomControlsProps {
  zoom: number;
  onZoom: (zoom: number) => void;
  onFit: () => void;
}

export function ZoomControls({ zoom, onZoom, onFit }: ZoomControlsProps) {
  return (
    <div
      className="absolute top-2 right-2 z-10 flex items-center gap-0.5 rounded-md border border-slate-200 bg-white/95 p-0.5 shadow-sm"
      role="group"
      aria-label="Zoom"
    >
      <ZoomButton label="Zoom out" onClick={() => onZoom(zoom / 1.25)}>
        <Minus aria-hidden className="size-4" />
      </ZoomButton>
      <span
        className="w-12 text-center text-xs text-slate-700 tabular-nums"
        aria-live="polite"
        data-testid="zoom-level"
      >
        {Math.round(zoom * 100)}%
      </span>
      <ZoomButton label="Zoom in" onClick={() => onZoom(zoom * 1.25)}>
        <Plus aria-hidden className="size-4" />
      </ZoomButton>
      {/* The name starts with what the button shows, so "click 1:1" works for speech input too. */}
      <ZoomButton label="1:1 (actual size)" onClick={() => onZoom(1)}>
        <span className="text-xs font-medium">1:1</span>
      </ZoomButton>
      <ZoomButton label="Fit to view" onClick={onFit}>
        <Maximize aria-hidden className="size-4" />
      </ZoomButton>
    </div>
  );
}

function ZoomButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="inline-flex size-7 items-center justify-center rounded text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {children}
    </button>
  );
}
