import { Link } from "react-router";
import { ProsePage } from "~/components/content/prose-page";
import { POLICIES_LAST_UPDATED } from "~/content/policy";
import { useRootData } from "~/root";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = () => [
  { title: "Privacy Policy | Satara Ayurveda" },
  {
    name: "description",
    content:
      "What personal data Satara Ayurveda keeps, why, who it is shared with, the two cookies we use, and your rights under India's Digital Personal Data Protection Act, 2023.",
  },
];

export default function Privacy() {
  const shop = useRootData()?.shop;
  const shopName = shop?.name ?? "Satara Ayurveda";
  const place = shop
    ? `${shop.address.city}, ${shop.address.state} ${shop.address.postalCode}`
    : "Satara, Maharashtra";
  const email = shop ? <a href={`mailto:${shop.email}`}>{shop.email}</a> : null;
  return (
    <ProsePage
      title="Privacy Policy"
      intro={`How ${shopName} collects, uses and protects your personal data when you use our online shop.`}
      lastUpdated={POLICIES_LAST_UPDATED}
    >
      <h2>Who we are</h2>
      <p>
        {shopName} is an Ayurvedic pharmaceutical company based in {place}, India. We decide how the
        personal data described here is used, and we handle it in line with the Digital Personal
        Data Protection Act, 2023 and other applicable Indian law.
      </p>

      <h2>What we keep</h2>
      <ul>
        <li>
          <strong>Your account:</strong> your full name, e-mail address and phone number (if you add
          one), and your password, which we store only in a securely hashed form that cannot be read
          back.
        </li>
        <li>
          <strong>Your addresses:</strong> the delivery addresses you save, with the name and phone
          number for each.
        </li>
        <li>
          <strong>Your orders:</strong> the products, quantities, prices, coupon, shipping address,
          payment method and payment status of each order, and its shipping and tracking details.
        </li>
        <li>
          <strong>Your reviews:</strong> the rating, title and comment you write, shown publicly
          with your name once approved.
        </li>
        <li>
          <strong>Your cart and wishlist</strong>, so they are waiting for you on any device.
        </li>
        <li>
          <strong>Newsletter:</strong> your e-mail address, if you subscribe.
        </li>
        <li>
          <strong>Security records:</strong> technical logs of requests to our website (such as the
          IP address and time), used to keep the shop secure and to prevent abuse such as repeated
          failed sign-in attempts.
        </li>
      </ul>

      <h2>Card payments</h2>
      <p>
        When you pay by card, you enter your card details on the secure checkout of Razorpay, our
        payment partner. Your card details go directly to Razorpay and are{" "}
        <strong>never seen or stored by us</strong>. We only keep the payment reference and status
        that Razorpay sends us, so we can match the payment to your order and process refunds.
      </p>

      <h2>Why we use your data</h2>
      <ul>
        <li>to create and run your account and let you sign in;</li>
        <li>to process, deliver and support your orders, returns and refunds;</li>
        <li>to send you messages you need, such as order updates and password-reset e-mails;</li>
        <li>to send our newsletter, only if you subscribed;</li>
        <li>to publish reviews you submit, after moderation;</li>
        <li>to keep the shop secure and prevent fraud; and</li>
        <li>to meet our legal obligations, such as keeping tax and accounting records.</li>
      </ul>
      <p>We do not sell your personal data, and we do not use it for advertising profiles.</p>

      <h2>Who we share it with</h2>
      <ul>
        <li>courier partners, who receive the name, address and phone number for delivery;</li>
        <li>Razorpay, for card payments and refunds;</li>
        <li>the service provider that delivers our e-mails; and</li>
        <li>authorities, when the law requires us to.</li>
      </ul>

      <h2>Cookies</h2>
      <p>We use only two cookies, both needed for the shop to work:</p>
      <ul>
        <li>
          a <strong>session cookie</strong>, which keeps you signed in while you shop; and
        </li>
        <li>
          a <strong>one-time message cookie</strong>, which carries a short notification (such as
          "Added to cart") to the next page and is removed as soon as it has been shown.
        </li>
      </ul>
      <p>We do not use advertising, tracking or third-party analytics cookies.</p>

      <h2>How long we keep it</h2>
      <p>
        We keep your account data for as long as your account is open. Order and payment records are
        kept for as long as Indian tax and accounting law requires, even after an account is closed.
        Security logs are kept only for a short period.
      </p>

      <h2>Your rights</h2>
      <p>Under the Digital Personal Data Protection Act, 2023, you have the right to:</p>
      <ul>
        <li>get a summary of the personal data we hold about you and how we use it;</li>
        <li>have inaccurate or incomplete data corrected and updated;</li>
        <li>
          have your data erased when it is no longer needed, unless the law requires us to keep it;
        </li>
        <li>withdraw consent you have given, for example to the newsletter;</li>
        <li>nominate another person to exercise your rights if you are unable to; and</li>
        <li>
          have your grievances addressed by us, and, if you are not satisfied, complain to the Data
          Protection Board of India.
        </li>
      </ul>
      <p>
        You can update your name, phone number and addresses yourself in{" "}
        <Link to="/profile">My Account</Link>. For anything else, write to us{email ? " at " : ""}
        {email} and we will respond promptly.
      </p>

      <h2>Security</h2>
      <p>
        We protect your data with encrypted connections, hashed passwords, access limited to staff
        who need it, and regular backups. No system is perfectly secure, but if a breach affecting
        your data ever occurred, we would inform you and the Data Protection Board as the law
        requires.
      </p>

      <h2>Children</h2>
      <p>
        Our shop is meant for adults. We do not knowingly collect personal data from anyone under 18
        without the consent of a parent or guardian.
      </p>

      <h2>Changes to this policy</h2>
      <p>
        If we change this policy, we will publish the new version here with a new date at the top.
        For important changes, we will also let you know by e-mail.
      </p>

      <h2>Contact</h2>
      <p>
        For questions or requests about your personal data, contact us
        {email ? <> at {email}</> : null} or through our <Link to="/contact">contact page</Link>.
      </p>
    </ProsePage>
  );
}
