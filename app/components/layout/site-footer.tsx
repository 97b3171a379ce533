import { Link } from "react-router";
import { Mail, MapPin, Phone } from "~/components/icons";
import type { RootLoaderData } from "~/root";
import { CUSTOMER_SERVICE_LINKS, QUICK_LINKS } from "./nav-links";
import { NewsletterForm } from "./newsletter-form";
import { Logo } from "./site-header";
import { FacebookIcon, InstagramIcon, XIcon, YoutubeIcon } from "./social-icons";

const SOCIAL = [
  { key: "facebook", label: "Facebook", Icon: FacebookIcon },
  { key: "instagram", label: "Instagram", Icon: InstagramIcon },
  { key: "twitter", label: "X (Twitter)", Icon: XIcon },
  { key: "youtube", label: "YouTube", Icon: YoutubeIcon },
] as const;

export function SiteFooter({ shop }: Pick<RootLoaderData, "shop">) {
  const { address } = shop;
  return (
    <footer className="mt-16 border-border border-t bg-card">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid min-w-0 content-start gap-4">
          <Logo name={shop.name} />
          <p className="text-muted-foreground text-sm">
            GMP-certified, organic, FDA-approved proprietary Ayurvedic medicines and wellness
            products, made in Satara, Maharashtra.
          </p>
          <ul className="flex gap-2" aria-label="Social media">
            {SOCIAL.map(({ key, label, Icon }) => {
              const href = shop.socialLinks[key];
              if (!href) return null;
              return (
                <li key={key}>
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={label}
                    className="inline-flex size-9 items-center justify-center rounded-full bg-secondary text-secondary-foreground hover:bg-secondary-hover"
                  >
                    <Icon className="size-4" aria-hidden="true" />
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
        <FooterLinks title="Quick Links" links={QUICK_LINKS} />
        <FooterLinks title="Customer Service" links={CUSTOMER_SERVICE_LINKS} />
        <div className="grid min-w-0 content-start gap-4">
          <h2 className="font-display font-semibold text-lg">Contact Us</h2>
          <address className="grid gap-2 text-muted-foreground text-sm not-italic">
            <span className="flex gap-2">
              <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                {address.line1}
                {address.line2 ? `, ${address.line2}` : ""}, {address.city}, {address.state}{" "}
                {address.postalCode}
              </span>
            </span>
            <a
              href={`tel:${shop.phone.replace(/\s+/g, "")}`}
              className="flex gap-2 hover:text-foreground"
            >
              <Phone className="size-4" aria-hidden="true" /> {shop.phone}
            </a>
            <a href={`mailto:${shop.email}`} className="flex gap-2 hover:text-foreground">
              <Mail className="size-4" aria-hidden="true" /> {shop.email}
            </a>
          </address>
          <NewsletterForm />
        </div>
      </div>
      <div className="border-border border-t">
        <p className="mx-auto max-w-7xl px-4 py-4 text-center text-muted-foreground text-xs">
          © {new Date().getFullYear()} {shop.name}. All rights reserved.
          {shop.gstin ? ` GSTIN: ${shop.gstin}` : ""}
        </p>
      </div>
    </footer>
  );
}

function FooterLinks({
  title,
  links,
}: {
  title: string;
  links: readonly { to: string; label: string }[];
}) {
  return (
    <nav aria-label={title} className="grid content-start gap-4">
      <h2 className="font-display font-semibold text-lg">{title}</h2>
      <ul className="grid gap-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="text-muted-foreground hover:text-foreground hover:underline"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
