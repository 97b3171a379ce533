import { Link } from "react-router";
import { ProsePage } from "~/components/content/prose-page";
import { dayRange, POLICIES_LAST_UPDATED, REFUND_DAYS, RETURN_WINDOW_DAYS } from "~/content/policy";
import type { Route } from "./+types/returns";

export const meta: Route.MetaFunction = () => [
  { title: "Return & Refund Policy | Satara Ayurveda" },
  {
    name: "description",
    content: `Return eligible products within ${RETURN_WINDOW_DAYS} days of delivery. Approved refunds are processed within ${dayRange(REFUND_DAYS)} business days. Orders can be cancelled before they are shipped.`,
  },
];

export default function Returns() {
  return (
    <ProsePage
      title="Return & Refund Policy"
      intro="We want you to be happy with every order. If something is not right, here is how we put it right."
      lastUpdated={POLICIES_LAST_UPDATED}
    >
      <h2>Return window</h2>
      <p>
        You can request a return within <strong>{RETURN_WINDOW_DAYS} days</strong> of receiving your
        order.
      </p>

      <h2>What can be returned</h2>
      <p>Because our products are medicines and personal-care products, we accept returns when:</p>
      <ul>
        <li>the product arrived damaged, leaking or with a broken seal;</li>
        <li>you received a product other than the one you ordered;</li>
        <li>the product is past its expiry date on arrival; or</li>
        <li>the product is unopened, sealed and in its original packaging.</li>
      </ul>
      <p>
        For reasons of hygiene and safety, we cannot accept opened or used products unless they
        arrived damaged, were the wrong item or were already expired.
      </p>

      <h2>How to request a return</h2>
      <ol>
        <li>
          <Link to="/contact">Contact us</Link> within {RETURN_WINDOW_DAYS} days of delivery with
          your order number (it begins with ORD-) and the product you want to return.
        </li>
        <li>For a damaged or wrong item, attach a photo of the product and the packaging.</li>
        <li>
          We reply with return instructions. Where the problem was our mistake, you do not pay for
          the return shipping.
        </li>
      </ol>

      <h2>Refunds</h2>
      <p>
        Once we have received and checked the returned product, we approve the refund and process it
        within <strong>{dayRange(REFUND_DAYS)} business days</strong>:
      </p>
      <ul>
        <li>
          <strong>Card payments</strong> are refunded through Razorpay to the card you paid with.
          Your bank may take a few more days to show the amount.
        </li>
        <li>
          <strong>Cash-on-delivery orders</strong> are refunded by bank transfer or UPI to the
          account you share with us.
        </li>
      </ul>

      <h2>Cancelling an order</h2>
      <p>
        You can cancel an order at any time <strong>before it is shipped</strong>, from My Account
        or by contacting us. If you paid online, the full amount is refunded within{" "}
        {dayRange(REFUND_DAYS)} business days. Once an order has been shipped it can no longer be
        cancelled, but you can return it as described above.
      </p>

      <h2>Questions</h2>
      <p>
        If you are unsure whether an item can be returned, please <Link to="/contact">ask us</Link>{" "}
        first. We are glad to help.
      </p>
    </ProsePage>
  );
}
