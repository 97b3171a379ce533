import { data } from "react-router";
import { courierChecksOf } from "~/modules/shipping/delivery-promise.server";
import type { Route } from "./+types/delivery-estimate";

/**
 * The product page's "Check delivery" answer for one PIN code (docs/decisions/061), asked by the
 * box once JavaScript runs. The same for every visitor: a shared cache may keep it a few minutes.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.services.shipping.promisesOn) throw data("Not Found", { status: 404 });
  const check = await context.services.shipping.checkDelivery(
    new URL(request.url).searchParams.get("pin"),
    {
      mayAsk: courierChecksOf(context.services.db, context.clientIp),
    },
  );
  if (!check.ok)
    return data(check, { status: check.status, headers: { "Cache-Control": "no-store" } });
  return data(check, { headers: { "Cache-Control": "public, max-age=300" } });
}
