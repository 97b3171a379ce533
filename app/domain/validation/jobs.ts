import { pageParam } from "../admin-list-query";
import { z } from "../zod";

/** The back office's buttons on a failed background job (docs/decisions/055). */
export const jobActionSchema = z.object({
  intent: z.enum(["retry", "dismiss"], { error: "Unknown action" }),
  id: z.uuid({ error: "No such job" }),
});

/** The jobs page's ?page= of its recent jobs: a bad value is the first page. */
export const jobsQuerySchema = z.object({ page: pageParam });
