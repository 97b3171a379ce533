import { Link } from "react-router";
import type { CategoryCard } from "~/modules/catalog/listing.server";
import { CategoryIcon } from "./category-icon";

export function CategoryCards({
  categories,
  headingLevel = 3,
}: {
  categories: CategoryCard[];
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
      {categories.map((category) => (
        <li key={category.id}>
          <Link
            to={`/category/${category.slug}`}
            className="grid h-full justify-items-center gap-2 rounded-xl border border-border bg-card p-5 text-center shadow-sm transition hover:border-primary hover:shadow"
          >
            <span className="inline-flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
              <CategoryIcon slug={category.slug} className="size-6" />
            </span>
            <Heading className="font-semibold">{category.name}</Heading>
            <span className="text-muted-foreground text-sm">
              {category.productCount} {category.productCount === 1 ? "product" : "products"}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
