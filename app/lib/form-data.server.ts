/** The request body was larger than the form allows. */
export class RequestTooLargeError extends Error {}

/**
 * request.formData() with a size limit: refused up front when Content-Length says too much, and
 * cut off while reading when a body without one (chunked) runs past the limit, so an upload is
 * never buffered beyond `maxBytes`.
 */
export async function readFormData(request: Request, maxBytes: number): Promise<FormData> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw new RequestTooLargeError();
  if (!request.body) return request.formData();
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
  try {
    return await copy.formData();
  } catch (error) {
    if (seen > maxBytes) throw new RequestTooLargeError();
    throw error;
  }
}
