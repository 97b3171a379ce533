import type { Config } from "@react-router/dev/config";

/** Each of React Router 8's changes adopted or declined here: docs/decisions/076. */
export default {
  ssr: true,
  future: {
    v8_middleware: false,
    // The shop's routes have no clientLoader, clientAction or HydrateFallback to split off.
    v8_splitRouteModules: true,
    // Loaders see React Router's data requests as sent (`/profile.data?_routes=…`): where a
    // page's address matters, app/domain/data-requests.ts gives it (or the loader's `url`).
    v8_passThroughRequests: true,
    // The home page's data is `/_.data` (no longer `/_root.data`): app/domain/data-requests.ts.
    v8_trailingSlashAwareDataRequests: true,
    // The server build's second entry and the SSR-only patches are set per build (`isSsrBuild`,
    // vite.config.ts, patches/); under the Environment API they move per environment, with the
    // move to React Router 8, which requires it.
    v8_viteEnvironmentApi: false,
  },
} satisfies Config;
