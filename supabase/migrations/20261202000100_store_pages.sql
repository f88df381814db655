-- The shop's own pages and identity, kept in one place staff can edit: who the shop is and how to
-- reach it (mails, the contact page, search engines' Organization data) and the store pages
-- (contact, delivery and returns, privacy, terms). The build prerenders the pages from these rows,
-- so an edit reaches the static site with the next build and the app at once.
-- Also what a retired product's address answers: the shop tells "no longer sold" (410) from
-- "never existed" (404) without letting anyone read drafts.

-- ── Who the shop is ─────────────────────────────────────────────────────────────────────────────
create table public.store_profile (
  id smallint primary key default 1 check (id = 1),
  name text not null check (length(btrim(name)) between 1 and 80),
  legal_name text not null check (length(btrim(legal_name)) between 1 and 120),
  contact_email text not null check (contact_email ~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' and length(contact_email) <= 254),
  phone text check (phone ~ '^\+[1-9][0-9]{6,14}$'),
  address_line1 text not null check (length(btrim(address_line1)) between 1 and 120),
  postcode text not null check (length(btrim(postcode)) between 1 and 16),
  city text not null check (length(btrim(city)) between 1 and 80),
  country text not null check (country ~ '^[A-Z]{2}$'),
  company_number text check (length(company_number) <= 40),
  vat_id text check (length(vat_id) <= 40),
  updated_at timestamptz not null default now()
);
comment on table public.store_profile is
  'The shop''s name, legal identity and contact: one row, read by everyone (pages, mails, structured data), edited by staff.';

insert into public.store_profile (name, legal_name, contact_email, phone, address_line1, postcode, city, country, company_number, vat_id)
values ('Lumen', 'Lumen Home Goods Ltd.', 'hello@lumen.example', '+35315550142', '12 Harbour Street', 'D02 X285', 'Dublin', 'IE', '712345', 'IE3712345LH');

-- ── The store pages ─────────────────────────────────────────────────────────────────────────────
-- A page is sections of a heading and plain-text paragraphs: nothing in it is markup, so what staff
-- type can never become script on the page.
create function public.valid_page_sections(sections jsonb) returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  -- "is distinct from" so a missing key fails the check instead of making it null (which passes);
  -- !~ '\S' so text of nothing but spaces or line breaks counts as empty.
  select case when jsonb_typeof(sections) = 'array' then
    jsonb_array_length(sections) between 1 and 30
    and not exists (
      select 1 from jsonb_array_elements(sections) as s (section)
      where jsonb_typeof(s.section) is distinct from 'object'
         or jsonb_typeof(s.section -> 'heading') is distinct from 'string'
         or (s.section ->> 'heading') !~ '\S' or length(btrim(s.section ->> 'heading')) > 120
         or jsonb_typeof(s.section -> 'paragraphs') is distinct from 'array'
         or jsonb_array_length(s.section -> 'paragraphs') not between 1 and 30
         or exists (
           select 1 from jsonb_array_elements(s.section -> 'paragraphs') as p (paragraph)
           where jsonb_typeof(p.paragraph) is distinct from 'string'
              or (p.paragraph #>> '{}') !~ '\S' or length(btrim(p.paragraph #>> '{}')) > 2000
         )
    )
  else false end
$$;

create table public.store_pages (
  id bigint generated always as identity primary key,
  slug text not null unique check (slug in ('contact', 'delivery-and-returns', 'privacy', 'terms')),
  title text not null check (length(btrim(title)) between 1 and 80),
  summary text not null check (length(btrim(summary)) between 20 and 200),
  sections jsonb not null check (public.valid_page_sections(sections)),
  updated_at timestamptz not null default now()
);
comment on table public.store_pages is
  'The shop''s fixed pages (contact, delivery and returns, privacy, terms): a title, a summary for search engines and sections of plain paragraphs.';
comment on column public.store_pages.sections is
  '[{"heading": "…", "paragraphs": ["…", …]}, …]: plain text only (public.valid_page_sections).';

alter table public.store_profile enable row level security;
alter table public.store_pages enable row level security;
revoke all on public.store_profile, public.store_pages from anon, authenticated;
grant select on public.store_profile, public.store_pages to anon, authenticated;
-- Staff who edit the catalog edit the shop's pages too.
grant update (name, legal_name, contact_email, phone, address_line1, postcode, city, country, company_number, vat_id)
  on public.store_profile to authenticated;
grant update (title, summary, sections) on public.store_pages to authenticated;
grant all on public.store_profile, public.store_pages to service_role;

create policy "Anyone can read the shop's profile" on public.store_profile for select to anon, authenticated using (true);
create policy "Anyone can read the store pages" on public.store_pages for select to anon, authenticated using (true);
create policy "Staff edit the shop's profile" on public.store_profile for update to authenticated
  using ((select public.authorize('items.write'))) with check ((select public.authorize('items.write')));
create policy "Staff edit the store pages" on public.store_pages for update to authenticated
  using ((select public.authorize('items.write'))) with check ((select public.authorize('items.write')));

create trigger store_profile_touch before update on public.store_profile for each row execute function public.touch_updated_at();
create trigger store_pages_touch before update on public.store_pages for each row execute function public.touch_updated_at();
create trigger store_pages_audit after insert or update or delete on public.store_pages
for each row execute function private.audit_staff_change();
create trigger store_profile_audit after update on public.store_profile
for each row execute function private.audit_staff_change();

insert into public.store_pages (slug, title, summary, sections) values
('contact', 'Contact us', 'How to reach Lumen: e-mail, phone and post, and what to have ready when you ask about an order.',
 '[{"heading": "Write to us", "paragraphs": ["The quickest way to reach us is by e-mail. We answer every message within one working day, Monday to Friday.", "If you are asking about an order, please give its reference (such as 7K3Q-9XPD). You find it in your receipt and on the order''s page."]},
   {"heading": "Call us", "paragraphs": ["We take calls Monday to Friday, 9:00 to 17:00 Irish time."]},
   {"heading": "Visit or send post", "paragraphs": ["Our office and returns desk share one address. Please tell us before you send anything back, so we can expect it."]}]'),
('delivery-and-returns', 'Delivery and returns', 'Where Lumen delivers, how long delivery takes, and how to return an item within 30 days.',
 '[{"heading": "Where we deliver", "paragraphs": ["We deliver to addresses in the European Union, the United Kingdom, Iceland, Liechtenstein, Norway and Switzerland."]},
   {"heading": "Ordering", "paragraphs": ["An order is a request: we check it, confirm it by e-mail and only then prepare it. Nothing is charged on this site."]},
   {"heading": "Delivery times", "paragraphs": ["Confirmed orders leave our warehouse within two working days. Delivery then takes two to five working days, depending on the country.", "We e-mail you when your order ships and again when it is delivered."]},
   {"heading": "Cancelling", "paragraphs": ["You can cancel an order yourself from its page until it is packed. After that, write to us and we will help."]},
   {"heading": "Returns", "paragraphs": ["You may return any item within 30 days of delivery, unused and in its packaging. Write to us first with your order reference; we will send you a return label.", "Once the item is back with us, we refund you within 14 days."]}]'),
('privacy', 'Privacy', 'What Lumen keeps about you, why, for how long, and how to see or delete it.',
 '[{"heading": "What we keep", "paragraphs": ["Your e-mail address and password (stored only as a secure hash), the name you choose, your cart, saved items, delivery addresses and orders.", "If you order as a guest, we keep the e-mail address you give for the receipt and the delivery address of that order."]},
   {"heading": "Why", "paragraphs": ["To deliver your orders, to tell you about them by e-mail, and to keep your cart and saved items across your devices. We do not sell your data, and we send no marketing mail."]},
   {"heading": "Cookies and storage", "paragraphs": ["The site keeps your session, theme and guest cart in your browser''s storage. It sets no advertising or tracking cookies."]},
   {"heading": "How long", "paragraphs": ["Your account''s data stays until you delete the account. Orders are kept for as long as the law asks us to keep records of sales."]},
   {"heading": "Your rights", "paragraphs": ["You can see and change your details in your account, and delete the account there at any time. For anything else, such as a copy of your data, write to us."]}]'),
('terms', 'Terms and imprint', 'The terms for ordering from Lumen, and who runs the shop.',
 '[{"heading": "Who runs this shop", "paragraphs": ["This shop is run by the company named below, registered in Ireland."]},
   {"heading": "Orders", "paragraphs": ["Placing an order sends us a request to buy the items at the prices shown. A contract is made when we confirm the order by e-mail.", "Prices include VAT. Delivery is free."]},
   {"heading": "Cancellation and returns", "paragraphs": ["You can cancel an order until it is packed and return items within 30 days of delivery, as our delivery and returns page describes."]},
   {"heading": "Liability", "paragraphs": ["We are liable for defects as the law provides. Nothing in these terms limits your rights as a consumer."]}]');

-- ── Retired products ────────────────────────────────────────────────────────────────────────────
-- What an item's address is: on sale ('on_sale'), once sold and now retired ('retired': archived,
-- or its product unpublished after it was public), or nothing anyone may know of (null: no such
-- slug, or a draft that was never published). The server answers 200, 410 and 404 by it.
create function public.item_page_status(item_slug text) returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case when i.on_sale then 'on_sale' else 'retired' end
  from public.items i
  left join public.products p on p.id = i.product_id
  where i.slug = item_slug
    and (i.on_sale or exists (select 1 from public.order_items oi where oi.item_id = i.id) or i.archived_at is not null and p.published_at is not null)
$$;
comment on function public.item_page_status(text) is
  'What /items/<slug> is: on_sale, retired (no longer sold; the page says so) or null (unknown to the shop).';
revoke execute on function public.item_page_status(text) from public;
grant execute on function public.item_page_status(text) to anon, authenticated, service_role;

-- What the "no longer available" page shows of a retired item: its title and category, so it can
-- offer similar products on sale. Nothing else about it (price, stock, pictures) is public.
create function public.retired_item(item_slug text) returns table (title text, category_id bigint, category_slug text, category_name text)
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(p.title, i.title), c.id, c.slug, c.name
  from public.items i
  left join public.products p on p.id = i.product_id
  left join public.categories c on c.id = coalesce(p.category_id, i.category_id)
  where i.slug = item_slug and public.item_page_status(item_slug) = 'retired'
$$;
comment on function public.retired_item(text) is
  'The title and category of an item that is no longer sold, for its page''s "no longer available" notice.';
revoke execute on function public.retired_item(text) from public;
grant execute on function public.retired_item(text) to anon, authenticated, service_role;
