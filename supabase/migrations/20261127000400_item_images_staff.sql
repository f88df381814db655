-- Staff manage item pictures in the item-images bucket (issue 18). Everyone still reads them through
-- the public URL; writes need the staff claim (authorize reads the signed token), never a folder
-- name or an uploader id. Size and type limits stay the bucket's (5 MiB, WebP / JPEG / PNG).

create policy "Staff see item pictures" on storage.objects for select to authenticated
  using (bucket_id = 'item-images' and (select public.authorize('items.write')));

create policy "Staff upload item pictures" on storage.objects for insert to authenticated
  with check (bucket_id = 'item-images' and (select public.authorize('items.write')));

create policy "Staff replace item pictures" on storage.objects for update to authenticated
  using (bucket_id = 'item-images' and (select public.authorize('items.write')))
  with check (bucket_id = 'item-images' and (select public.authorize('items.write')));

create policy "Staff remove item pictures" on storage.objects for delete to authenticated
  using (bucket_id = 'item-images' and (select public.authorize('items.write')));
