import { describe, expect, it } from "vitest";
import { composeMail, escapeHtml } from "./mail-layout";

const order = {
  shopName: "Satara Ayurveda",
  title: "Thank you for your order",
  paragraphs: [
    "Namaste Meera,",
    ["Shipping to:", "Meera Jadhav", "12 Shivaji Nagar", "Satara, Maharashtra 415003"],
  ],
  table: [
    { label: "2 x Triphala Churna", value: "₹398.00" },
    { label: "Total", value: "₹448.00", strong: true },
  ],
  button: { label: "View your orders", url: "https://shop.example/profile?tab=orders" },
  footnotes: ["Questions? Reply to this e-mail."],
};

describe("composeMail", () => {
  it("writes the plain text in reading order: paragraphs, rows, the link, notes, the shop", () => {
    expect(composeMail(order).text).toBe(
      [
        "Namaste Meera,",
        "",
        "Shipping to:",
        "Meera Jadhav",
        "12 Shivaji Nagar",
        "Satara, Maharashtra 415003",
        "",
        "2 x Triphala Churna: ₹398.00",
        "Total: ₹448.00",
        "",
        "View your orders:",
        "https://shop.example/profile?tab=orders",
        "",
        "Questions? Reply to this e-mail.",
        "",
        "Satara Ayurveda",
        "",
      ].join("\n"),
    );
  });

  it("lays the same content out as HTML with inline styles", () => {
    const { html } = composeMail(order);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain("<title>Thank you for your order</title>");
    expect(html).toMatch(/<h1 style="[^"]+">Thank you for your order<\/h1>/);
    expect(html).toContain("Shipping to:<br>Meera Jadhav<br>12 Shivaji Nagar");
    expect(html).toMatch(
      /<td style="[^"]+">2 x Triphala Churna<\/td><td style="[^"]+">₹398\.00<\/td>/,
    );
    expect(html).toMatch(/<td style="[^"]*font-weight:bold;[^"]*">Total<\/td>/);
    expect(html).toMatch(
      /<a href="https:\/\/shop\.example\/profile\?tab=orders" style="[^"]+">View your orders<\/a>/,
    );
    // Mail clients drop <style> blocks; every rule is inline.
    expect(html).not.toContain("<style");
    expect(html).not.toContain("class=");
  });

  it("escapes every text it is given", () => {
    const { html, text } = composeMail({
      shopName: 'Tom & Jerry\'s "Herbs"',
      title: "<script>alert(1)</script>",
      paragraphs: ["Namaste <b>Asha</b>,", ["a < b", "c > d"]],
      table: [{ label: "1 x <img src=x onerror=alert(1)>", value: "₹1 & more" }],
      button: { label: "Open <here>", url: 'https://shop.example/?a=1&b="2"' },
    });
    expect(html).not.toMatch(/<script|<b>|<img/);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("Namaste &lt;b&gt;Asha&lt;/b&gt;,");
    expect(html).toContain("a &lt; b<br>c &gt; d");
    expect(html).toContain("1 x &lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("₹1 &amp; more");
    expect(html).toContain('href="https://shop.example/?a=1&amp;b=&quot;2&quot;"');
    expect(html).toContain("Open &lt;here&gt;");
    expect(html).toContain("Tom &amp; Jerry&#39;s &quot;Herbs&quot;");
    // The text part is not HTML: it stays as written.
    expect(text).toContain("Namaste <b>Asha</b>,");
  });

  it("leaves out the table and the button when there are none", () => {
    const { html, text } = composeMail({
      shopName: "Satara Ayurveda",
      title: "Hello",
      paragraphs: ["Just a note."],
      table: [],
    });
    expect(html).not.toContain("<a ");
    expect(html.match(/<table/g)).toHaveLength(2); // the page and the card only
    expect(text).toBe("Just a note.\n\nSatara Ayurveda\n");
  });

  it("refuses a button that does not link to a web address", () => {
    expect(() =>
      composeMail({
        shopName: "Satara Ayurveda",
        title: "Hello",
        paragraphs: [],
        button: { label: "Click", url: "javascript:alert(1)" },
      }),
    ).toThrow(/http/);
  });
});

describe("escapeHtml", () => {
  it("escapes the five characters that matter in text and attributes", () => {
    expect(escapeHtml(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;",
    );
  });
});
