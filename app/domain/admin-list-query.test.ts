import { describe, expect, it } from "vitest";
import { adminListHref, hrefWith, listHref, parseAdminListQuery } from "./admin-list-query";

const parse = (text: string) => parseAdminListQuery(new URLSearchParams(text));

describe("back-office list query", () => {
  it("reads the trimmed search and the page", () => {
    expect(parse("q=%20Tulsi%20&page=3")).toEqual({ search: "Tulsi", page: 3 });
    expect(parse("")).toEqual({ search: undefined, page: 1 });
    expect(parse("q=%20%20")).toEqual({ search: undefined, page: 1 });
  });

  it("falls back to page 1 for anything that is not a page number", () => {
    for (const page of ["0", "-2", "2.5", "abc", "999999999"]) {
      expect(parse(`page=${page}`).page).toBe(1);
    }
  });

  it("drops control characters (a NUL byte would fail in the database)", () => {
    expect(parseAdminListQuery(new URLSearchParams("q=tul%00si%07")).search).toBe("tulsi");
  });

  it("cuts very long searches to 100 characters", () => {
    expect(parse(`q=${"a".repeat(500)}`).search).toHaveLength(100);
  });

  it("builds links that keep the search and page, and leave out defaults", () => {
    expect(adminListHref("/admin/products", { search: undefined, page: 1 })).toBe(
      "/admin/products",
    );
    expect(adminListHref("/admin/products", { search: "amla & tulsi", page: 2 })).toBe(
      "/admin/products?q=amla+%26+tulsi&page=2",
    );
    expect(adminListHref("/admin/products", { page: 2 }, { edit: "abc" })).toBe(
      "/admin/products?page=2&edit=abc",
    );
  });

  it("leaves empty values and the first page out of a list's URL", () => {
    expect(listHref("/admin/reviews", { status: "", page: 1, delete: undefined })).toBe(
      "/admin/reviews",
    );
    expect(listHref("/admin/reviews", { status: "pending", page: 3 })).toBe(
      "/admin/reviews?status=pending&page=3",
    );
  });

  it("changes some parameters of the current query string and keeps the others", () => {
    expect(hrefWith("?q=asha&page=2&customer=abc", { customer: undefined })).toBe("?q=asha&page=2");
    expect(hrefWith("?q=asha&customer=abc", { page: 3, customer: undefined })).toBe(
      "?q=asha&page=3",
    );
    expect(hrefWith("?page=4", { page: 1 })).toBe("?");
    expect(hrefWith("", { delete: "abc" })).toBe("?delete=abc");
  });
});
