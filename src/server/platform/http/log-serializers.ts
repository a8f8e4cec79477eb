/**
 * Request logs keep what operating the site needs: method, path and request id. The client's
 * IP and the query string (an admin search holds names and e-mails) are personal data.
 */
export const logSerializers = {
  req: (request: { method: string; url: string }) => ({
    method: request.method,
    url: request.url.split('?')[0],
  }),
};
