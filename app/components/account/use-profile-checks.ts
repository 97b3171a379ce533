import { lazyChecks } from "~/components/lazy-checks";

export const useProfileChecks = lazyChecks(() => import("./profile-checks"));
