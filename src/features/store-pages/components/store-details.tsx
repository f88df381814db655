import type { ReactNode } from 'react';
import type { StoreContact } from '../api/get-store-profile.ts';

const LINK = 'font-medium text-primary underline underline-offset-4 [overflow-wrap:anywhere]';

/** A titled list of the shop's details (Detail rows). */
function DetailsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 rounded-lg border border-border bg-surface p-5 sm:p-6">
      <h2 id={id} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-[auto_1fr]">{children}</dl>
    </section>
  );
}

/** A label and what it says: stacked on phones, side by side from the small breakpoint on. */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 sm:contents">
      <dt className="text-sm text-muted-foreground sm:pt-0.5">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The shop's postal address, under `name` when given. */
function PostalAddress({ name, profile }: { name?: string; profile: StoreContact }) {
  return (
    <address className="not-italic">
      {(name ? [name, ...profile.postalLines] : profile.postalLines).map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

function Email({ address }: { address: string }) {
  return (
    <a className={LINK} href={`mailto:${address}`}>
      {address}
    </a>
  );
}

/** The stored E.164 form is already what a tel: link dials. */
function Phone({ phone, readable }: { phone: string; readable: string | null }) {
  return (
    <a className={LINK} href={`tel:${phone}`}>
      {readable ?? phone}
    </a>
  );
}

/** The shop's e-mail, and its phone when it has one. */
function EmailAndPhone({ profile }: { profile: StoreContact }) {
  return (
    <>
      <Detail label="E-mail">
        <Email address={profile.contact_email} />
      </Detail>
      {profile.phone ? (
        <Detail label="Phone">
          <Phone phone={profile.phone} readable={profile.readablePhone} />
        </Detail>
      ) : null}
    </>
  );
}

/** How to reach the shop: e-mail, phone and post, each a link where a device can act on it. */
export function ContactDetails({ profile }: { profile: StoreContact }) {
  return (
    <DetailsSection id="contact-details-heading" title="Contact details">
      <EmailAndPhone profile={profile} />
      <Detail label="Post">
        <PostalAddress name={profile.name} profile={profile} />
      </Detail>
    </DetailsSection>
  );
}

/** Who runs the shop, as a shop must say: company, registered address, its numbers and how to reach it. */
export function Imprint({ profile }: { profile: StoreContact }) {
  return (
    <DetailsSection id="imprint-heading" title="Imprint">
      <Detail label="Company">{profile.legal_name}</Detail>
      <Detail label="Registered address">
        <PostalAddress profile={profile} />
      </Detail>
      {profile.company_number ? <Detail label="Company number">{profile.company_number}</Detail> : null}
      {profile.vat_id ? <Detail label="VAT number">{profile.vat_id}</Detail> : null}
      <EmailAndPhone profile={profile} />
    </DetailsSection>
  );
}
