import { describe, expect, it } from "vitest";
import { ShapeNotes } from "./shape-notes";

describe("ShapeNotes", () => {
  it("says nothing of no shape", () => {
    expect(new ShapeNotes().warnings()).toEqual([]);
  });

  it("one of a kind and shape: as before, in the singular", () => {
    const notes = new ShapeNotes();
    notes.add("hotspot", "A", "circle");
    notes.add("area", "2", "poly", " of its area mapping");
    expect(notes.warnings()).toEqual([
      "hotspot A is a circle; it was imported as the rectangle around it",
      "area 2 of its area mapping is a poly; it was imported as the rectangle around it",
    ]);
  });

  it("several of a kind and shape in one warning, in the order each group was first met", () => {
    const notes = new ShapeNotes();
    notes.add("hotspot", "A", "circle");
    notes.add("hotspot", "B", "ellipse");
    notes.add("hotspot", "C", "circle");
    notes.add("hotspot", "D", "ellipse");
    notes.add("hotspot", "E", "circle");
    notes.add("area", "1", "circle", " of its area mapping");
    notes.add("area", "3", "circle", " of its area mapping");
    expect(notes.warnings()).toEqual([
      "hotspots A, C and E are circles; each was imported as the rectangle around it",
      "hotspots B and D are ellipses; each was imported as the rectangle around it",
      "areas 1 and 3 of its area mapping are circles; each was imported as the rectangle around it",
    ]);
  });
});
