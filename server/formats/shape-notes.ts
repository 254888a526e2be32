// The shapes of an item's areas that an import took as the rectangles around them (an area here
// is a rectangle, contract 7), said once per kind of thing and shape: an item of eight circular
// hotspots (Onyx's) warned eight times, "hotspot A is a circle; …", "hotspot B is a circle; …".
// Pure.

const PLURAL: Record<string, string> = { circle: "circles", ellipse: "ellipses", poly: "polys" };

interface Group {
  kind: string;
  shape: string;
  names: string[];
  after: string;
}

/** A list in words: "A", "A and B", "A, B and C". */
function listed(names: readonly string[]): string {
  return names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

export class ShapeNotes {
  private readonly groups = new Map<string, Group>();

  /**
   * `kind` ("hotspot") named `name` ("A") was a `shape`; `after` follows the names in the
   * warning (" of its area mapping").
   */
  add(kind: string, name: string, shape: string, after = ""): void {
    const key = JSON.stringify([kind, shape, after]);
    const group = this.groups.get(key);
    if (group) group.names.push(name);
    else this.groups.set(key, { kind, shape, names: [name], after });
  }

  /** One warning per kind and shape, in the order each was first met. */
  warnings(): string[] {
    return [...this.groups.values()].map(({ kind, shape, names, after }) =>
      names.length === 1
        ? `${kind} ${names[0]}${after} is a ${shape}; it was imported as the rectangle around it`
        : `${kind}s ${listed(names)}${after} are ${PLURAL[shape] ?? `of shape ${shape}`}; each was imported as the rectangle around it`,
    );
  }
}
