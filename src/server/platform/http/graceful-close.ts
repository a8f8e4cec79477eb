import fp from 'fastify-plugin';

/** While closing, `Connection: close`: an idle keep-alive connection would hold the shutdown. */
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
