/** Spec 1 "Routing behaviour": what a failed route change says when the server gave no message of its own. */
export const routeFailureMessages = {
  systemError: 'A system error has occurred. Please refresh your browser and try again.',
};
