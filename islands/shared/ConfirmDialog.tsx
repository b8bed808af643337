// The small confirmation shown on top of a dialog ('Remover este item?'), with the modal behaviour
// of every dialog (./useModal.ts): focus starts on the cancel button, Escape and the backdrop cancel.
import { useRef } from 'react';
import { useModal } from './useModal.ts';
import { Button } from './Button.tsx';

/** A small confirmation on top of a dialog (role=alertdialog): Cancelar / confirm; Escape cancels. */
export function ConfirmDialog({
  message,
  cancelLabel,
  confirmLabel,
  onCancel,
  onConfirm,
}: {
  message: string;
  cancelLabel: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const onKeyDown = useModal({ ref, onClose: onCancel, focusOnOpen: () => cancelRef.current });
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a press on the backdrop cancels, as Escape and the cancel button do
    <div
      className="fixed inset-0 z-[80] flex items-center justify-center bg-black/50 p-4"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onCancel();
      }}
    >
      <div
        ref={ref}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="cart-confirm-message"
        onKeyDown={onKeyDown}
        className="w-full max-w-sm rounded-2xl bg-card p-5 text-ink shadow-2xl"
        data-cart-confirm
      >
        <p id="cart-confirm-message" className="m-0 mb-5 text-base font-semibold">
          {message}
        </p>
        <div className="flex justify-end gap-2">
          <Button ref={cancelRef} variant="secondary" size="compact" onClick={onCancel} data-confirm-cancel>
            {cancelLabel}
          </Button>
          <Button size="compact" onClick={onConfirm} data-confirm-ok>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}
