/**
 * How request bodies are read, and the one place their size is limited (docs/decisions/014):
 * every body the shop reads comes through here, with the limit its reader allows.
 */

/** The most a request body may be, unless its reader allows more (the product form's pictures). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The request body was larger than its reader allows. */
export class RequestTooLargeError extends Error {}

/** The request body is not a form the browser would send (JSON, text, a broken multipart body). */
export class NotAFormError extends Error {}

const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

const TEXT_HEADERS = { "Content-Type": "text/plain; charset=utf-8" };

/**
 * The request with its body limited to `maxBytes`: refused up front (RequestTooLargeError) when
 * Content-Length says more, and cut off while it is read when a body without one (chunked) runs
 * past the limit, so a body is never buffered beyond `maxBytes`. `tooLarge` tells afterwards
 * whether reading stopped for that reason.
 */
function limitBody(request: Request, maxBytes: number) {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw new RequestTooLargeError();
  let seen = 0;
  const tooLarge = () => seen > maxBytes;
  if (!request.body) return { limited: request, tooLarge };
  const body = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) controller.error(new RequestTooLargeError());
        else controller.enqueue(chunk);
      },
    }),
  );
  const limited = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    duplex: "half",
  } as RequestInit);
  return { limited, tooLarge };
}

/**
 * request.formData() with a size limit (see limitBody). A body that is not a form throws
 * NotAFormError; one past `maxBytes` throws RequestTooLargeError.
 */
export async function readFormData(request: Request, maxBytes: number): Promise<FormData> {
  if (!FORM_TYPES.test(request.headers.get("content-type") ?? "")) throw new NotAFormError();
  const { limited, tooLarge } = limitBody(request, maxBytes);
  try {
    return await limited.formData();
  } catch {
    throw tooLarge() ? new RequestTooLargeError() : new NotAFormError();
  }
}

function tooLargeAnswer(message: string) {
  return new Response(message, { status: 413, headers: TEXT_HEADERS });
}

/** The answer to a body that could not be read as a form: 413 when too large, else 400. */
export function formRefusal(error: unknown): Response {
  if (error instanceof RequestTooLargeError)
    return tooLargeAnswer("This form is too large to send.");
  if (error instanceof NotAFormError) {
    return new Response("This request could not be read as a form. Please reload the page.", {
      status: 400,
      headers: TEXT_HEADERS,
    });
  }
  throw error;
}

/**
 * How every action reads its form: a body that is not a form, or is too large, ends the request
 * with a 400 or 413 answer (thrown), so no action ever fails with a 500 on a malformed body.
 */
export async function readForm(request: Request, maxBytes = MAX_BODY_BYTES): Promise<FormData> {
  try {
    return await readFormData(request, maxBytes);
  } catch (error) {
    throw formRefusal(error);
  }
}

/** The body as text, for a caller that checks it byte for byte (a signed webhook); 413 past the limit. */
export async function readText(request: Request, maxBytes = MAX_BODY_BYTES): Promise<string> {
  try {
    const { limited, tooLarge } = limitBody(request, maxBytes);
    return await limited.text().catch((error: unknown) => {
      throw tooLarge() ? new RequestTooLargeError() : error;
    });
  } catch (error) {
    if (error instanceof RequestTooLargeError) throw tooLargeAnswer("This request is too large.");
    throw error;
  }
}
