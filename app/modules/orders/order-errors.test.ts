import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/app-error";
import { OrderAdminError, OrderError, OrderNotFoundError } from "./order-errors";

describe("order refusals", () => {
  it("keep the statuses and titles they are answered with", () => {
    expect(new OrderError("Out of stock")).toMatchObject({ status: 409, title: "Order failed" });
    expect(new OrderError("Too many", 429).status).toBe(429);
    expect(new OrderNotFoundError("Order not found").status).toBe(404);
    expect(new OrderAdminError("Already shipped")).toMatchObject({ status: 409, title: "Error" });
    expect(new OrderAdminError("This order no longer exists", 404).status).toBe(404);
  });

  it("are refusals the routes answer, named by their class", () => {
    const error = new OrderAdminError("Already shipped");
    expect(error).toBeInstanceOf(AppError);
    expect(error.name).toBe("OrderAdminError");
  });
});
