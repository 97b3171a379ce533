-- The shopper kept in memory carries the default address's PIN code, which the product page's and
-- the cart's delivery box start from (docs/decisions/077): a write to a user's addresses is
-- announced like a write to their cart, so the kept shopper is read again (decision 046).
CREATE TRIGGER addresses_shopper_changed
AFTER INSERT OR UPDATE OR DELETE ON addresses
FOR EACH ROW EXECUTE FUNCTION notify_shopper_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER addresses_every_shopper_changed
AFTER TRUNCATE ON addresses
FOR EACH STATEMENT EXECUTE FUNCTION notify_every_shopper_changed();
