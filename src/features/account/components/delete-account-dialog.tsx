import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { authErrorMessage } from '../api/auth-error-message.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';

/** Deleting is final, so it asks for the account's e-mail typed out before the button works. */
export function DeleteAccountDialog({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccount();
  const matches = typed.trim().toLowerCase() === email.toLowerCase();

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (remove.isPending) return;
        setOpen(next);
        if (!next) remove.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button type="button" variant="danger" className="self-start">
          Delete account…
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle className="flex items-center gap-2 text-lg font-semibold">
          <TriangleAlert aria-hidden="true" className="size-5 text-danger" />
          Delete your account?
        </DialogTitle>
        <DialogDescription className="text-sm text-muted-foreground">
          This removes your profile, avatar, cart and saved addresses and signs you out everywhere. Past orders stay with the shop, with the
          delivery details they were sent with, no longer linked to you. It
          cannot be undone.
        </DialogDescription>
        <form
          noValidate
          aria-label="Confirm account deletion"
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!matches) return;
            // Signed out afterwards, the page's session guard takes this tab home.
            remove.mutate();
          }}
        >
          {remove.isError ? <FormAlert tone="error">{authErrorMessage(remove.error)}</FormAlert> : null}
          <TextField
            label={`Type ${email} to confirm`}
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="secondary" disabled={remove.isPending}>
                Keep my account
              </Button>
            </DialogClose>
            <Button type="submit" disabled={!matches || remove.isPending} variant="danger">
              {remove.isPending ? 'Deleting…' : 'Delete my account'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
