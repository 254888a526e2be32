// The bounds of an area on a question's image (contract 7): the smallest area, and the highest N of
// an id (`targ-N`, `drag-N`, `block-N`). The schemas check them field by field; the area rules of
// server/domain/areas.ts and the area editor build on them.
export const AREA_MIN_WIDTH = 30;
export const AREA_MIN_HEIGHT = 15;
/** Highest N in `targ-N`, `drag-N`, `block-N`; also the most areas one prefix can have. */
export const AREA_MAX_N = 999;
