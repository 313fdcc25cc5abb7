/** A box to place: its id and its size (the text it will hold decides the size). */
export interface LayoutBox {
  readonly id: string;
  readonly width: number;
  readonly height: number;
}

/** A directed edge between two boxes, with the size of its label when it has one. */
export interface LayoutLink {
  readonly from: string;
  readonly to: string;
  readonly label?: { readonly width: number; readonly height: number };
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** Where a box went: its top-left corner and its size. */
export interface PlacedBox extends LayoutBox, Point {}

/** An edge's route (from its start on one box to its end on the other) and its label's top-left corner. */
export interface PlacedLink {
  readonly from: string;
  readonly to: string;
  readonly points: readonly Point[];
  readonly label?: Point;
}

/** A drawing's positions: every box and every link, inside `width` × `height` (top-left at 0, 0). */
export interface Placement {
  readonly width: number;
  readonly height: number;
  readonly boxes: readonly PlacedBox[];
  readonly links: readonly PlacedLink[];
}

/** Lays a directed graph out for drawing (layers top to bottom, in the direction of its edges). */
export interface GraphLayout {
  /**
   * Every box and link of the input placed, in input order, none overlapping, all inside the placement's
   * size. The same input always gives the same placement (adapters may cache it).
   */
  layout(boxes: readonly LayoutBox[], links: readonly LayoutLink[]): Promise<Placement>;
}
