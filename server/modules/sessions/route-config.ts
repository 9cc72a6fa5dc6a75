/** Route options the access plugin reads besides `access`. */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: a request to this route does not count as activity (status polling must not keep a session alive). */
    keepsAlive?: boolean;
  }
}

/** Header on every signed-in response while an administrator's delayed termination is pending (ISO time). */
export const terminatesAtHeader = 'x-session-terminates-at';
