import { Link } from "react-router";
import { PROSE_CLASSES } from "~/components/content/prose-page";
import { Award, FlaskConical, Leaf, ShieldCheck } from "~/components/icons";
import { buttonVariants } from "~/components/ui/button";
import { useRootData } from "~/root";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = () => [
  { title: "About Us | Satara Ayurveda" },
  {
    name: "description",
    content:
      "A small Ayurvedic pharmaceutical company in Satara, Maharashtra: GMP-certified manufacturing, organically grown herbs, FDA-licensed proprietary medicines and batch-by-batch quality testing.",
  },
];

const PILLARS = [
  {
    Icon: Award,
    title: "GMP-certified manufacturing",
    text: "Our medicines are made in our own facility in Satara, which follows Good Manufacturing Practice for Ayurvedic medicines under India's Drugs and Cosmetics Rules: clean, controlled rooms, calibrated equipment, trained staff and a written record for every batch.",
  },
  {
    Icon: Leaf,
    title: "Organic herbs",
    text: "We buy organically grown herbs from farmers and suppliers we know, many of them in Maharashtra's Western Ghats. Each lot is identified, cleaned, dried and stored with care before it reaches production.",
  },
  {
    Icon: ShieldCheck,
    title: "FDA-approved proprietary medicines",
    text: "Our proprietary formulations are licensed by the Food and Drug Administration, Maharashtra. The licence number, batch number, manufacturing date and expiry date are printed on every pack.",
  },
  {
    Icon: FlaskConical,
    title: "Tested, batch by batch",
    text: "Raw herbs are checked for identity and purity, and finished products are tested before release. A batch that does not meet its specification does not leave our facility.",
  },
] as const;

const VALUES = [
  {
    title: "Honesty",
    text: "We describe our products plainly. Ayurveda supports everyday wellness; it is not a miracle cure, and we will never pretend otherwise.",
  },
  {
    title: "Respect for tradition",
    text: "Our formulations follow the principles of the classical Ayurvedic texts, prepared with the care those texts ask for.",
  },
  {
    title: "Care for people",
    text: "Whether you are a customer, a farmer who grows our herbs or a member of our team, you deserve to be treated fairly and answered promptly.",
  },
  {
    title: "Care for the land",
    text: "Organic cultivation keeps the soil healthy and the herbs clean, and we work to reduce waste in our packaging and production.",
  },
] as const;

export default function About() {
  const shop = useRootData()?.shop;
  const shopName = shop?.name ?? "Satara Ayurveda";
  return (
    <>
      <section className="bg-secondary">
        <div className="mx-auto grid max-w-3xl gap-4 px-4 py-14 md:py-20">
          <p className="font-semibold text-accent-strong text-sm uppercase tracking-wider">
            Our story
          </p>
          <h1 className="font-display text-4xl text-primary leading-tight md:text-5xl">
            About {shopName}
          </h1>
          <p className="text-lg text-muted-foreground">
            A small Ayurvedic pharmaceutical company in Satara, Maharashtra, making classical and
            proprietary medicines with care, from organically grown herbs.
          </p>
        </div>
      </section>

      <div className="mx-auto max-w-3xl px-4 py-12">
        <section aria-labelledby="story-heading" className={PROSE_CLASSES}>
          <h2 id="story-heading" className="mt-0!">
            Rooted in Satara
          </h2>
          <p>
            Satara sits at the foot of the Sahyadri hills, a region whose forests and farms have
            supplied medicinal plants for generations. Our company began here with a simple idea: to
            make Ayurvedic medicines that families can trust, prepared the way the classical texts
            describe and checked the way modern pharmacy requires.
          </p>
          <p>
            We are still a small team of pharmacists, Ayurvedic physicians and production staff,
            most of us from Satara and the villages around it. We know many of the farmers who grow
            our herbs by name, and we make our medicines a few kilometres from where many of those
            herbs are harvested.
          </p>
          <p>
            Today we offer a focused range of medicines and wellness products for everyday needs,
            from digestion and joint comfort to immunity, skin care and restful sleep. Selling them
            online lets us reach customers anywhere in India directly, with the same care we give to
            the people who visit us in Satara.
          </p>
        </section>

        <section aria-labelledby="quality-heading" className="mt-12">
          <h2 id="quality-heading" className="mb-6 font-display text-2xl text-primary leading-snug">
            How we make our medicines
          </h2>
          <ul className="grid gap-5 sm:grid-cols-2">
            {PILLARS.map(({ Icon, title, text }) => (
              <li
                key={title}
                className="grid content-start gap-2 rounded-xl border border-border bg-card p-5 shadow-sm"
              >
                <Icon className="size-7 text-primary" aria-hidden="true" />
                <h3 className="font-display font-semibold text-lg">{title}</h3>
                <p className="text-muted-foreground text-sm leading-relaxed">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="values-heading" className={`mt-12 ${PROSE_CLASSES}`}>
          <h2 id="values-heading">What we stand for</h2>
          <dl className="grid gap-4">
            {VALUES.map(({ title, text }) => (
              <div key={title}>
                <dt className="font-semibold">{title}</dt>
                <dd className="text-muted-foreground">{text}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-6">
            Please read the label of every product and follow its dosage. If you are pregnant,
            breastfeeding, taking other medicines or managing a health condition, talk to your
            doctor or a qualified Ayurvedic practitioner before starting a new remedy.
          </p>
        </section>

        <div className="mt-12 flex flex-wrap items-center gap-3 rounded-xl bg-secondary p-6">
          <p className="flex-1 font-display text-secondary-foreground text-xl">
            See what we make in Satara.
          </p>
          <Link to="/products" className={buttonVariants({ size: "lg" })}>
            Browse our products
          </Link>
          <Link to="/contact" className={buttonVariants({ size: "lg", variant: "outline" })}>
            Contact us
          </Link>
        </div>
      </div>
    </>
  );
}
