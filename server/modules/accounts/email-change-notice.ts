import type { FastifyInstance, FastifyRequest } from 'fastify';
import { emailChangedMail, type EmailChange } from './account-mail.ts';

/**
 * Announces a change of an account's e-mail address to the old address, once the save has answered 200 (so a
 * refused or rolled-back save announces nothing): whoever took the account over cannot keep its owner from hearing.
 * Call once per plugin (the hook serves that plugin's routes); the function it returns notes a request's change.
 */
export function emailChangeNotices(app: FastifyInstance): (request: FastifyRequest, change: Omit<EmailChange, 'When'>) => void {
  const pending = new WeakMap<FastifyRequest, EmailChange>();
  app.addHook('onResponse', async (request, reply) => {
    const change = pending.get(request);
    if (change && reply.statusCode === 200) app.mailer.later(() => app.mailer.send(emailChangedMail(change)));
  });
  return (request, change) => {
    // The same mailbox written differently is no change of who receives the account's mail.
    if (change.OldAddress.trim().toLowerCase() === change.NewAddress.trim().toLowerCase()) return;
    pending.set(request, { ...change, When: new Date() });
  };
}
