/** The static content pages of docs/SPEC.md §2, for the sitemap and any page index. */
export const CONTENT_PAGES: { path: string; title: string }[] = [
  { path: "/about", title: "About Us" },
  { path: "/contact", title: "Contact Us" },
  { path: "/blog", title: "Wellness Blog" },
  { path: "/faq", title: "Frequently Asked Questions" },
  { path: "/terms", title: "Terms & Conditions" },
  { path: "/privacy", title: "Privacy Policy" },
  { path: "/shipping", title: "Shipping Information" },
  { path: "/returns", title: "Return & Refund Policy" },
];
