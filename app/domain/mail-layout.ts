/**
 * The shop's e-mail layout: one message, written once, as an HTML part in the shop's colours and
 * as the plain text every mail client can show. Everything given is text; the HTML escapes it.
 */

/** A paragraph; several lines keep their line breaks (an address). */
export type MailParagraph = string | readonly string[];

export type MailRow = { label: string; value: string; strong?: boolean };

export type MailContent = {
  shopName: string;
  /** The heading of the HTML part. */
  title: string;
  paragraphs: readonly MailParagraph[];
  /** Two columns: what and how much (order lines, totals, a tracking ID). */
  table?: readonly MailRow[];
  /** The one thing to do next; plain text shows the address on a line of its own. */
  button?: { label: string; url: string };
  /** Paragraphs after the button, in smaller print. */
  footnotes?: readonly MailParagraph[];
};

const COLORS = {
  brand: "#1f5b3a",
  text: "#1f2a24",
  muted: "#5b6b62",
  line: "#dfe6e1",
  page: "#f4f1ea",
  card: "#ffffff",
} as const;

const FONT = "font-family:Georgia,'Times New Roman',serif";
const SANS = "font-family:-apple-system,'Segoe UI',Roboto,Arial,sans-serif";

export function escapeHtml(text: string) {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

const linesOf = (paragraph: MailParagraph) =>
  typeof paragraph === "string" ? [paragraph] : paragraph;

function htmlParagraph(paragraph: MailParagraph, style: string) {
  return `<p style="margin:0 0 16px;${style}">${linesOf(paragraph).map(escapeHtml).join("<br>")}</p>`;
}

function htmlTable(rows: readonly MailRow[]) {
  const cells = rows
    .map(({ label, value, strong }) => {
      const weight = strong ? "font-weight:bold;" : "";
      const border = `border-top:1px solid ${COLORS.line};`;
      return (
        `<tr><td style="padding:8px 0;${border}${weight}">${escapeHtml(label)}</td>` +
        `<td style="padding:8px 0 8px 16px;${border}${weight}text-align:right;white-space:nowrap">${escapeHtml(value)}</td></tr>`
      );
    })
    .join("");
  // A data table (screen readers read its rows), unlike the layout tables around it.
  return `<table width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px;${SANS};font-size:15px;color:${COLORS.text}">${cells}</table>`;
}

function htmlButton(button: { label: string; url: string }) {
  return (
    `<p style="margin:8px 0 24px"><a href="${escapeHtml(button.url)}" ` +
    `style="display:inline-block;background:${COLORS.brand};color:#ffffff;text-decoration:none;` +
    `padding:12px 22px;border-radius:6px;${SANS};font-size:15px;font-weight:bold">${escapeHtml(button.label)}</a></p>`
  );
}

function assertWebAddress(url: string) {
  if (!/^https?:\/\//i.test(url)) throw new Error("A mail button must link to an http(s) address");
}

export function composeMail(content: MailContent): { html: string; text: string } {
  if (content.button) assertWebAddress(content.button.url);
  const body = `${SANS};font-size:15px;line-height:1.5;color:${COLORS.text}`;
  const small = `${SANS};font-size:13px;line-height:1.5;color:${COLORS.muted}`;
  const html = [
    "<!doctype html>",
    '<html lang="en-IN"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(content.title)}</title></head>`,
    `<body style="margin:0;padding:0;background:${COLORS.page}">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLORS.page}"><tr><td align="center" style="padding:24px 12px">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:${COLORS.card};border-radius:8px;border:1px solid ${COLORS.line}">`,
    `<tr><td style="background:${COLORS.brand};border-radius:8px 8px 0 0;padding:18px 28px;${FONT};font-size:20px;color:#ffffff">${escapeHtml(content.shopName)}</td></tr>`,
    `<tr><td style="padding:28px">`,
    `<h1 style="margin:0 0 20px;${FONT};font-size:24px;font-weight:normal;color:${COLORS.brand}">${escapeHtml(content.title)}</h1>`,
    ...content.paragraphs.map((p) => htmlParagraph(p, body)),
    content.table?.length ? htmlTable(content.table) : "",
    content.button ? htmlButton(content.button) : "",
    ...(content.footnotes ?? []).map((p) => htmlParagraph(p, small)),
    "</td></tr>",
    `<tr><td style="padding:16px 28px;border-top:1px solid ${COLORS.line};${small}">${escapeHtml(content.shopName)}</td></tr>`,
    "</table></td></tr></table></body></html>",
  ].join("\n");

  const text = [
    ...content.paragraphs.map((p) => linesOf(p).join("\n")),
    ...(content.table?.length
      ? [content.table.map((row) => `${row.label}: ${row.value}`).join("\n")]
      : []),
    ...(content.button ? [`${content.button.label}:\n${content.button.url}`] : []),
    ...(content.footnotes ?? []).map((p) => linesOf(p).join("\n")),
    content.shopName,
  ].join("\n\n");

  return { html, text: `${text}\n` };
}
