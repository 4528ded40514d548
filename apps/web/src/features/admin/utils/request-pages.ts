/** Requests per page of the back office's lists (tickets, complaints). */
export const ADMIN_REQUESTS_PAGE_SIZE = 20;
