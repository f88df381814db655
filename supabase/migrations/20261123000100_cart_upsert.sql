-- The cart is written with PostgREST upserts (on_conflict=user_id,item_id), whose DO UPDATE sets
-- every payload column, the conflict key included. Clients send {item_id, quantity} (user_id comes
-- from its default, auth.uid()), so they need UPDATE on item_id as well. RLS still pins each row
-- to its owner and the stock trigger still checks every new quantity.
grant update (item_id, quantity) on public.cart_items to authenticated;
