/** Where a change's page is: `/mon-forfait/changer-de-forfait/{idContrat}`. */
export const tariffChangePath = (idContrat: number) => `/mon-forfait/changer-de-forfait/${idContrat}`;
