import { Link } from "react-router";
import { ProsePage } from "~/components/content/prose-page";
import {
  dayRange,
  POLICIES_LAST_UPDATED,
  PROCESSING_DAYS,
  REFUND_DAYS,
  RETURN_WINDOW_DAYS,
  STANDARD_DELIVERY_DAYS,
  UNCLAIMED_PACKAGE_DAYS,
} from "~/content/policy";
import { shippingChargesText } from "~/content/shipping-charges";
import { shippingFeesSource } from "~/modules/shipping/shipping-fees.server";
import { useRootData } from "~/root";
import type { Route } from "./+types/terms";

/** The shipping section states the charges the checkout applies (docs/decisions/064). */
export async function loader({ context }: Route.LoaderArgs) {
  return { shippingFeesFrom: await shippingFeesSource(context.services.shipping) };
}

export const meta: Route.MetaFunction = () => [
  { title: "Terms & Conditions | Satara Ayurveda" },
  {
    name: "description",
    content:
      "The terms that apply when you use the Satara Ayurveda online shop and buy our Ayurvedic medicines and wellness products.",
  },
];

export default function Terms({ loaderData }: Route.ComponentProps) {
  const shop = useRootData()?.shop;
  const shopName = shop?.name ?? "Satara Ayurveda";
  const place = shop
    ? `${shop.address.city}, ${shop.address.state} ${shop.address.postalCode}`
    : "Satara, Maharashtra";
  return (
    <ProsePage
      title="Terms & Conditions"
      intro={`These terms apply when you use the ${shopName} website and buy from our online shop. Please read them before placing an order.`}
      lastUpdated={POLICIES_LAST_UPDATED}
    >
      <h2>1. About us</h2>
      <p>
        This online shop is run by {shopName}, an Ayurvedic pharmaceutical company based in {place},
        India. In these terms, "we", "us" and "our" mean {shopName}; "you" means the person using
        the website or placing an order. By using the website or placing an order, you accept these
        terms.
      </p>

      <h2>2. Your account</h2>
      <ul>
        <li>
          You need an account to place an order. Please give accurate details and keep them up to
          date.
        </li>
        <li>
          Keep your password private. You are responsible for orders placed from your account; tell
          us at once if you think someone else has used it.
        </li>
        <li>
          You must be at least 18 years old to place an order, or do so under the supervision of a
          parent or guardian.
        </li>
      </ul>

      <h2>3. Health information</h2>
      <p>
        Our products are Ayurvedic medicines and wellness products made in a GMP-certified facility.
        The descriptions, articles and answers on this website are general information and are not
        medical advice. They are not a substitute for diagnosis or treatment by a qualified doctor.
        Always read the label and follow the dosage given. If you are pregnant, breastfeeding,
        taking other medicines or managing a health condition, consult your doctor before use. Stop
        using a product and seek medical advice if you experience any unwanted effect.
      </p>

      <h2>4. Prices and payment</h2>
      <ul>
        <li>All prices are in Indian rupees (₹) and include applicable taxes.</li>
        <li>
          You can pay cash on delivery or by card through Razorpay, our payment partner. Card
          payments are subject to Razorpay's terms and your bank's approval.
        </li>
        <li>
          We check prices and stock again when you place your order. If a product has sold out or a
          price was shown in error, we will tell you and you may cancel without charge; if you have
          already paid, we refund you in full.
        </li>
      </ul>

      <h2>5. Coupons</h2>
      <p>
        Coupon codes are subject to the conditions shown with them, such as a minimum order value, a
        maximum discount, an expiry date and a limited number of uses. Only one coupon can be used
        per order. Coupons have no cash value and cannot be exchanged.
      </p>

      <h2>6. Orders</h2>
      <p>
        Your order is an offer to buy. A contract is made when we confirm your order. We may decline
        or cancel an order, for example when a product is unavailable, an address cannot be served,
        or we suspect fraud; in that case any amount paid is refunded in full. You can cancel an
        order yourself before it is shipped.
      </p>

      <h2>7. Shipping</h2>
      <p>
        {shippingChargesText(loaderData.shippingFeesFrom).terms} We process orders within{" "}
        {dayRange(PROCESSING_DAYS)} business days, and standard delivery takes{" "}
        {dayRange(STANDARD_DELIVERY_DAYS)} business days. Packages left unclaimed for{" "}
        {UNCLAIMED_PACKAGE_DAYS} days are returned and the order is cancelled. See{" "}
        <Link to="/shipping">Shipping Information</Link> for details.
      </p>

      <h2>8. Returns and refunds</h2>
      <p>
        You can request a return within {RETURN_WINDOW_DAYS} days of delivery, and approved refunds
        are processed within {dayRange(REFUND_DAYS)} business days, as explained in our{" "}
        <Link to="/returns">Return &amp; Refund Policy</Link>. Nothing in these terms limits your
        rights under the Consumer Protection Act, 2019.
      </p>

      <h2>9. Reviews</h2>
      <p>
        You are welcome to review products you have used. Reviews must be honest, relevant and
        respectful, and must not include personal data, advertising or medical claims. Every review
        is checked before it is published, and appears once approved; we may decline reviews that do
        not follow these rules.
      </p>

      <h2>10. Use of the website</h2>
      <p>
        Please do not misuse the website: do not try to gain unauthorised access, disrupt the
        service, or copy content in bulk. The text, images, logos and product names on this website
        belong to {shopName} or its licensors and may not be reused without our written permission.
      </p>

      <h2>11. Liability</h2>
      <p>
        We take care to keep the website accurate and available, but we cannot promise that it will
        always be free of errors or interruptions. To the extent the law allows, our liability for
        any order is limited to the amount you paid for it. Nothing in these terms excludes
        liability that cannot be excluded under Indian law.
      </p>

      <h2>12. Governing law</h2>
      <p>
        These terms are governed by the laws of India. Disputes are subject to the jurisdiction of
        the courts at Satara, Maharashtra, without affecting your right as a consumer to approach a
        consumer commission.
      </p>

      <h2>13. Changes and contact</h2>
      <p>
        We may update these terms from time to time; the date at the top of this page shows the
        latest version, and the terms in force when you place an order apply to that order.
        Questions? Please <Link to="/contact">contact us</Link>
        {shop ? (
          <>
            {" "}
            or write to <a href={`mailto:${shop.email}`}>{shop.email}</a>
          </>
        ) : null}
        .
      </p>
    </ProsePage>
  );
}
