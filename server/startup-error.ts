/** A fault that stops start-up; main prints its message as one line, without a stack trace. */
export class StartupError extends Error {}
