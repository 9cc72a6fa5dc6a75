/** The simple lookup screens' components, registered by name. */
export {};
