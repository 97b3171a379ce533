import { CategoryCards } from "~/components/catalog/category-cards";
import { listCategoriesWithCounts } from "~/modules/catalog/listing.server";
import type { Route } from "./+types/categories";

export const meta: Route.MetaFunction = () => [
  { title: "All Categories | Satara Ayurveda" },
  { name: "description", content: "Browse Ayurvedic medicines and wellness products by category." },
];

export async function loader({ context }: Route.LoaderArgs) {
  return { categories: await listCategoriesWithCounts(context.services.db) };
}

export default function Categories({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto grid max-w-7xl gap-8 px-4 py-10">
      <header className="grid gap-2 text-center">
        <h1 className="font-display text-4xl">All Categories</h1>
        <p className="text-muted-foreground">Find the right remedy for every need</p>
      </header>
      {loaderData.categories.length === 0 ? (
        <p className="text-center text-muted-foreground">No categories available</p>
      ) : (
        <CategoryCards categories={loaderData.categories} headingLevel={2} />
      )}
    </section>
  );
}
