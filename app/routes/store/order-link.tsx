import { data, Form, Link, redirect } from "react-router";
import { ShopHomeLink } from "~/components/auth/shop-home-link";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { isShortLinkCode, shortLinkPath } from "~/domain/short-links";
import { orderMailPath } from "~/domain/validation/order-history";
import { getCurrentUser } from "~/modules/accounts/session.server";
import { orderOfShortLink } from "~/modules/orders/order-short-links.server";
import type { Route } from "./+types/order-link";

/** Never kept by a cache or a search engine: the answer depends on who asks. */
const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export const meta: Route.MetaFunction = () => [
  { title: "Order link | Satara Ayurveda" },
  { name: "robots", content: "noindex" },
];

export function headers() {
  return PRIVATE;
}

/**
 * An order's short link from its SMS or WhatsApp message (docs/decisions/070). Its customer is
 * taken to the order on their Orders tab, the shop's administrator to the order in the back
 * office. A visitor is asked to sign in and brought back, without the code being looked up, so a
 * code the shop never gave looks the same; someone signed in whose order it is not is told so,
 * in the same words whether the code exists or not.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await getCurrentUser(context.services.accounts, request);
  if (!user) {
    const back = shortLinkPath(isShortLinkCode(params.code) ? params.code : "");
    throw redirect(`/auth?redirectTo=${encodeURIComponent(back)}`, {
      status: 303,
      headers: PRIVATE,
    });
  }
  const order = isShortLinkCode(params.code)
    ? await orderOfShortLink(context.services.db, params.code)
    : null;
  if (order && order.userId === user.id) {
    throw redirect(orderMailPath(order.orderId), { status: 303, headers: PRIVATE });
  }
  if (order && user.isAdmin) {
    throw redirect(`/admin/orders?view=${order.orderId}`, { status: 303, headers: PRIVATE });
  }
  return data({ fullName: user.fullName }, { status: 404, headers: PRIVATE });
}

export default function OrderLinkPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-secondary px-4 py-10">
      <ShopHomeLink />
      <main className="w-full max-w-md">
        <Card>
          <CardHeader className="text-center">
            <h1 className="font-display font-semibold text-2xl">
              This link is not for this account
            </h1>
            <CardDescription>
              The order it opens belongs to another account, or the link is not complete. To open
              it, sign out and sign in with the account that placed the order.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            <p className="text-center text-muted-foreground text-sm">
              Signed in as {loaderData.fullName}
            </p>
            <Link to="/profile?tab=orders" className={buttonVariants({ variant: "outline" })}>
              My Orders
            </Link>
            <Form method="post" action="/sign-out" className="grid">
              <Button type="submit">Sign Out</Button>
            </Form>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
