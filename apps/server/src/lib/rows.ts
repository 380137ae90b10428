/**
 * The one row a statement must produce (an insert … returning, an aggregate, a row read just after it was
 * checked). A missing row here is a bug, not a "not found", so it throws instead of returning undefined.
 */
export function one<T>(rows: readonly T[]): T {
  const row = rows[0];
  if (row === undefined) throw new Error('Expected a row, the statement returned none');
  return row;
}

/** The element at `index` of a list that must have it (tests and fixed-shape results). */
export function at<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined)
    throw new Error(`Expected an element at index ${index} of a list of ${list.length}`);
  return item;
}
