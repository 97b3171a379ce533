import { parseWithZod } from "@conform-to/zod/v4";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { data, Form, Link, useNavigate, useNavigation } from "react-router";
import { z } from "zod";
import { CategoryForm } from "~/components/admin/category-form";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { useHydrated } from "~/components/use-hydrated";
import { categoryFormSchema } from "~/domain/validation/category";
import { db } from "~/lib/db.server";
import { readForm } from "~/lib/form-data.server";
import { redirectWithToast, toastHeaders } from "~/lib/toast.server";
import { requireAdmin } from "~/modules/accounts/session.server";
import {
  type AdminCategoryRow,
  CategoryAdminError,
  createCategory,
  deleteCategory,
  listAdminCategories,
  updateCategory,
} from "~/modules/catalog/categories-admin.server";
import type { Route } from "./+types/categories";

export const meta: Route.MetaFunction = () => [{ title: "Categories | Admin | Satara Ayurveda" }];

const PATH = "/admin/categories";
const uuid = z.uuid();
const asId = (value: unknown) => {
  const parsed = uuid.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/** DESIGN §6.14: every category (a shop has a handful) with its number of products. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const categories = await listAdminCategories(db());
  const find = (key: string) => {
    const id = asId(params.get(key));
    return id ? (categories.find((category) => category.id === id) ?? null) : null;
  };
  return {
    categories,
    editing: find("edit"),
    deleting: find("delete"),
    creating: params.has("new"),
  };
}

async function failure(message: string, body: Record<string, unknown> = {}) {
  const headers = await toastHeaders({ type: "error", title: "Error", description: message });
  return data({ ok: false as const, ...body }, { status: 400, headers });
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  try {
    if (intent === "delete") {
      const id = asId(formData.get("id"));
      if (!id) return failure("That category could not be found", { intent });
      await deleteCategory(db(), admin.id, id);
      return redirectWithToast(PATH, { type: "success", title: "Category deleted successfully" });
    }
    if (intent !== "create" && intent !== "update") return failure("Unknown action");
    const submission = parseWithZod(formData, { schema: categoryFormSchema });
    if (submission.status !== "success") {
      const first = Object.values(submission.error ?? {}).flat()[0] ?? "Please check the form";
      return failure(first, { intent, result: submission.reply() });
    }
    try {
      if (intent === "create") {
        await createCategory(db(), admin.id, submission.value);
        return redirectWithToast(PATH, { type: "success", title: "Category added successfully" });
      }
      const id = asId(formData.get("id"));
      if (!id) return failure("That category could not be found", { intent });
      await updateCategory(db(), admin.id, id, submission.value);
      return redirectWithToast(PATH, { type: "success", title: "Category updated successfully" });
    } catch (error) {
      if (!(error instanceof CategoryAdminError)) throw error;
      // The form keeps what was typed and shows the refusal beside its field.
      const result = error.field
        ? submission.reply({ fieldErrors: { [error.field]: [error.message] } })
        : submission.reply({ formErrors: [error.message] });
      return failure(error.message, { intent, result });
    }
  } catch (error) {
    if (error instanceof CategoryAdminError) return failure(error.message, { intent });
    throw error;
  }
}

type ActionData = {
  ok: boolean;
  intent?: string;
  result?: Parameters<typeof CategoryForm>[0]["lastResult"];
};

const DELETE_TEXT = "This will permanently delete this category. This action cannot be undone.";

function deleteExplanation(category: AdminCategoryRow) {
  return category.productCount > 0
    ? `${category.name} still has ${category.productCount} ${category.productCount === 1 ? "product" : "products"}, so it cannot be deleted: move ${category.productCount === 1 ? "it" : "them"} to another category or delete ${category.productCount === 1 ? "it" : "them"} first.`
    : DELETE_TEXT;
}

function DeleteConfirmation({
  category,
  cancel,
}: {
  category: AdminCategoryRow;
  cancel: React.ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  return (
    <Form method="post" action={PATH} preventScrollReset className="contents">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={category.id} />
      <DialogFooter>
        {cancel}
        {/* A category with products is refused by the server; the text above says why. */}
        {category.productCount > 0 ? null : (
          <Button type="submit" variant="destructive" disabled={busy}>
            {busy ? "Deleting..." : "Delete"}
          </Button>
        )}
      </DialogFooter>
    </Form>
  );
}

export default function AdminCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, editing, deleting, creating } = loaderData;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const close = () => navigate(PATH, { replace: true, preventScrollReset: true });
  const result = actionData as ActionData | undefined;
  const formOpen = creating || Boolean(editing);
  const title = editing ? "Edit Category" : "Add New Category";
  const form = formOpen ? (
    <CategoryForm
      key={editing?.id ?? "new"}
      category={editing ?? undefined}
      lastResult={
        result?.ok === false && (result.intent === "create" || result.intent === "update")
          ? result.result
          : null
      }
      action={editing ? `${PATH}?edit=${editing.id}` : `${PATH}?new=1`}
      cancelHref={PATH}
      onCancel={hydrated ? close : undefined}
    />
  ) : null;
  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl">Categories</h1>
          <p className="text-muted-foreground">Group products for the shop's category pages</p>
        </div>
        <Link to={`${PATH}?new=1`} preventScrollReset className={buttonVariants()}>
          <Plus aria-hidden="true" /> Add Category
        </Link>
      </header>
      {!hydrated && form ? (
        <Card>
          <CardHeader>
            <CardTitle>{title}</CardTitle>
          </CardHeader>
          <CardContent>{form}</CardContent>
        </Card>
      ) : null}
      {!hydrated && deleting ? (
        <Card role="alertdialog" aria-labelledby="delete-title" aria-describedby="delete-text">
          <CardHeader>
            <CardTitle id="delete-title">Are you sure?</CardTitle>
            <p id="delete-text" className="text-muted-foreground text-sm">
              {deleteExplanation(deleting)}
            </p>
          </CardHeader>
          <CardContent>
            <DeleteConfirmation
              category={deleting}
              cancel={
                <Link to={PATH} className={buttonVariants({ variant: "outline" })}>
                  Cancel
                </Link>
              }
            />
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardContent className="overflow-x-auto">
          {categories.length === 0 ? (
            <p className="py-8 text-center text-muted-foreground">No categories yet</p>
          ) : (
            <table className="w-full text-left text-sm">
              <thead className="border-border border-b text-muted-foreground">
                <tr>
                  {["Name", "Slug", "Products", "Sort Order", "Actions"].map((heading) => (
                    <th key={heading} scope="col" className="px-3 py-2 font-medium">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {categories.map((category) => (
                  <tr key={category.id} className="border-border border-b last:border-0">
                    <th scope="row" className="px-3 py-3 text-left font-normal">
                      <span className="grid">
                        <span className="font-medium">{category.name}</span>
                        <span className="line-clamp-1 text-muted-foreground text-xs">
                          {category.description}
                        </span>
                      </span>
                    </th>
                    <td className="px-3 py-3 font-mono text-xs">{category.slug}</td>
                    <td className="px-3 py-3">{category.productCount}</td>
                    <td className="px-3 py-3">{category.sortOrder}</td>
                    <td className="px-3 py-3">
                      <div className="flex items-center gap-1">
                        <a
                          href={`/category/${category.slug}`}
                          target="_blank"
                          rel="noreferrer"
                          className={buttonVariants({ variant: "ghost", size: "sm" })}
                        >
                          View<span className="sr-only"> {category.name} in the shop</span>
                        </a>
                        <Link
                          to={`${PATH}?edit=${category.id}`}
                          preventScrollReset
                          aria-label={`Edit ${category.name}`}
                          className={buttonVariants({ variant: "ghost", size: "icon" })}
                        >
                          <Pencil aria-hidden="true" />
                        </Link>
                        <Link
                          to={`${PATH}?delete=${category.id}`}
                          preventScrollReset
                          aria-label={`Delete ${category.name}`}
                          className={buttonVariants({ variant: "ghost", size: "icon" })}
                        >
                          <Trash2 className="text-destructive" aria-hidden="true" />
                        </Link>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </CardContent>
      </Card>
      {hydrated ? (
        <Dialog open={formOpen} onOpenChange={(open) => (open ? null : close())}>
          <DialogContent className="max-w-2xl">
            <DialogHeader>
              <DialogTitle>{title}</DialogTitle>
              <DialogDescription>
                Categories appear on the shop's home page and at /categories.
              </DialogDescription>
            </DialogHeader>
            {form}
          </DialogContent>
        </Dialog>
      ) : null}
      {hydrated ? (
        <Dialog open={Boolean(deleting)} onOpenChange={(open) => (open ? null : close())}>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Are you sure?</DialogTitle>
              <DialogDescription>{deleting ? deleteExplanation(deleting) : ""}</DialogDescription>
            </DialogHeader>
            {deleting ? (
              <DeleteConfirmation
                category={deleting}
                cancel={
                  <Button type="button" variant="outline" onClick={close}>
                    Cancel
                  </Button>
                }
              />
            ) : null}
          </DialogContent>
        </Dialog>
      ) : null}
    </div>
  );
}
