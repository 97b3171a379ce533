import { describe, expect, it } from "vitest";
import { categoryFormSchema } from "./category";

const messages = (input: Record<string, unknown>) =>
  categoryFormSchema.safeParse(input).error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];

describe("admin category form", () => {
  it("makes the slug from the name and defaults the rest", () => {
    expect(categoryFormSchema.parse({ name: " Women's  Health " })).toEqual({
      name: "Women's Health",
      slug: "womens-health",
      description: "",
      sortOrder: 0,
    });
  });

  it("cleans a typed slug and keeps description and sort order", () => {
    expect(
      categoryFormSchema.parse({
        name: "Hair Care",
        slug: "Hair & Scalp",
        description: " Oils and tablets ",
        sortOrder: "12",
      }),
    ).toEqual({
      name: "Hair Care",
      slug: "hair-scalp",
      description: "Oils and tablets",
      sortOrder: 12,
    });
  });

  it("stores the name trimmed, each run of spaces inside it one space", () => {
    expect(categoryFormSchema.parse({ name: " Joint   Care " })).toMatchObject({
      name: "Joint Care",
      slug: "joint-care",
    });
  });

  it("requires a name of 2 to 100 characters", () => {
    expect(messages({})).toEqual([["name", "Category name is required"]]);
    expect(messages({ name: " " })).toEqual([["name", "Category name is required"]]);
    expect(messages({ name: "A" })).toEqual([
      ["name", "Category name must be at least 2 characters"],
    ]);
    expect(messages({ name: "x".repeat(101) })).toEqual([
      ["name", "Category name must be at most 100 characters"],
    ]);
  });

  it("takes a sort order from 0 to 9999", () => {
    expect(categoryFormSchema.parse({ name: "Hair", sortOrder: "9999" }).sortOrder).toBe(9999);
    for (const bad of ["-1", "1.5", "abc", "10000"]) {
      expect(messages({ name: "Hair", sortOrder: bad })).toEqual([
        ["sortOrder", "Sort order must be a whole number from 0 to 9999"],
      ]);
    }
  });

  it("refuses a slug with nothing URL-safe, and long descriptions", () => {
    expect(messages({ name: "केश" })).toEqual([
      ["slug", "Slug must contain letters or digits (a-z, 0-9)"],
    ]);
    expect(messages({ name: "Hair", description: "x".repeat(501) })).toEqual([
      ["description", "Description must be at most 500 characters"],
    ]);
  });
});
