import { Quote } from "~/components/icons";
import { StarRating } from "~/components/product/star-rating";

/** docs/SPEC.md §2: three fixed sample testimonials. */
const TESTIMONIALS = [
  {
    name: "Sunita Deshpande",
    location: "Pune, Maharashtra",
    text: "Mauli Shatavaryadi Kalpa has become part of my morning routine. I feel more energetic, and the order reached me in three days, well packed.",
  },
  {
    name: "Rajesh Kulkarni",
    location: "Satara, Maharashtra",
    text: "I have trusted their Aceemal tablets for acidity for years. Genuine medicines, fair prices and a team that answers the phone when you call.",
  },
  {
    name: "Anjali Mehta",
    location: "Mumbai, Maharashtra",
    text: "Mauderma cleared up my skin troubles gently. It is reassuring to buy from a GMP-certified maker rather than an unknown seller.",
  },
];

function initials(name: string) {
  return name
    .split(" ")
    .map((part) => part[0])
    .join("")
    .slice(0, 2);
}

export function Testimonials() {
  return (
    <section className="bg-secondary" aria-labelledby="testimonials-heading">
      <div className="mx-auto max-w-7xl px-4 py-14">
        <h2 id="testimonials-heading" className="mb-8 text-center font-display text-3xl">
          What Our Customers Say
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.name} className="grid gap-4 rounded-xl bg-card p-6 shadow-sm">
              <Quote className="size-8 text-accent-strong" aria-hidden="true" />
              <StarRating rating={5} />
              <blockquote className="text-foreground">{t.text}</blockquote>
              <div className="flex items-center gap-3">
                <span
                  className="inline-flex size-11 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
                  aria-hidden="true"
                >
                  {initials(t.name)}
                </span>
                <span>
                  <span className="block font-semibold">{t.name}</span>
                  <span className="text-muted-foreground text-sm">{t.location}</span>
                </span>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
