/**
 * What the shop itself writes to its console: its log's lines (pino's JSON, or their readable
 * form on a terminal) and the plain lines it prints at start (`server.ts`, the administrator
 * created on a first start in `app/modules/accounts/administrators.server.ts`). Any other line
 * `npm start` prints is a tool's or a dependency's: a warning, a deprecation, a report.
 */
const PLAIN_LINES = [
  /^Satara Ayurveda shop is running at https?:\/\/\S+$/,
  /^An administrator account was created for this shop:$/,
  /^ {2}sign in at https?:\/\/\S+\/admin\/login$/,
  /^ {2}e-mail: {3}\S+@\S+$/,
  /^ {2}password: \S+$/,
  /^This password is shown once\. Change it, or set ADMIN_EMAIL and ADMIN_PASSWORD\.$/,
];

/** A line of the log as JSON (when the output is not a terminal). */
export type LogLine = { level: number; time: number; msg: string; [key: string]: unknown };

export function logLineOf(line: string): LogLine | null {
  if (!line.startsWith("{")) return null;
  try {
    const value = JSON.parse(line) as Partial<LogLine>;
    return typeof value.level === "number" &&
      typeof value.time === "number" &&
      typeof value.msg === "string"
      ? (value as LogLine)
      : null;
  } catch {
    return null;
  }
}

export function isShopLine(line: string) {
  return logLineOf(line) !== null || PLAIN_LINES.some((pattern) => pattern.test(line));
}

/** The lines of `output` that are not the shop's own; blank lines count too. */
export function foreignLines(output: string) {
  const lines = output.split(/\r?\n/);
  if (lines.at(-1) === "") lines.pop();
  return lines.filter((line) => !isShopLine(line));
}

/** `npm start` without `--silent` first echoes the script it runs ("> name start", "> command"). */
export function withoutRunHeader(output: string) {
  return output.replace(/^(?:\r?\n|> [^\n]*\n)*/, "");
}
