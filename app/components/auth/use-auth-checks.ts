import { lazyChecks } from "~/components/lazy-checks";

export const useAuthChecks = lazyChecks(() => import("./auth-checks"));
