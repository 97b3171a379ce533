// React Router's command line (`react-router build`, `react-router typegen`) with the shop's
// change to its build tool (patches/react-router-dev-env-dir.mjs): `npm run build` runs it.
import { createRequire } from "node:module";
import path from "node:path";
import "../patches/react-router-dev-env-dir.register.mjs";

const require = createRequire(import.meta.url);
require(path.join(path.dirname(require.resolve("@react-router/dev/package.json")), "bin.js"));
