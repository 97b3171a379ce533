import { Form, Link, useNavigate, useNavigation } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminTable } from "~/components/admin/admin-table";
import { EditorPanel } from "~/components/admin/editor-panel";
import { LegalGapsFlag, ShopLegalGaps } from "~/components/admin/legal-details-fields";
import { LotsLink } from "~/components/admin/lots-link";
import { ProductForm } from "~/components/admin/product-form";
import { EditDeleteLinks } from "~/components/admin/row-actions";
import { ConfirmCard, ConfirmDialog } from "~/components/confirm-dialog";
import { Plus, Search } from "~/components/icons";
import { Pagination } from "~/components/product/pagination";
import { Price } from "~/components/product/price";
import { ProductImage } from "~/components/product/product-image";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { useHydrated } from "~/components/use-hydrated";
import { adminListHref, parseAdminListQuery } from "~/domain/admin-list-query";
import { missingShopLegalDetails } from "~/domain/legal-metrology";
import { formatCount } from "~/domain/money";
import {
  isProductStatus,
  PRODUCT_STATUS_LABELS,
  PRODUCT_STATUSES,
  type ProductStatus,
  storefrontPath,
} from "~/domain/product-status";
import {
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_UPLOAD,
  MAX_PRODUCT_FORM_BYTES,
  productFormSchema,
} from "~/domain/validation/product";
import { uuidOrNull } from "~/domain/validation/uuid-or-null";
import { actionFailure, actionSuccess, refusal, runIntent } from "~/lib/action-result.server";
import { saveEditorForm } from "~/lib/editor-form.server";
import { formRefusal, RequestTooLargeError, readFormData } from "~/lib/form-data.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAdmin } from "~/modules/accounts/session.server";
import {
  createProduct,
  deleteProduct,
  findProductForEdit,
  findProductName,
  listAdminProducts,
  listCategoryOptions,
  moveImage,
  ProductAdminError,
  removeImage,
  setPrimaryImage,
  setProductStatus,
  type Upload,
  updateProduct,
} from "~/modules/catalog/products-admin.server";
import { getSettings } from "~/modules/settings/settings.server";
import { legalShopOf } from "~/modules/settings/shop-identity.server";
import type { ShopServices } from "~/services.server";
import type { Route } from "./+types/products";

export const meta: Route.MetaFunction = () => [{ title: "Products | Admin | Satara Ayurveda" }];

const PATH = "/admin/products";

/** The list's ?status= (published, draft or archived); any other value lists every product. */
function statusFilter(params: URLSearchParams): ProductStatus | undefined {
  const status = params.get("status");
  return isProductStatus(status) ? status : undefined;
}

/** The list's URL with its search, page and status filter, plus which dialog is open. */
function listHrefOf(
  query: { search: string | undefined; page: number; status?: ProductStatus },
  extra: Record<string, string> = {},
) {
  return adminListHref(PATH, query, {
    ...(query.status ? { status: query.status } : {}),
    ...extra,
  });
}

/** docs/SPEC.md §2 Products Management: one page of products, and the product a dialog is open for. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.services;
  await requireAdmin(context.services.accounts, request);
  const params = new URL(request.url).searchParams;
  const query = { ...parseAdminListQuery(params), status: statusFilter(params) };
  const editId = uuidOrNull(params.get("edit"));
  const deleteId = uuidOrNull(params.get("delete"));
  const [list, categories, editing, deleting, settings] = await Promise.all([
    listAdminProducts(db, query),
    listCategoryOptions(db),
    editId ? findProductForEdit(db, editId) : null,
    deleteId ? findProductName(db, deleteId) : null,
    getSettings(db),
  ]);
  // What an empty legal field of a product stands for, and what the seller's lack (decision 073).
  const shop = legalShopOf(settings);
  return {
    legalDefaults: { manufacturerName: shop.name, manufacturerAddress: shop.address },
    shopLegalGaps: missingShopLegalDetails(shop),
    query: { search: query.search, page: list.page, status: query.status },
    list,
    categories,
    editing,
    deleting,
    creating: params.has("new"),
  };
}

/** The string fields only: files are handled apart from the schema (and never echoed back). */
function textFields(formData: FormData) {
  const fields = new FormData();
  for (const [key, value] of formData) if (typeof value === "string") fields.append(key, value);
  return fields;
}

async function uploadsOf(formData: FormData): Promise<Upload[]> {
  const files = formData
    .getAll("images")
    .filter((value): value is File => typeof value !== "string" && value.size > 0);
  return Promise.all(
    files.map(async (file) => ({
      name: file.name || "image",
      data: Buffer.from(await file.arrayBuffer()),
    })),
  );
}

const IMAGE_ACTION = /^(primary|up|down|remove):([0-9a-f-]{36})$/i;
const IMAGE_DONE = {
  primary: "Primary image changed",
  up: "Image moved up",
  down: "Image moved down",
  remove: "Image removed",
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context.services.accounts, request);
  const params = new URL(request.url).searchParams;
  const listHref = listHrefOf({ ...parseAdminListQuery(params), status: statusFilter(params) });
  const formData = await readProductForm(request);
  if (!formData) return actionFailure(context.services.signer, UPLOAD_TOO_LARGE);
  return runIntent(context.services.signer, formData.get("intent"), {
    delete: () => removeProduct(context.services, admin.id, formData, listHref),
    "set-status": () => changeStatus(context.services, admin.id, formData, listHref),
    image: () => changeImage(context.services, admin.id, formData),
    create: () => saveProduct(context.services, admin.id, "create", formData, listHref),
    update: () => saveProduct(context.services, admin.id, "update", formData, listHref),
  });
}

const UPLOAD_TOO_LARGE = refusal(
  `Upload at most ${MAX_IMAGES_PER_UPLOAD} images of up to ${MAX_IMAGE_BYTES / 1024 / 1024} MB each`,
);
const PRODUCT_NOT_FOUND = refusal("That product could not be found");

/** The posted form, or null when its uploads are larger than a product form may be. */
async function readProductForm(request: Request) {
  try {
    return await readFormData(request, MAX_PRODUCT_FORM_BYTES);
  } catch (error) {
    if (error instanceof RequestTooLargeError) return null;
    throw formRefusal(error);
  }
}

async function removeProduct(
  services: ShopServices,
  adminId: string,
  formData: FormData,
  listHref: string,
) {
  const id = uuidOrNull(formData.get("id"));
  if (!id) return actionFailure(services.signer, PRODUCT_NOT_FOUND, { intent: "delete" });
  const { outcome } = await deleteProduct(services.db, adminId, id);
  return redirectWithToast(
    services.signer,
    listHref,
    outcome === "deleted"
      ? { type: "success", title: "Product deleted successfully" }
      : { type: "success", title: "Product archived", description: ARCHIVED_INSTEAD },
  );
}

async function changeStatus(
  services: ShopServices,
  adminId: string,
  formData: FormData,
  listHref: string,
) {
  const intent = "set-status";
  const id = uuidOrNull(formData.get("id"));
  const status = formData.get("status");
  if (!id) return actionFailure(services.signer, PRODUCT_NOT_FOUND, { intent });
  if (!isProductStatus(status)) {
    return actionFailure(services.signer, refusal("Choose Published, Draft or Archived"), {
      intent,
    });
  }
  const changed = await setProductStatus(services.db, adminId, id, status);
  return redirectWithToast(services.signer, listHref, {
    type: "success",
    title: STATUS_DONE[status],
    description: `${changed.name} is now ${PRODUCT_STATUS_LABELS[status].toLowerCase()}.`,
  });
}

async function changeImage(services: ShopServices, adminId: string, formData: FormData) {
  const intent = "image";
  const productId = uuidOrNull(formData.get("productId"));
  const match = IMAGE_ACTION.exec(String(formData.get("imageAction") ?? ""));
  if (!productId || !match) {
    return actionFailure(services.signer, refusal("That image could not be found"), { intent });
  }
  const [, kind, imageId] = match as unknown as [string, keyof typeof IMAGE_DONE, string];
  if (kind === "primary") await setPrimaryImage(services.db, adminId, productId, imageId);
  else if (kind === "remove") await removeImage(services.db, adminId, productId, imageId);
  else await moveImage(services.db, adminId, productId, imageId, kind);
  return actionSuccess(
    services.signer,
    { type: "success", title: "Product updated successfully", description: IMAGE_DONE[kind] },
    { intent },
  );
}

async function saveProduct(
  services: ShopServices,
  adminId: string,
  intent: "create" | "update",
  formData: FormData,
  listHref: string,
) {
  const form = { schema: productFormSchema, intent, refusedBy: ProductAdminError };
  return saveEditorForm(services.signer, textFields(formData), form, async (product) => {
    const uploads = await uploadsOf(formData);
    if (intent === "create") {
      await createProduct(services.db, adminId, product, uploads);
      // Newest first: the new product heads the first page of the whole list.
      return redirectWithToast(services.signer, PATH, {
        type: "success",
        title: "Product added successfully",
      });
    }
    const id = uuidOrNull(formData.get("id"));
    if (!id) return actionFailure(services.signer, PRODUCT_NOT_FOUND, { intent });
    await updateProduct(services.db, adminId, id, product, uploads);
    return redirectWithToast(services.signer, listHref, {
      type: "success",
      title: "Product updated successfully",
    });
  });
}

type SizeStock = { label: string; stock: number };

/** Under a product of several sizes, each size's stock (docs/decisions/056). */
function SizeStocks({ sizes }: { sizes: SizeStock[] }) {
  if (sizes.length < 2) return null;
  return (
    <ul className="mt-1 grid text-muted-foreground text-xs" aria-label="Stock per size">
      {sizes.map((size) => (
        <li key={size.label} className="whitespace-nowrap">
          {size.label}: {size.stock}
        </li>
      ))}
    </ul>
  );
}

/** A product in stock with some of its sizes sold out says which. */
function SizesSoldOut({ sizes, total }: { sizes: SizeStock[]; total: number }) {
  const soldOut = sizes.filter((size) => size.stock === 0);
  if (sizes.length < 2 || total === 0 || soldOut.length === 0) return null;
  return (
    <span className="mt-1 block text-destructive text-xs">
      Out of stock: {soldOut.map((size) => size.label).join(", ")}
    </span>
  );
}

type ActionData = {
  ok: boolean;
  intent?: string;
  result?: Parameters<typeof ProductForm>[0]["lastResult"];
};

function DeleteButton({
  product,
  action,
}: {
  product: { id: string; name: string; hasOrders: boolean };
  action: string;
}) {
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  return (
    <Form method="post" action={action} preventScrollReset className="contents">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={product.id} />
      <Button type="submit" variant="destructive" disabled={deleting}>
        {product.hasOrders
          ? deleting
            ? "Archiving..."
            : "Archive"
          : deleting
            ? "Deleting..."
            : "Delete"}
      </Button>
    </Form>
  );
}

const DELETE_TEXT = "This will permanently delete this product. This action cannot be undone.";
const ARCHIVE_TEXT =
  "This product has orders, so it will be archived instead: hidden from the shop, with its reviews and order history kept. You can publish it again at any time.";
const ARCHIVED_INSTEAD =
  "It has orders, so it was archived instead of deleted: hidden from the shop, its reviews and order history kept.";
const STATUS_DONE: Record<ProductStatus, string> = {
  published: "Product published",
  draft: "Product moved to drafts",
  archived: "Product archived",
};

/** Publishes a hidden product, or archives a published one, from its row. */
function StatusToggle({
  product,
  action,
}: {
  product: { id: string; name: string; status: ProductStatus };
  action: string;
}) {
  const next = product.status === "published" ? "archived" : "published";
  const label = next === "published" ? "Publish" : "Archive";
  return (
    <Form method="post" action={action} preventScrollReset>
      <input type="hidden" name="intent" value="set-status" />
      <input type="hidden" name="id" value={product.id} />
      <input type="hidden" name="status" value={next} />
      <Button type="submit" variant="ghost" size="sm">
        {label}
        <span className="sr-only"> {product.name}</span>
      </Button>
    </Form>
  );
}

/** All, Published, Draft or Archived: plain links, so the filter works before JavaScript loads. */
function VisibilityFilter({
  query,
}: {
  query: { search: string | undefined; page: number; status?: ProductStatus };
}) {
  const choices = [
    { label: "All", status: undefined },
    ...PRODUCT_STATUSES.map((status) => ({ label: PRODUCT_STATUS_LABELS[status], status })),
  ];
  return (
    <nav aria-label="Filter by visibility">
      <ul className="flex flex-wrap gap-1">
        {choices.map((choice) => (
          <li key={choice.label}>
            <Link
              to={listHrefOf({ search: query.search, page: 1, status: choice.status })}
              aria-current={choice.status === query.status ? "page" : undefined}
              preventScrollReset
              className={buttonVariants({
                variant: choice.status === query.status ? "secondary" : "ghost",
                size: "sm",
              })}
            >
              {choice.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const STATUS_TONE = { published: "success", draft: "outline", archived: "secondary" } as const;

/** A row's way to the product's page in the shop, while the shop shows it (a hidden one's is a 404). */
function ViewInShop({
  product,
}: {
  product: { name: string; slug: string; status: ProductStatus };
}) {
  const path = storefrontPath(product);
  if (!path) return null;
  return (
    <a
      href={path}
      target="_blank"
      rel="noreferrer"
      className={buttonVariants({ variant: "ghost", size: "sm" })}
    >
      View<span className="sr-only"> {product.name} in the shop</span>
    </a>
  );
}

export default function AdminProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { query, list, categories, editing, deleting, creating, legalDefaults, shopLegalGaps } =
    loaderData;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const listHref = listHrefOf(query);
  const close = () => navigate(listHref, { replace: true, preventScrollReset: true });
  const result = actionData as ActionData | undefined;
  const formOpen = creating || Boolean(editing);
  const formAction = listHrefOf(
    query,
    editing ? { edit: editing.id } : creating ? { new: "1" } : {},
  );
  const title = editing ? "Edit Product" : "Add New Product";
  const form = formOpen ? (
    <ProductForm
      key={editing?.id ?? "new"}
      product={editing ?? undefined}
      categories={categories}
      legalDefaults={legalDefaults}
      lastResult={
        result?.ok === false && (result.intent === "create" || result.intent === "update")
          ? result.result
          : null
      }
      action={formAction}
      cancelHref={listHref}
      onCancel={hydrated ? close : undefined}
    />
  ) : null;
  const first = (list.page - 1) * list.pageSize + 1;
  const last = first + list.items.length - 1;
  return (
    <div className="grid gap-6">
      <AdminPageHeader title="Products" description="Manage your product catalog">
        <Link to={listHrefOf(query, { new: "1" })} preventScrollReset className={buttonVariants()}>
          <Plus aria-hidden="true" /> Add Product
        </Link>
      </AdminPageHeader>
      <EditorPanel
        hydrated={hydrated}
        open={formOpen}
        onClose={close}
        title={title}
        className="max-w-3xl"
        description={
          editing
            ? "Prices are in rupees. Changes to the current images are saved at once; everything else when you press Update Product."
            : "Prices are in rupees. Name, price and stock quantity are required."
        }
      >
        {form}
        {editing ? (
          <p className="mt-4 text-sm">
            <Link
              to={`/admin/products/${editing.id}/lots`}
              className="text-primary underline underline-offset-4"
            >
              Stock lots: receive batches, adjust or write off
            </Link>
          </p>
        ) : null}
      </EditorPanel>
      {!hydrated && deleting ? (
        <ConfirmCard
          id="delete"
          description={deleting.hasOrders ? ARCHIVE_TEXT : DELETE_TEXT}
          cancelHref={listHref}
        >
          <DeleteButton product={deleting} action={listHref} />
        </ConfirmCard>
      ) : null}
      <ShopLegalGaps gaps={shopLegalGaps} />
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
          <Form method="get" action={PATH} role="search" className="flex w-full max-w-md gap-2">
            <label htmlFor="product-search" className="sr-only">
              Search products
            </label>
            <div className="relative flex-1">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                id="product-search"
                type="search"
                name="q"
                defaultValue={query.search ?? ""}
                key={query.search ?? ""}
                placeholder="Search products..."
                className="pl-9"
              />
            </div>
            {query.status ? <input type="hidden" name="status" value={query.status} /> : null}
            <Button type="submit" variant="outline">
              Search
            </Button>
          </Form>
          <VisibilityFilter query={query} />
          <p className="text-muted-foreground text-sm" role="status">
            {list.total === 0
              ? "0 products"
              : `Showing ${first}–${last} of ${formatCount(list.total)} ${list.total === 1 ? "product" : "products"}`}
          </p>
        </CardHeader>
        <AdminTable
          headings={["Name", "Price", "Stock", "Status", "Visibility", "Actions"]}
          rowCount={list.items.length}
          emptyText="No products found"
        >
          {list.items.map((product) => (
            <tr key={product.id} className="border-border border-b last:border-0">
              <th scope="row" className="min-w-56 px-3 py-3 font-normal">
                <span className="flex items-center gap-3">
                  {product.imagePath ? (
                    <ProductImage
                      path={product.imagePath}
                      alt=""
                      sizes="40px"
                      className="size-10 shrink-0 rounded"
                    />
                  ) : (
                    // No picture yet: an empty square keeps the names aligned.
                    <span aria-hidden="true" className="size-10 shrink-0 rounded bg-muted" />
                  )}
                  <span className="grid">
                    <span className="font-medium">{product.name}</span>
                    <span className="text-muted-foreground text-xs">
                      {product.categoryName ?? "No category"}
                      {product.isFeatured ? " · Featured" : ""}
                    </span>
                    <LegalGapsFlag gaps={product.legalGaps} />
                  </span>
                </span>
              </th>
              <td className="px-3 py-3">
                <Price price={product.price} discountPrice={product.discountPrice} />
              </td>
              <td className="px-3 py-3">
                {product.stockQuantity}
                <SizeStocks sizes={product.sizes} />
              </td>
              <td className="px-3 py-3">
                <Badge variant={product.stockQuantity > 0 ? "success" : "destructive"}>
                  {product.stockQuantity > 0 ? "In Stock" : "Out of Stock"}
                </Badge>
                <SizesSoldOut sizes={product.sizes} total={product.stockQuantity} />
              </td>
              <td className="px-3 py-3">
                <Badge variant={STATUS_TONE[product.status]}>
                  {PRODUCT_STATUS_LABELS[product.status]}
                </Badge>
              </td>
              <td className="px-3 py-3">
                <div className="flex items-center gap-1">
                  <ViewInShop product={product} />
                  <LotsLink product={product} />
                  <StatusToggle product={product} action={listHref} />
                  <EditDeleteLinks
                    name={product.name}
                    editHref={listHrefOf(query, { edit: product.id })}
                    deleteHref={listHrefOf(query, { delete: product.id })}
                  />
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      </Card>
      <Pagination
        page={list.page}
        pageCount={list.pageCount}
        hrefFor={(page) => listHrefOf({ ...query, page })}
      />
      {hydrated ? (
        <ConfirmDialog
          open={Boolean(deleting)}
          onOpenChange={(open) => (open ? null : close())}
          description={deleting?.hasOrders ? ARCHIVE_TEXT : DELETE_TEXT}
        >
          {deleting ? <DeleteButton product={deleting} action={listHref} /> : null}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
