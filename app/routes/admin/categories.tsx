import { Form, Link, useNavigate, useNavigation } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminTable } from "~/components/admin/admin-table";
import { CategoryForm } from "~/components/admin/category-form";
import { EditorPanel } from "~/components/admin/editor-panel";
import { EditDeleteLinks } from "~/components/admin/row-actions";
import { ConfirmCard, ConfirmDialog } from "~/components/confirm-dialog";
import { Plus } from "~/components/icons";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useHydrated } from "~/components/use-hydrated";
import { categoryFormSchema } from "~/domain/validation/category";
import { uuidOrNull } from "~/domain/validation/uuid-or-null";
import { actionFailure, refusal, runIntent } from "~/lib/action-result.server";
import { saveEditorForm } from "~/lib/editor-form.server";
import { readForm } from "~/lib/form-data.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAdmin } from "~/modules/accounts/session.server";
import {
  type AdminCategoryRow,
  CategoryAdminError,
  createCategory,
  deleteCategory,
  listAdminCategories,
  updateCategory,
} from "~/modules/catalog/categories-admin.server";
import type { ShopServices } from "~/services.server";
import type { Route } from "./+types/categories";

export const meta: Route.MetaFunction = () => [{ title: "Categories | Admin | Satara Ayurveda" }];

const PATH = "/admin/categories";

/** docs/DESIGN.md §6.14: every category (a shop has a handful) with its number of products. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services.accounts, request);
  const params = new URL(request.url).searchParams;
  const categories = await listAdminCategories(context.services.db);
  const find = (key: string) => {
    const id = uuidOrNull(params.get(key));
    return id ? (categories.find((category) => category.id === id) ?? null) : null;
  };
  return {
    categories,
    editing: find("edit"),
    deleting: find("delete"),
    creating: params.has("new"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context.services.accounts, request);
  const formData = await readForm(request);
  return runIntent(context.services.signer, formData.get("intent"), {
    delete: () => removeCategory(context.services, admin.id, formData),
    create: () => saveCategory(context.services, admin.id, "create", formData),
    update: () => saveCategory(context.services, admin.id, "update", formData),
  });
}

async function removeCategory(services: ShopServices, adminId: string, formData: FormData) {
  const id = uuidOrNull(formData.get("id"));
  if (!id) return actionFailure(services.signer, NOT_FOUND, { intent: "delete" });
  await deleteCategory(services.db, adminId, id);
  return redirectWithToast(services.signer, PATH, {
    type: "success",
    title: "Category deleted successfully",
  });
}

async function saveCategory(
  services: ShopServices,
  adminId: string,
  intent: "create" | "update",
  formData: FormData,
) {
  const form = { schema: categoryFormSchema, intent, refusedBy: CategoryAdminError };
  return saveEditorForm(services.signer, formData, form, async (category) => {
    if (intent === "create") {
      await createCategory(services.db, adminId, category);
      return redirectWithToast(services.signer, PATH, {
        type: "success",
        title: "Category added successfully",
      });
    }
    const id = uuidOrNull(formData.get("id"));
    if (!id) return actionFailure(services.signer, NOT_FOUND, { intent });
    await updateCategory(services.db, adminId, id, category);
    return redirectWithToast(services.signer, PATH, {
      type: "success",
      title: "Category updated successfully",
    });
  });
}

const NOT_FOUND = refusal("That category could not be found");

const DELETE_TEXT = "This will permanently delete this category. This action cannot be undone.";

function deleteExplanation(category: AdminCategoryRow) {
  return category.productCount > 0
    ? `${category.name} still has ${category.productCount} ${category.productCount === 1 ? "product" : "products"}, so it cannot be deleted: move ${category.productCount === 1 ? "it" : "them"} to another category or delete ${category.productCount === 1 ? "it" : "them"} first.`
    : DELETE_TEXT;
}

function DeleteButton({ category }: { category: AdminCategoryRow }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  // A category with products is refused by the server; the text above says why.
  if (category.productCount > 0) return null;
  return (
    <Form method="post" action={PATH} preventScrollReset className="contents">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={category.id} />
      <Button type="submit" variant="destructive" disabled={busy}>
        {busy ? "Deleting..." : "Delete"}
      </Button>
    </Form>
  );
}

export default function AdminCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, editing, deleting, creating } = loaderData;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const close = () => navigate(PATH, { replace: true, preventScrollReset: true });
  const formOpen = creating || Boolean(editing);
  const title = editing ? "Edit Category" : "Add New Category";
  const form = formOpen ? (
    <CategoryForm
      key={editing?.id ?? "new"}
      category={editing ?? undefined}
      lastResult={
        actionData?.ok === false &&
        (actionData.intent === "create" || actionData.intent === "update") &&
        "result" in actionData
          ? actionData.result
          : null
      }
      action={editing ? `${PATH}?edit=${editing.id}` : `${PATH}?new=1`}
      cancelHref={PATH}
      onCancel={hydrated ? close : undefined}
    />
  ) : null;
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Categories"
        description="Group products for the shop's category pages"
      >
        <Link to={`${PATH}?new=1`} preventScrollReset className={buttonVariants()}>
          <Plus aria-hidden="true" /> Add Category
        </Link>
      </AdminPageHeader>
      <EditorPanel
        hydrated={hydrated}
        open={formOpen}
        onClose={close}
        title={title}
        description="Categories appear on the shop's home page and at /categories."
      >
        {form}
      </EditorPanel>
      {!hydrated && deleting ? (
        <ConfirmCard id="delete" description={deleteExplanation(deleting)} cancelHref={PATH}>
          <DeleteButton category={deleting} />
        </ConfirmCard>
      ) : null}
      <Card>
        <AdminTable
          headings={["Name", "Slug", "Products", "Sort Order", "Actions"]}
          rowCount={categories.length}
          emptyText="No categories yet"
        >
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
                  <EditDeleteLinks
                    name={category.name}
                    editHref={`${PATH}?edit=${category.id}`}
                    deleteHref={`${PATH}?delete=${category.id}`}
                  />
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      </Card>
      {hydrated ? (
        <ConfirmDialog
          open={Boolean(deleting)}
          onOpenChange={(open) => (open ? null : close())}
          description={deleting ? deleteExplanation(deleting) : ""}
        >
          {deleting ? <DeleteButton category={deleting} /> : null}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
