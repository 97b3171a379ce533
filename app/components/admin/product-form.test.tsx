// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ProductForm, type ProductFormProduct } from "./product-form";

const categories = [
  { id: "0b0c8f7e-5a44-4f0e-9a55-2d9f1f6f2a01", name: "Churna" },
  { id: "0b0c8f7e-5a44-4f0e-9a55-2d9f1f6f2a02", name: "Tablets" },
];

const saved: ProductFormProduct = {
  id: "5d1c1f1e-7b6a-4c1d-8e1f-0a2b3c4d5e6f",
  name: "Triphala Churna",
  slug: "triphala-churna",
  description: "A classic blend of three fruits.",
  detailedDescription: "",
  categoryId: categories[0]!.id,
  price: 24_900,
  discountPrice: 19_900,
  stockQuantity: 40,
  ingredients: "Amalaki, Bibhitaki, Haritaki",
  benefits: "Digestion",
  dosageInstructions: "",
  ayurvedicProperties: "",
  certifications: ["GMP Certified", "Organic"],
  isFeatured: true,
  status: "published",
  hsnCode: "3004",
  gstRate: 12,
  manufacturerName: null,
  manufacturerAddress: null,
  countryOfOrigin: null,
  medicalSupervision: false,
  images: [],
};

const legalDefaults = {
  manufacturerName: "Satara Ayurveda",
  manufacturerAddress: "12 Powai Naka, Satara, Maharashtra 415003",
};

function ProductFormPage() {
  const { product } = useLoaderData<{ product?: ProductFormProduct }>();
  return (
    <ProductForm
      product={product}
      categories={categories}
      legalDefaults={legalDefaults}
      action="/admin/products"
      cancelHref="/admin/products"
    />
  );
}

/** Renders the form on a stub route whose action records what the browser posted. */
async function renderForm(product?: ProductFormProduct) {
  const posted: FormData[] = [];
  const Stub = createRoutesStub([
    {
      path: "/admin/products",
      Component: ProductFormPage,
      loader: () => ({ product }),
      action: async ({ request }) => {
        posted.push(await request.formData());
        return { ok: true };
      },
    },
  ]);
  render(<Stub initialEntries={["/admin/products"]} />);
  await screen.findByRole("group", { name: "Basics" });
  return { posted, user: userEvent.setup() };
}

afterEach(cleanup);

describe("product form in the browser", () => {
  it("shows each problem under its field and posts nothing when required fields are empty", async () => {
    const { posted, user } = await renderForm();
    await user.click(screen.getByRole("button", { name: "Add Product" }));
    const name = screen.getByLabelText("Product Name");
    await waitFor(() => expect(name.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByLabelText("Price (₹)").getAttribute("aria-invalid")).toBe("true");
    // The message is tied to its field, so a screen reader reads it with the field.
    const described = name.getAttribute("aria-describedby") ?? "";
    const messages = described
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" ");
    expect(messages).not.toBe("");
    expect(posted).toHaveLength(0);
  });

  it("posts a new product with rupees as typed and the create intent", async () => {
    const { posted, user } = await renderForm();
    await user.type(screen.getByLabelText("Product Name"), "Ashwagandha Churna");
    await user.type(screen.getByLabelText("Description"), "Root powder for strength.");
    await user.selectOptions(screen.getByLabelText("Category"), "Tablets");
    await user.type(screen.getByLabelText("Price (₹)"), "349.50");
    await user.type(screen.getByLabelText("Stock Quantity"), "25");
    await user.type(screen.getByLabelText("Ingredients"), "Ashwagandha");
    await user.type(screen.getByLabelText("Benefits"), "Strength");
    await user.type(screen.getByLabelText("Dosage Instructions"), "3 g twice a day");
    await user.type(screen.getByLabelText("Ayurvedic Properties"), "Balya");
    await user.click(screen.getByRole("button", { name: "Add Product" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    const form = posted[0]!;
    expect(form.get("intent")).toBe("create");
    expect(form.get("name")).toBe("Ashwagandha Churna");
    expect(form.get("price")).toBe("349.50");
    expect(form.get("categoryId")).toBe(categories[1]!.id);
    expect(form.get("hsnCode")).toBe("3004");
    expect(form.get("gstRate")).toBe("5");
    expect(form.get("status")).toBe("published");
    expect(form.get("id")).toBeNull();
    // The legal details are left to their defaults, shown as placeholders (docs/decisions/073).
    for (const field of [
      "netQuantity",
      "countryOfOrigin",
      "manufacturerName",
      "manufacturerAddress",
    ]) {
      expect(form.get(field) ?? "", field).toBe("");
    }
    expect(form.get("medicalSupervision")).toBeNull();
    expect(screen.getByLabelText("Country of origin").getAttribute("placeholder")).toBe("India");
    expect(screen.getByLabelText("Manufacturer's address").getAttribute("placeholder")).toBe(
      legalDefaults.manufacturerAddress,
    );
  });

  it("refuses a discount price that is not below the price before anything is posted", async () => {
    const { posted, user } = await renderForm(saved);
    const discount = screen.getByLabelText("Discount Price (₹)");
    await user.clear(discount);
    await user.type(discount, "300");
    await user.click(screen.getByRole("button", { name: "Update Product" }));
    await waitFor(() => expect(discount.getAttribute("aria-invalid")).toBe("true"));
    expect(posted).toHaveLength(0);
  });

  it("opens a saved product with its values in rupees and posts the update intent with its id", async () => {
    const { posted, user } = await renderForm(saved);
    expect(screen.getByLabelText<HTMLInputElement>("Price (₹)").value).toBe("249.00");
    expect(screen.getByLabelText<HTMLInputElement>("Discount Price (₹)").value).toBe("199.00");
    expect(screen.getByLabelText<HTMLSelectElement>("GST Rate (%)").value).toBe("12");
    expect(screen.getByLabelText<HTMLTextAreaElement>("Certifications").value).toBe(
      "GMP Certified\nOrganic",
    );
    await user.click(screen.getByRole("button", { name: "Update Product" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.get("intent")).toBe("update");
    expect(posted[0]!.get("id")).toBe(saved.id);
    expect(posted[0]!.get("isFeatured")).toBe("on");
  });

  it("refuses a picture over 5 MB in the browser and does not send the form", async () => {
    const { posted, user } = await renderForm(saved);
    const large = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "huge.jpg", {
      type: "image/jpeg",
    });
    await user.upload(screen.getByLabelText("Add Images"), large);
    expect(await screen.findByText("huge.jpg is larger than 5 MB")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Update Product" }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(posted).toHaveLength(0);
  });
});
