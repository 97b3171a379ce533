import Module from "node:module";

/**
 * React Router 7.18.4's build tool starts Vite servers of its own (one that reads
 * react-router.config.ts, a child compiler for each build) with `envFile: false`, an option Vite
 * 8.1 deprecated for `envDir: false`, which means the same. Vite warns once per server: 9 lines
 * on every build, 3 on every typegen. React Router 8 makes this very change
 * (remix-run/react-router#15230); until the shop moves to it, the build tool's two files are
 * loaded with the option renamed. Registered before React Router loads, by
 * `scripts/react-router.mjs` (build, typegen) and `npm run dev` (`--import`).
 */
const DEPRECATED = "envFile: false";
const CURRENT = "envDir: false";

/** How many times each file of `@react-router/dev/dist` passes the option. */
const EXPECTED = { "cli/index.js": 1, "vite.js": 2 };

const BUILD_TOOL_FILE = /[\\/]@react-router[\\/]dev[\\/]dist[\\/](cli[\\/]index\.js|vite\.js)$/;

/** The file's code with the current option; refused when it no longer reads as expected. */
export function withEnvDir(code, file) {
  const found = code.split(DEPRECATED).length - 1;
  if (found !== EXPECTED[file]) {
    throw new Error(
      `React Router's build tool passes \`${DEPRECATED}\` ${found} times in dist/${file} where ${EXPECTED[file]} were expected (patches/react-router-dev-env-dir.mjs)`,
    );
  }
  return code.replaceAll(DEPRECATED, CURRENT);
}

let registered = false;

/** From now on, the build tool's files load with the current option. */
export function registerEnvDirPatch() {
  if (registered) return;
  registered = true;
  const compile = Module.prototype._compile;
  Module.prototype._compile = function compileWithEnvDir(content, filename, ...rest) {
    const match = BUILD_TOOL_FILE.exec(filename);
    const code = match ? withEnvDir(content, match[1].replaceAll("\\", "/")) : content;
    return compile.call(this, code, filename, ...rest);
  };
}
