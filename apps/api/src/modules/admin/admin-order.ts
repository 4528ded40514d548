/** Whether two lists of ids are the same order. */
export const sameOrder = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, index) => id === b[index]);

/** Whether two lists name the same ids, each once (a reorder must name every stored item, nothing else). */
export const sameMembers = (a: readonly number[], b: readonly number[]) => {
  const members = new Set(a);
  return a.length === b.length && b.every((id) => members.has(id));
};
