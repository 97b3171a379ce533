import { z } from "../zod";

const uuid = z.uuid();

/** A posted or linked id when it is a UUID (Zod's check), or null for anything else. */
export function uuidOrNull(value: unknown) {
  const parsed = uuid.safeParse(value);
  return parsed.success ? parsed.data : null;
}
