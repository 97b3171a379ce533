export const MAIN_NAV = [
  { to: "/products", label: "Products" },
  { to: "/categories", label: "Categories" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
] as const;

export const QUICK_LINKS = [
  { to: "/", label: "Home" },
  { to: "/products", label: "All Products" },
  { to: "/categories", label: "Categories" },
  { to: "/about", label: "About Us" },
  { to: "/blog", label: "Wellness Blog" },
  { to: "/contact", label: "Contact Us" },
] as const;

export const CUSTOMER_SERVICE_LINKS = [
  { to: "/faq", label: "FAQ" },
  { to: "/shipping", label: "Shipping Information" },
  { to: "/returns", label: "Return & Refund Policy" },
  { to: "/terms", label: "Terms & Conditions" },
  { to: "/privacy", label: "Privacy Policy" },
] as const;
