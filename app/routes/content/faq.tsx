import { Link } from "react-router";
import { ChevronDown } from "~/components/icons";
import { buttonVariants } from "~/components/ui/button";
import { faqGroups } from "~/content/faq";
import { shippingFeesSource } from "~/modules/shipping/shipping-fees.server";
import type { Route } from "./+types/faq";

/** What shipping costs follows the charges the checkout applies (docs/decisions/064). */
export async function loader({ context }: Route.LoaderArgs) {
  return { shippingFeesFrom: await shippingFeesSource(context.services.shipping) };
}

export const meta: Route.MetaFunction = () => [
  { title: "Frequently Asked Questions | Satara Ayurveda" },
  {
    name: "description",
    content:
      "Answers about orders and shipping, our Ayurvedic products, payments by cash on delivery or card, returns, refunds and your account at Satara Ayurveda.",
  },
];

/**
 * The accordion is built from native <details>/<summary>: keyboard- and screen-reader friendly,
 * and every answer can be opened (and is in the page) even before or without JavaScript.
 */
export default function Faq({ loaderData }: Route.ComponentProps) {
  const groups = faqGroups(loaderData.shippingFeesFrom);
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 md:py-16">
      <header className="mb-10 grid gap-3 text-center">
        <h1 className="font-display text-4xl text-primary leading-tight md:text-5xl">
          Frequently Asked Questions
        </h1>
        <p className="text-lg text-muted-foreground">
          Quick answers about orders, our products, payments and your account.
        </p>
      </header>

      <nav aria-label="FAQ topics" className="mb-10">
        <ul className="flex flex-wrap justify-center gap-2">
          {groups.map((group) => (
            <li key={group.id}>
              <a
                href={`#${group.id}`}
                className="inline-flex rounded-full border border-border bg-card px-3 py-1 text-sm hover:border-primary hover:text-primary"
              >
                {group.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="grid gap-10">
        {groups.map((group) => (
          <section
            key={group.id}
            id={group.id}
            aria-labelledby={`${group.id}-heading`}
            className="scroll-mt-24"
          >
            <h2
              id={`${group.id}-heading`}
              className="mb-3 font-display text-2xl text-primary leading-snug"
            >
              {group.title}
            </h2>
            <div className="rounded-xl border border-border bg-card px-5 shadow-sm">
              {group.items.map((item) => (
                <details
                  key={item.question}
                  className="group border-border border-b last:border-b-0"
                >
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md py-4 text-left font-medium transition-colors hover:text-primary focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-2 [&::-webkit-details-marker]:hidden">
                    {item.question}
                    <ChevronDown
                      className="size-4 shrink-0 text-muted-foreground transition-transform duration-200 group-open:rotate-180"
                      aria-hidden="true"
                    />
                  </summary>
                  <p className="pb-4 text-muted-foreground leading-relaxed">{item.answer}</p>
                </details>
              ))}
            </div>
          </section>
        ))}
      </div>

      <div className="mt-12 grid gap-3 rounded-xl bg-secondary p-6 text-center">
        <h2 className="font-display text-secondary-foreground text-xl">Still have a question?</h2>
        <p className="text-secondary-foreground">
          Our team is happy to help with anything not covered here.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to="/contact" className={buttonVariants()}>
            Contact us
          </Link>
          <Link to="/shipping" className={buttonVariants({ variant: "outline" })}>
            Shipping information
          </Link>
          <Link to="/returns" className={buttonVariants({ variant: "outline" })}>
            Returns &amp; refunds
          </Link>
        </div>
      </div>
    </div>
  );
}
