import { describe, expect, it } from "vitest";
import { AppError } from "./app-error";

describe("AppError", () => {
  it("is a 400 'Error' refusal unless told otherwise", () => {
    const error = new AppError("That coupon could not be found");
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      message: "That coupon could not be found",
      status: 400,
      title: "Error",
      field: undefined,
    });
  });

  it("carries the status, title and field it is given, and its class name", () => {
    const error = new AppError("Taken", { status: 409, title: "Update failed", field: "slug" });
    expect(error).toMatchObject({ status: 409, title: "Update failed", field: "slug" });
    expect(error.name).toBe("AppError");
  });
});
