import { Store } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/layout/page-header';
import { PageTitle } from '@/components/layout/page-title';
import { CardSection } from '@/components/ui/card-section';
import { AccountSubsection } from '@/features/account/components/account-section';
import { ChangeEmailForm } from '@/features/account/components/change-email-form';
import { DeleteAccountDialog } from '@/features/account/components/delete-account-dialog';
import { NewPasswordForm } from '@/features/account/components/new-password-form';
import { isRecoverySession } from '@/features/account/session/recovery-session';
import { ProfileSection } from '@/features/account/components/profile-section';
import { RequireSession } from '@/features/account/components/require-session';
import { SignOutControls } from '@/features/account/components/sign-out-controls';
import { AddressBook } from '@/features/orders/components/address-book';
import { OrderHistory } from '@/features/orders/components/order-history';
import { paths } from '@/config/paths';
import { ThemeRadioGroup } from '@/theme/theme-radio-group';

const SECTIONS = [
  { id: 'profile', label: 'Profile' },
  { id: 'orders', label: 'Orders' },
  { id: 'addresses', label: 'Addresses' },
  { id: 'security', label: 'Security' },
  { id: 'appearance', label: 'Appearance' },
  { id: 'danger', label: 'Danger zone' },
] as const;

/** Wide screens get a sticky list of the sections beside them; narrow ones simply scroll. */
function SectionNav() {
  return (
    <nav aria-label="Account sections" className="hidden lg:block">
      <ul className="sticky top-24 flex flex-col gap-1 text-sm">
        {SECTIONS.map(({ id, label }) => (
          <li key={id}>
            <a
              href={`#${id}`}
              className="flex h-9 items-center rounded-md px-3 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function AccountRoute() {
  return (
    <RequireSession>
      {(session) => (
        <>
          <PageTitle title="Account" />
          <PageHeader title="Your account" description="Profile, orders, addresses, security and appearance." />
          {session.role === 'staff' ? (
            <p className="-mt-4 mb-8">
              <Button asChild variant="secondary">
                <Link to={paths.admin.getHref()}>
                  <Store aria-hidden="true" />
                  Store admin
                </Link>
              </Button>
            </p>
          ) : null}
          <div className="grid gap-8 lg:grid-cols-[12rem_minmax(0,48rem)]">
            <SectionNav />
            <div className="grid gap-6">
              <ProfileSection userId={session.userId} email={session.email} />
              <CardSection id="orders" title="Orders" description="Your order requests, newest first.">
                <OrderHistory userId={session.userId} orderHref={paths.order.getHref} />
              </CardSection>
              <CardSection id="addresses" title="Addresses" description="Where your orders go. Checkout offers the default first.">
                <AddressBook userId={session.userId} />
              </CardSection>
              <CardSection id="security" title="Security" description="Password, e-mail address and where you are signed in.">
                <AccountSubsection id="password-heading" title="Password">
                  <NewPasswordForm label="Change password" submitLabel="Change password" askCurrent={!isRecoverySession(session.session)} />
                </AccountSubsection>
                <AccountSubsection id="email-heading" title="E-mail">
                  <ChangeEmailForm currentEmail={session.email} pendingEmail={session.session.user.new_email ?? null} />
                </AccountSubsection>
                <AccountSubsection id="sessions-heading" title="Sessions">
                  <SignOutControls />
                </AccountSubsection>
              </CardSection>
              <CardSection id="appearance" title="Appearance" description="The same choice as the theme button in the header.">
                <ThemeRadioGroup legend="Colour theme" />
              </CardSection>
              <CardSection
                id="danger"
                title="Danger zone"
                tone="danger"
                description="Delete your account and everything in it except past orders, which the shop keeps with the delivery details they were sent with, no longer linked to you."
              >
                <DeleteAccountDialog email={session.email} />
              </CardSection>
            </div>
          </div>
        </>
      )}
    </RequireSession>
  );
}
