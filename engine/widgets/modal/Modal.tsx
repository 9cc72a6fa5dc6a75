import { useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { toggleModal, type ModalState } from './logic.ts';

/** Open/close state of a modal with its toggle. */
export function useModal(initiallyOpen = false) {
  const [state, setState] = useState<ModalState>({ open: initiallyOpen });
  return { open: state.open, toggle: () => setState(toggleModal), close: () => setState({ open: false }) };
}

/** Props of a modal. */
export interface ModalProps { open: boolean; title: string; onClose: () => void; children: ReactNode; actions?: ReactNode }

/** A modal dialog over an overlay; Escape, the overlay and Close all close it. Focus stays inside while open. */
export function Modal({ open, title, onClose, children, actions }: ModalProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="modal-title" fullWidth maxWidth="sm">
      <DialogTitle id="modal-title">{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        {actions}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
