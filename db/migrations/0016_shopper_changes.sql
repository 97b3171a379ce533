-- Every write that changes what a signed-in page shows of its shopper (the session, name, role,
-- cart units and saved products) is announced on the 'shopper_changed' channel with the user's
-- id; an empty announcement (a table emptied) means every shopper. The process that owns the
-- embedded database keeps each session's shopper in memory until then (docs/decisions/046).
-- NOTIFY is transactional: it is heard when the write commits, never for one that rolls back, and
-- the same user's id announced many times in one transaction is delivered once.
CREATE OR REPLACE FUNCTION notify_shopper_changed() RETURNS trigger AS $$
BEGIN
  -- The column naming the user is the trigger's argument.
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('shopper_changed', to_jsonb(NEW) ->> TG_ARGV[0]);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('shopper_changed', to_jsonb(OLD) ->> TG_ARGV[0]);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Cart lines name their cart, not its owner. A cart deleted with its lines is announced by the
-- carts trigger: by the time the lines' triggers run, the cart is gone.
CREATE OR REPLACE FUNCTION notify_cart_line_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('shopper_changed', c.user_id::text)
  FROM carts c
  WHERE c.id IN (
    CASE WHEN TG_OP <> 'DELETE' THEN NEW.cart_id END,
    CASE WHEN TG_OP <> 'INSERT' THEN OLD.cart_id END
  );
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_every_shopper_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('shopper_changed', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Each table's rows name their user in the column given.
DO $$
DECLARE
  target record;
BEGIN
  FOR target IN
    SELECT * FROM (VALUES
      ('sessions', 'UPDATE OR DELETE', 'user_id'),
      ('profiles', 'UPDATE OR DELETE', 'id'),
      ('user_roles', 'INSERT OR UPDATE OR DELETE', 'user_id'),
      ('carts', 'INSERT OR UPDATE OR DELETE', 'user_id'),
      ('wishlist', 'INSERT OR UPDATE OR DELETE', 'user_id')
    ) AS t(name, events, user_column)
  LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER %s ON %I FOR EACH ROW EXECUTE FUNCTION notify_shopper_changed(%L)',
      target.name || '_shopper_changed', target.events, target.name, target.user_column
    );
  END LOOP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER cart_items_shopper_changed
AFTER INSERT OR UPDATE OR DELETE ON cart_items
FOR EACH ROW EXECUTE FUNCTION notify_cart_line_changed();
--> statement-breakpoint
DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY['sessions', 'profiles', 'user_roles', 'carts', 'cart_items', 'wishlist']
  LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION notify_every_shopper_changed()',
      name || '_every_shopper_changed', name
    );
  END LOOP;
END;
$$;
