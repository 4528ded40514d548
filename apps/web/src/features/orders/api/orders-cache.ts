/** Every cached read of an account's orders starts with this key: a piece sent or deleted reads them again. */
export const ordersKey = (idClientBscs: number) => ['orders', idClientBscs] as const;
