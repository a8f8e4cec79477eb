/** Method and path only: the client's IP and the query string (a search) are personal data. */
export const logSerializers = {
  req: (request: { method: string; url: string }) => ({
    method: request.method,
    url: request.url.split('?')[0],
  }),
};
