import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

/** A yes/no question before an action that loses something (spec 5: deletions ask first). */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busy = false,
}: {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The action runs: the confirmation shows it and cannot be pressed twice. */
  busy?: boolean;
}) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button variant="danger" onClick={onConfirm} isLoading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
