/** A centre as the list of the account's cost centres gives it. */
export interface ListedCentre {
  idCentre: number;
  code: string;
  libelle: string;
  idParent: number | null;
}

/**
 * The centres offered to new lines, each under its parents (« Direction › Agence de Lyon »), in
 * alphabetical order of that path, and whether the company requires one.
 */
export function centreChoice(centres: readonly ListedCentre[] | undefined, required: boolean) {
  const byId = new Map((centres ?? []).map((centre) => [centre.idCentre, centre]));
  const pathOf = (centre: ListedCentre): string[] => {
    const names = [centre.libelle];
    let parent = centre.idParent === null ? undefined : byId.get(centre.idParent);
    // Three levels at most; the bound also guards against a cycle in what was read.
    for (let depth = 0; parent && depth < 5; depth += 1) {
      names.unshift(parent.libelle);
      parent = parent.idParent === null ? undefined : byId.get(parent.idParent);
    }
    return names;
  };
  // A parent before its children: the paths compared name by name.
  const byPath = (a: string[], b: string[]): number => {
    for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
      const order = (a[i] ?? '').localeCompare(b[i] ?? '', 'fr');
      if (order !== 0) return order;
    }
    return a.length - b.length;
  };
  const options = (centres ?? [])
    .map((centre) => ({ centre, path: pathOf(centre) }))
    .sort((a, b) => byPath(a.path, b.path))
    .map(({ centre, path }) => ({ value: String(centre.idCentre), label: `${path.join(' › ')} (${centre.code})` }));
  return { options, required };
}
