import { eq } from "drizzle-orm";
import { profiles } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import type { Executor } from "../../lib/db.server";

export class ProfileNotFoundError extends AppError {
  constructor() {
    super("Your account could not be found. Please sign in again.", {
      status: 404,
      title: "Update failed",
    });
  }
}

/**
 * docs/SPEC.md §7 "Update profile": full_name and phone, by id. Better Auth's `name` is this same
 * full_name column (docs/decisions/002), so the account and the profile cannot drift apart.
 * The e-mail is read-only and never written here.
 */
export async function updateProfile(
  executor: Executor,
  userId: string,
  input: { fullName: string; phone: string | null },
) {
  const [updated] = await executor
    .update(profiles)
    .set({ fullName: input.fullName, phone: input.phone, updatedAt: new Date() })
    .where(eq(profiles.id, userId))
    .returning({
      id: profiles.id,
      fullName: profiles.fullName,
      email: profiles.email,
      phone: profiles.phone,
    });
  if (!updated) throw new ProfileNotFoundError();
  return updated;
}
