import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

/** Mirrors SPEC §2's route list. Route modules stay thin: parse, authorize, call a service, respond. */
export default [
  layout("routes/store/layout.tsx", [
    index("routes/store/home.tsx"),
    route("products", "routes/store/products.tsx"),
    route("product/:id", "routes/store/product.tsx"),
    route("categories", "routes/store/categories.tsx"),
    route("category/:slug", "routes/store/category.tsx"),
    route("about", "routes/content/about.tsx"),
    route("contact", "routes/content/contact.tsx"),
    route("blog", "routes/content/blog.tsx"),
    route("blog/:slug", "routes/content/blog-article.tsx"),
    route("faq", "routes/content/faq.tsx"),
    route("terms", "routes/content/terms.tsx"),
    route("privacy", "routes/content/privacy.tsx"),
    route("shipping", "routes/content/shipping.tsx"),
    route("returns", "routes/content/returns.tsx"),
    route("cart", "routes/store/cart.tsx"),
    route("profile", "routes/account/profile.tsx"),
    route("wishlist", "routes/account/wishlist.tsx"),
    route("newsletter", "routes/store/newsletter.tsx"),
    route("*", "routes/store/not-found.tsx"),
  ]),
  route("auth", "routes/auth/auth.tsx"),
  route("sign-out", "routes/auth/sign-out.ts"),
  route("admin/login", "routes/admin/login.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.ts"),
    route("dashboard", "routes/admin/dashboard.tsx"),
    route("coupons", "routes/admin/coupons.tsx"),
    route("*", "routes/admin/not-found.tsx"),
  ]),
  ...prefix("api", [
    route("auth/*", "routes/api/auth.ts"),
    route("events/offers", "routes/api/offer-events.ts"),
  ]),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("images/:imageId/:file", "routes/resources/image.ts"),
] satisfies RouteConfig;
