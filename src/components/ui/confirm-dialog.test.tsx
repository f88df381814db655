import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';

function Harness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={opener} onClick={() => setOpen(true)}>
        Archive item
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        returnFocusTo={opener}
        title="Archive “Lamp”?"
        description="It leaves the shop."
        keepLabel="Keep selling"
        confirmLabel="Archive it"
        onConfirm={onConfirm}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('acts once on the action, closes, and gives focus back to the button that opened it', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Archive item' }));
    const dialog = screen.getByRole('dialog', { name: 'Archive “Lamp”?' });
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe('It leaves the shop.');
    fireEvent.click(screen.getByRole('button', { name: 'Archive it' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Archive item' }));
  });

  it('does nothing on the safe answer or Escape, and focus still returns', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Archive item' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep selling' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Archive item' }));
    fireEvent.click(screen.getByRole('button', { name: 'Archive item' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Archive item' }));
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
