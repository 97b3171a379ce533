// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";

function Probe() {
  const [tab, setTab] = useState("one");
  return (
    <Tabs value={tab} onValueChange={setTab}>
      <TabsList aria-label="Sections">
        <TabsTrigger value="one">One</TabsTrigger>
        <TabsTrigger value="two">Two</TabsTrigger>
        <TabsTrigger value="three">Three</TabsTrigger>
      </TabsList>
      <TabsContent value="one">First panel</TabsContent>
      <TabsContent value="two">Second panel</TabsContent>
      <TabsContent value="three">Third panel</TabsContent>
    </Tabs>
  );
}

afterEach(cleanup);

describe("Tabs", () => {
  it("marks the selected tab, links it to its panel and leaves one Tab stop", () => {
    render(<Probe />);
    const one = screen.getByRole("tab", { name: "One" });
    expect(screen.getByRole("tablist", { name: "Sections" })).toBeTruthy();
    expect(one.getAttribute("aria-selected")).toBe("true");
    expect(one.tabIndex).toBe(0);
    expect(screen.getByRole("tab", { name: "Two" }).tabIndex).toBe(-1);
    const panel = screen.getByRole("tabpanel", { name: "One" });
    expect(panel.id).toBe(one.getAttribute("aria-controls"));
    expect(panel.textContent).toBe("First panel");
    expect(screen.queryByText("Second panel")).toBeNull();
  });

  it("moves focus and selection with the arrow keys, wrapping, and with Home and End", async () => {
    const user = userEvent.setup();
    render(<Probe />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "One" }));
    await user.keyboard("{ArrowRight}");
    const two = screen.getByRole("tab", { name: "Two" });
    expect(document.activeElement).toBe(two);
    expect(two.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel", { name: "Two" }).textContent).toBe("Second panel");
    await user.keyboard("{End}");
    expect(screen.getByRole("tab", { name: "Three" }).getAttribute("aria-selected")).toBe("true");
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "One" }).getAttribute("aria-selected")).toBe("true");
    await user.keyboard("{ArrowLeft}");
    expect(screen.getByRole("tab", { name: "Three" }).getAttribute("aria-selected")).toBe("true");
    await user.keyboard("{Home}");
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "One" }));
  });

  it("selects a tab on a click", async () => {
    const user = userEvent.setup();
    render(<Probe />);
    await user.click(screen.getByRole("tab", { name: "Three" }));
    expect(screen.getByRole("tab", { name: "Three" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel", { name: "Three" }).textContent).toBe("Third panel");
  });
});
