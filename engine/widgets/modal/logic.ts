/** A modal's state: open or closed; the overlay shows exactly when the modal is open. */
export interface ModalState { open: boolean }

/** Toggling a modal shows or hides it, and its overlay with it. */
export function toggleModal(state: ModalState): ModalState {
  return { open: !state.open };
}
