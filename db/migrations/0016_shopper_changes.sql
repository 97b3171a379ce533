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
CREATE TRIGGER sessions_shopper_changed
AFTER UPDATE OR DELETE ON sessions
FOR EACH ROW EXECUTE FUNCTION notify_shopper_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER profiles_shopper_changed
AFTER UPDATE OR DELETE ON profiles
FOR EACH ROW EXECUTE FUNCTION notify_shopper_changed('id');
--> statement-breakpoint
CREATE TRIGGER user_roles_shopper_changed
AFTER INSERT OR UPDATE OR DELETE ON user_roles
FOR EACH ROW EXECUTE FUNCTION notify_shopper_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER carts_shopper_changed
AFTER INSERT OR UPDATE OR DELETE ON carts
FOR EACH ROW EXECUTE FUNCTION notify_shopper_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER cart_items_shopper_changed
AFTER INSERT OR UPDATE OR DELETE ON cart_items
FOR EACH ROW EXECUTE FUNCTION notify_cart_line_changed();
--> statement-breakpoint
CREATE TRIGGER wishlist_shopper_changed
AFTER INSERT OR UPDATE OR DELETE ON wishlist
FOR EACH ROW EXECUTE FUNCTION notify_shopper_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER sessions_every_shopper_changed
AFTER TRUNCATE ON sessions
FOR EACH STATEMENT EXECUTE FUNCTION notify_every_shopper_changed();
--> statement-breakpoint
CREATE TRIGGER profiles_every_shopper_changed
AFTER TRUNCATE ON profiles
FOR EACH STATEMENT EXECUTE FUNCTION notify_every_shopper_changed();
--> statement-breakpoint
CREATE TRIGGER user_roles_every_shopper_changed
AFTER TRUNCATE ON user_roles
FOR EACH STATEMENT EXECUTE FUNCTION notify_every_shopper_changed();
--> statement-breakpoint
CREATE TRIGGER carts_every_shopper_changed
AFTER TRUNCATE ON carts
FOR EACH STATEMENT EXECUTE FUNCTION notify_every_shopper_changed();
--> statement-breakpoint
CREATE TRIGGER cart_items_every_shopper_changed
AFTER TRUNCATE ON cart_items
FOR EACH STATEMENT EXECUTE FUNCTION notify_every_shopper_changed();
--> statement-breakpoint
CREATE TRIGGER wishlist_every_shopper_changed
AFTER TRUNCATE ON wishlist
FOR EACH STATEMENT EXECUTE FUNCTION notify_every_shopper_changed();
