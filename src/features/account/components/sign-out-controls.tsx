import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { authErrorMessage } from '../api/auth-error-message.ts';
import { useSignOut, type SignOutScope } from '../api/sign-out.ts';
import { FormAlert } from '@/components/ui/form-alert';

/** Sign out here, or everywhere (revokes every session of the account, other devices included). */
export function SignOutControls() {
  const signOut = useSignOut();
  // Once signed out, the page's session guard takes this tab home.
  const run = (scope: SignOutScope) => signOut.mutate(scope);

  return (
    <div className="flex flex-col gap-3">
      {signOut.isError ? <FormAlert tone="error">{authErrorMessage(signOut.error)}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" disabled={signOut.isPending} onClick={() => run('local')}>
          <LogOut aria-hidden="true" />
          Sign out
        </Button>
        <Button type="button" variant="secondary" disabled={signOut.isPending} onClick={() => run('global')}>
          Sign out everywhere
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">“Everywhere” ends your sessions on every device and browser, this one included.</p>
    </div>
  );
}
