import { Link, useLocation } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { PageTitle } from '@/components/layout/page-title';
import { signInHrefFor } from '@/features/account/session/sign-in-href';
import { SavedItems } from '../layout/saved-widgets.tsx';

/** Guests keep their list in this browser; signing in keeps it in the account, on every device. */
function GuestNote() {
  const location = useLocation();
  return (
    <p className="max-w-prose rounded-md border border-border bg-surface p-4 text-sm text-muted-foreground">
      These are saved in this browser.{' '}
      <Link to={signInHrefFor(location)} className="font-medium text-primary underline-offset-4 hover:underline">
        Sign in
      </Link>{' '}
      to keep them in your account and see them on your other devices.
    </p>
  );
}

export function SavedRoute() {
  return (
    <>
      <PageTitle title="Saved items" description="The things you saved for later at Lumen." />
      <PageHeader title="Saved items" />
      <SavedItems guestNote={<GuestNote />} />
    </>
  );
}
