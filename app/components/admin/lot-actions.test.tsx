// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LotActions, type LotFormState } from "./lot-actions";

const lotId = "7f1c1f1e-7b6a-4c1d-8e1f-0a2b3c4d5e6f";

type Props = { quantityLeft: number; adjust?: LotFormState; writeOff?: LotFormState };

function LotActionsPage() {
  return <LotActions lotId={lotId} name="Batch B-12" {...useLoaderData<Props>()} />;
}

/** Renders a lot's actions on a stub route whose action records what the browser posted. */
async function renderActions(props: Props, posted: FormData[] = []) {
  const Stub = createRoutesStub([
    {
      path: "/admin/products/:productId/lots",
      Component: LotActionsPage,
      loader: () => props,
      action: async ({ request }) => {
        posted.push(await request.formData());
        return null;
      },
    },
  ]);
  const rendered = render(<Stub initialEntries={[`/admin/products/${lotId}/lots`]} />);
  await screen.findByText("Adjust or write off");
  return rendered;
}

afterEach(cleanup);

describe("a lot's Adjust and Write off forms", () => {
  it("start folded: the count at what is left, the write-off empty, each with a reason", async () => {
    const { container } = await renderActions({ quantityLeft: 7 });
    expect(container.querySelector("details")?.open).toBe(false);
    const adjust = screen.getByRole("form", { name: "Adjust Batch B-12", hidden: true });
    expect(within(adjust).getByLabelText("Counted quantity")).toHaveProperty("value", "7");
    expect(within(adjust).getByLabelText("Counted quantity").id).toBe(`adjust-${lotId}-counted`);
    expect(within(adjust).getByLabelText("Reason").id).toBe(`adjust-${lotId}-reason`);
    const writeOff = screen.getByRole("form", { name: "Write off Batch B-12", hidden: true });
    expect(within(writeOff).getByLabelText("Quantity to write off")).toHaveProperty("value", "");
    expect(within(writeOff).getByLabelText("Quantity to write off").id).toBe(
      `write-off-${lotId}-quantity`,
    );
    expect(within(writeOff).getByLabelText("Reason").id).toBe(`write-off-${lotId}-reason`);
  });

  it("offers no write-off of a lot with nothing left", async () => {
    await renderActions({ quantityLeft: 0 });
    expect(screen.getByRole("form", { name: "Adjust Batch B-12", hidden: true })).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Write off Batch B-12", hidden: true })).toBeNull();
  });

  it("opens on a refused form, with its messages and the values sent", async () => {
    const { container } = await renderActions({
      quantityLeft: 7,
      writeOff: {
        errors: { form: ["That lot has changed"], quantity: ["At most 7"] },
        values: { quantity: "9", reason: "Broken seal" },
      },
    });
    expect(container.querySelector("details")?.open).toBe(true);
    const writeOff = screen.getByRole("form", { name: "Write off Batch B-12" });
    expect(within(writeOff).getByRole("alert").textContent).toBe("That lot has changed");
    const quantity = within(writeOff).getByLabelText("Quantity to write off");
    expect(quantity).toHaveProperty("value", "9");
    expect(quantity.getAttribute("aria-invalid")).toBe("true");
    expect(quantity.getAttribute("aria-describedby")).toBe(`write-off-${lotId}-quantity-error`);
    expect(within(writeOff).getByLabelText("Reason")).toHaveProperty("value", "Broken seal");
    const adjust = screen.getByRole("form", { name: "Adjust Batch B-12" });
    expect(within(adjust).queryByRole("alert")).toBeNull();
    expect(within(adjust).getByLabelText("Counted quantity")).toHaveProperty("value", "7");
  });

  it("posts the lot, the intent and the fields of the form used", async () => {
    const posted: FormData[] = [];
    await renderActions({ quantityLeft: 7 }, posted);
    const user = userEvent.setup();
    await user.click(screen.getByText("Adjust or write off"));
    const adjust = screen.getByRole("form", { name: "Adjust Batch B-12" });
    await user.clear(within(adjust).getByLabelText("Counted quantity"));
    await user.type(within(adjust).getByLabelText("Counted quantity"), "5");
    await user.type(within(adjust).getByLabelText("Reason"), "Stock count");
    await user.click(within(adjust).getByRole("button", { name: "Adjust" }));
    const writeOff = screen.getByRole("form", { name: "Write off Batch B-12" });
    await user.type(within(writeOff).getByLabelText("Quantity to write off"), "2");
    await user.type(within(writeOff).getByLabelText("Reason"), "Damaged");
    await user.click(within(writeOff).getByRole("button", { name: "Write off" }));
    // A write-off cannot be undone: it is asked first, and posted only once answered.
    const question = await screen.findByRole("alertdialog", {
      name: "Write off 2 units of Batch B-12?",
    });
    expect(posted).toHaveLength(1);
    await user.click(within(question).getByRole("button", { name: "Write off" }));
    await vi.waitFor(() => expect(posted).toHaveLength(2));
    expect(posted.map((form) => Object.fromEntries(form))).toEqual([
      { lotId, counted: "5", reason: "Stock count", intent: "adjust" },
      { lotId, quantity: "2", reason: "Damaged", intent: "write-off", confirmed: "yes" },
    ]);
  });

  it("a write-off answered Cancel posts nothing", async () => {
    const posted: FormData[] = [];
    await renderActions({ quantityLeft: 7 }, posted);
    const user = userEvent.setup();
    await user.click(screen.getByText("Adjust or write off"));
    const writeOff = screen.getByRole("form", { name: "Write off Batch B-12" });
    await user.type(within(writeOff).getByLabelText("Quantity to write off"), "1");
    await user.type(within(writeOff).getByLabelText("Reason"), "Damaged");
    await user.click(within(writeOff).getByRole("button", { name: "Write off" }));
    const question = await screen.findByRole("alertdialog", {
      name: "Write off 1 unit of Batch B-12?",
    });
    await user.click(within(question).getByRole("button", { name: "Cancel" }));
    await vi.waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(posted).toHaveLength(0);
  });

  it("a write-off sent without JavaScript comes back as its question on the page", async () => {
    await renderActions({
      quantityLeft: 7,
      writeOff: { errors: {}, values: { quantity: "3", reason: "Spilled" }, confirm: true },
    });
    const question = screen.getByRole("alertdialog", { name: "Write off 3 units of Batch B-12?" });
    expect(question.textContent).toContain("Reason: Spilled.");
    expect(within(question).getByRole("link", { name: "Cancel" })).toBeTruthy();
    const go = within(question).getByRole("button", { name: "Write off" });
    expect(go.getAttribute("name")).toBe("confirmed");
    expect(go.getAttribute("value")).toBe("yes");
  });
});
