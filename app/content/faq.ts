import type { ShippingFeeSource } from "~/domain/courier-fees";
import {
  BUSINESS_HOURS,
  dayRange,
  PROCESSING_DAYS,
  REFUND_DAYS,
  RETURN_WINDOW_DAYS,
  STANDARD_DELIVERY_DAYS,
  UNCLAIMED_PACKAGE_DAYS,
} from "./policy";
import { type ShippingChargesText, shippingChargesText } from "./shipping-charges";

export type FaqItem = { question: string; answer: string };
export type FaqGroup = { id: string; title: string; items: FaqItem[] };

/**
 * docs/SPEC.md §2: four groups. Every policy number comes from `policy.ts`; what shipping costs
 * follows the fees the checkout charges (`shipping-charges.ts`).
 */
export function faqGroups(shippingFeesFrom: ShippingFeeSource): FaqGroup[] {
  return [ordersAndShipping(shippingChargesText(shippingFeesFrom).faq), ...MORE_GROUPS];
}

const ordersAndShipping = (charges: ShippingChargesText["faq"]): FaqGroup => ({
  id: "orders-shipping",
  title: "Orders & Shipping",
  items: [
    {
      question: "How much does shipping cost?",
      answer: charges.cost,
    },
    {
      question: "How long will my order take to arrive?",
      answer: `We pack and hand over your order to the courier within ${dayRange(PROCESSING_DAYS)} business days. Standard delivery then takes ${dayRange(STANDARD_DELIVERY_DAYS)} business days, depending on your PIN code. Remote areas can take a little longer.`,
    },
    {
      question: "Do you offer express shipping?",
      answer: charges.express,
    },
    {
      question: "How can I track my order?",
      answer:
        "Once your order is shipped, we add the courier's tracking ID to it. Sign in and open My Account to see the status of every order and its tracking ID.",
    },
    {
      question: "Can I cancel my order?",
      answer:
        "Yes, as long as it has not been shipped yet. Open the order in My Account and cancel it, or write to us with your order number. Once an order has been shipped it can no longer be cancelled, but you can return it under our return policy.",
    },
    {
      question: "What happens if I miss the delivery?",
      answer: `The courier will usually try again or hold the package for you to collect. If a package stays unclaimed for ${UNCLAIMED_PACKAGE_DAYS} days, it is returned to us and the order is cancelled. If you had paid online, we refund the amount.`,
    },
  ],
});

const MORE_GROUPS: FaqGroup[] = [
  {
    id: "products",
    title: "Products",
    items: [
      {
        question: "Are your products genuine Ayurvedic medicines?",
        answer:
          "Yes. Every product is made in our GMP-certified facility in Satara, Maharashtra, and our proprietary medicines are licensed by the Food and Drug Administration. Each pack carries its licence number, batch number, manufacturing date and expiry date.",
      },
      {
        question: "Where do your herbs come from?",
        answer:
          "We buy organically grown herbs from trusted farmers and suppliers, and every lot is checked for identity and purity before it is used in production.",
      },
      {
        question: "How should I take a product?",
        answer:
          "Follow the dosage printed on the label and on the product page. If you are pregnant, breastfeeding, taking other medicines or managing a health condition, please consult your doctor or a qualified Ayurvedic practitioner first.",
      },
      {
        question: "Can Ayurvedic products replace my prescribed medicines?",
        answer:
          "No. Our products support everyday wellness, but they are not a substitute for medical care. Do not stop or change prescribed treatment without speaking to your doctor.",
      },
      {
        question: "How should I store the products?",
        answer:
          "Keep them in a cool, dry place away from direct sunlight, with the lid closed tightly, and out of the reach of children. Use them before the expiry date printed on the pack.",
      },
    ],
  },
  {
    id: "payments",
    title: "Payments",
    items: [
      {
        question: "Which payment methods do you accept?",
        answer:
          "You can pay cash on delivery, or pay online by card through Razorpay, a secure payment gateway. Choose the method you prefer at checkout.",
      },
      {
        question: "Is online payment safe?",
        answer:
          "Yes. Card details are entered on Razorpay's secure checkout and go straight to Razorpay. We never see or store your card number.",
      },
      {
        question: "How does cash on delivery work?",
        answer:
          "Place your order and choose cash on delivery. You pay the courier the order total when the package arrives, so please keep the amount ready.",
      },
      {
        question: "How do I use a coupon code?",
        answer:
          "Enter the code in your cart and apply it. Each coupon has its own conditions, such as a minimum order value or a maximum discount, and only one coupon can be applied to an order.",
      },
      {
        question: "When will I get my refund?",
        answer: `Approved refunds are processed within ${dayRange(REFUND_DAYS)} business days. Online payments are refunded to the original card; for cash-on-delivery orders we refund to a bank account or UPI ID you share with us.`,
      },
    ],
  },
  {
    id: "account-support",
    title: "Account & Support",
    items: [
      {
        question: "Do I need an account to order?",
        answer:
          "Yes. An account keeps your cart, wishlist, saved addresses and order history together, so you can check out quickly and follow your orders.",
      },
      {
        question: "I forgot my password. What should I do?",
        answer:
          "On the sign-in page, choose 'Forgot password?' and enter your e-mail address. We will send you a link to set a new password.",
      },
      {
        question: "How do I return a product?",
        answer: `Write to us within ${RETURN_WINDOW_DAYS} days of delivery with your order number and a photo of the product. Our Return & Refund Policy explains which items can be returned and how refunds work.`,
      },
      {
        question: "Why is my review not showing yet?",
        answer:
          "Every review is read by our team before it is published, to keep reviews genuine and helpful. Your review appears on the product page once it has been approved.",
      },
      {
        question: "How can I contact you?",
        answer: `Use the form on our Contact page, or call or e-mail us. Our team answers ${BUSINESS_HOURS[0].days}, ${BUSINESS_HOURS[0].hours}.`,
      },
    ],
  },
];
