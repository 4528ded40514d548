/** Every cached read of the catalogue starts with this key. */
export const catalogueKey = ['catalogue'] as const;
