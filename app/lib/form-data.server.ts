/** The most a form without files may post; product uploads pass their own limit. */
export const MAX_FORM_BYTES = 1024 * 1024;

/** The request body was larger than the form allows. */
export class RequestTooLargeError extends Error {}

/** The request body is not a form the browser would send (JSON, text, a broken multipart body). */
export class NotAFormError extends Error {}

const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * request.formData() with a size limit: refused up front when Content-Length says too much, and
 * cut off while reading when a body without one (chunked) runs past the limit, so an upload is
 * never buffered beyond `maxBytes`. A body that is not a form throws NotAFormError.
 */
export async function readFormData(request: Request, maxBytes: number): Promise<FormData> {
  if (!FORM_TYPES.test(request.headers.get("content-type") ?? "")) throw new NotAFormError();
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw new RequestTooLargeError();
  if (!request.body) return parse(request);
  let seen = 0;
  const limited = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) controller.error(new RequestTooLargeError());
        else controller.enqueue(chunk);
      },
    }),
  );
  const copy = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: limited,
    duplex: "half",
  } as RequestInit);
  return parse(copy).catch((error) => {
    throw seen > maxBytes ? new RequestTooLargeError() : error;
  });
}

async function parse(request: Request) {
  try {
    return await request.formData();
  } catch {
    throw new NotAFormError();
  }
}

/** The answer to a body that could not be read as a form: 413 when too large, else 400. */
export function formRefusal(error: unknown): Response {
  const headers = { "Content-Type": "text/plain; charset=utf-8" };
  if (error instanceof RequestTooLargeError) {
    return new Response("This form is too large to send.", { status: 413, headers });
  }
  if (error instanceof NotAFormError) {
    return new Response("This request could not be read as a form. Please reload the page.", {
      status: 400,
      headers,
    });
  }
  throw error;
}

/**
 * How every action reads its form: a body that is not a form, or is too large, ends the request
 * with a 400 or 413 answer (thrown), so no action ever fails with a 500 on a malformed body.
 */
export async function readForm(request: Request, maxBytes = MAX_FORM_BYTES): Promise<FormData> {
  try {
    return await readFormData(request, maxBytes);
  } catch (error) {
    throw formRefusal(error);
  }
}
