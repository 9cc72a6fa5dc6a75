/** The Form Management screens' components (FormUpdate, FormView, the form field editor), registered by name. */
export {};
