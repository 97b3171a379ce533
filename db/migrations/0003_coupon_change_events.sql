-- Every change to coupons is announced on the 'coupons_changed' channel, so each app process
-- can tell open home pages to refresh their offers (docs/SPEC.md §4: the list refreshes live).
CREATE OR REPLACE FUNCTION notify_coupons_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('coupons_changed', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER coupons_changed
AFTER INSERT OR UPDATE OR DELETE ON coupons
FOR EACH STATEMENT EXECUTE FUNCTION notify_coupons_changed();
