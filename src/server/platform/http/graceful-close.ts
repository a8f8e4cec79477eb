import fp from 'fastify-plugin';

/**
 * Lets a shutdown finish promptly. Fastify's close() stops accepting connections and waits
 * for the open ones to end, but a keep-alive connection whose request was in flight stays
 * open after its answer until the keep-alive timeout (72 s by default). Once closing has
 * begun, every answer therefore carries `Connection: close`, so each connection ends right
 * after its last request is answered and the database can be closed.
 */
export const gracefulClose = fp(async (app) => {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
});
