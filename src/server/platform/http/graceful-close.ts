import fp from 'fastify-plugin';

/**
 * Once closing has begun every answer carries `Connection: close`: otherwise a keep-alive
 * connection stays open up to its timeout (72 s) after its last answer and the shutdown waits.
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
