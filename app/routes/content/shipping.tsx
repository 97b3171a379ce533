import { Link } from "react-router";
import { ProsePage } from "~/components/content/prose-page";
import {
  dayRange,
  FREE_SHIPPING_ABOVE_RUPEES,
  POLICIES_LAST_UPDATED,
  PROCESSING_DAYS,
  REFUND_DAYS,
  rupees,
  STANDARD_DELIVERY_DAYS,
  UNCLAIMED_PACKAGE_DAYS,
} from "~/content/policy";
import { shippingChargesText } from "~/content/shipping-charges";
import { shippingFeesSource } from "~/modules/shipping/shipping-fees.server";
import type { Route } from "./+types/shipping";

/** The charges the checkout applies: the shop's own, or the courier's (docs/decisions/064). */
export async function loader({ context }: Route.LoaderArgs) {
  return { shippingFeesFrom: await shippingFeesSource(context.services.shipping) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: "Shipping Information | Satara Ayurveda" },
  {
    name: "description",
    content: shippingChargesText(loaderData?.shippingFeesFrom ?? "shop").shipping.description,
  },
];

export default function Shipping({ loaderData }: Route.ComponentProps) {
  const charges = shippingChargesText(loaderData.shippingFeesFrom).shipping;
  return (
    <ProsePage
      title="Shipping Information"
      intro="We ship our Ayurvedic medicines and wellness products from Satara, Maharashtra, to customers across India."
      lastUpdated={POLICIES_LAST_UPDATED}
    >
      <h2>Shipping charges</h2>
      <div className="mb-6 overflow-x-auto rounded-xl border border-border bg-card">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Shipping options, charges and delivery times</caption>
          <thead className="bg-muted">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Option
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Charge
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Delivery time
              </th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-border border-t">
              <th scope="row" className="px-4 py-3 font-medium">
                Standard, order above {rupees(FREE_SHIPPING_ABOVE_RUPEES)}
              </th>
              <td className="px-4 py-3">Free</td>
              <td className="px-4 py-3">{dayRange(STANDARD_DELIVERY_DAYS)} business days</td>
            </tr>
            <tr className="border-border border-t">
              <th scope="row" className="px-4 py-3 font-medium">
                Standard, order of {rupees(FREE_SHIPPING_ABOVE_RUPEES)} or less
              </th>
              <td className="px-4 py-3">{charges.standardCharge}</td>
              <td className="px-4 py-3">{dayRange(STANDARD_DELIVERY_DAYS)} business days</td>
            </tr>
            <tr className="border-border border-t">
              <th scope="row" className="px-4 py-3 font-medium">
                Express
              </th>
              <td className="px-4 py-3">{charges.expressCharge}</td>
              <td className="px-4 py-3">{charges.expressTime}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p>
        <strong>Free shipping on orders above {rupees(FREE_SHIPPING_ABOVE_RUPEES)}.</strong>{" "}
        {charges.standard}
      </p>
      <p>{charges.express}</p>

      <h2>Order processing</h2>
      <p>
        We pack and hand over orders to our courier partners within {dayRange(PROCESSING_DAYS)}{" "}
        business days of receiving them. Orders placed on a Sunday or a public holiday are processed
        on the next business day. Delivery times are counted from the day your order is shipped.
      </p>

      <h2>Delivery times</h2>
      <ul>
        <li>
          <strong>Standard delivery:</strong> {dayRange(STANDARD_DELIVERY_DAYS)} business days after
          shipping.
        </li>
        <li>
          <strong>Express delivery:</strong> {charges.expressDelivery}
        </li>
      </ul>
      {charges.deliveryDates ? <p>{charges.deliveryDates}</p> : null}
      <p>
        Remote areas, heavy rain, festivals and other events beyond our control can occasionally add
        a few days. We will keep you informed if your order is delayed.
      </p>

      <h2>Tracking your order</h2>
      <p>
        When your order is shipped, we add the courier's tracking ID to it and mark it as shipped.
        Sign in and open <Link to="/profile">My Account</Link> to see the status of your orders and
        their tracking IDs.
      </p>

      <h2>Cash on delivery</h2>
      <p>
        Cash on delivery is available on all orders. Please keep the order total ready when the
        courier arrives. You can also pay online by card through Razorpay at checkout.
      </p>

      <h2>Failed deliveries and unclaimed packages</h2>
      <p>
        Please make sure your address, PIN code and phone number are correct, so the courier can
        reach you. If a delivery cannot be completed, the courier will usually try again or hold the
        package for you to collect. A package that remains unclaimed for {UNCLAIMED_PACKAGE_DAYS}{" "}
        days is returned to us and the order is cancelled. If you paid online, the amount is
        refunded to your original payment method within {dayRange(REFUND_DAYS)} business days of the
        package reaching us.
      </p>

      <h2>Damaged packages</h2>
      <p>
        If your package arrives damaged or opened, please take photos and contact us straight away.
        Our <Link to="/returns">Return &amp; Refund Policy</Link> explains how we put it right.
      </p>

      <h2>Questions</h2>
      <p>
        For anything about a delivery, please <Link to="/contact">contact us</Link> with your order
        number.
      </p>
    </ProsePage>
  );
}
