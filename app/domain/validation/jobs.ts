import { z } from "../zod";

/** The back office's buttons on a failed background job (docs/decisions/055). */
export const jobActionSchema = z.object({
  intent: z.enum(["retry", "dismiss"], { error: "Unknown action" }),
  id: z.uuid({ error: "No such job" }),
});
