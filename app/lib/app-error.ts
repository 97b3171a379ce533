export type AppErrorOptions = {
  /** The HTTP status of the answer; 400 unless the refusal says otherwise. */
  status?: number;
  /** The toast's title; the message is its description. */
  title?: string;
  /** The form field the refusal is about, so the form can show it there too. */
  field?: string;
};

/**
 * A refusal meant for the person who asked: its message is shown to them as it is. Services
 * throw it (or a subclass), routes answer it with `appErrorFailure` (app/lib/action-result.server.ts).
 * Anything else thrown is a fault, logged and answered with the error page.
 */
export class AppError extends Error {
  readonly status: number;
  readonly title: string;
  readonly field: string | undefined;

  constructor(message: string, { status = 400, title = "Error", field }: AppErrorOptions = {}) {
    super(message);
    this.name = new.target.name;
    this.status = status;
    this.title = title;
    this.field = field;
  }
}
