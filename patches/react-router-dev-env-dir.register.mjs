// `node --import ./patches/react-router-dev-env-dir.register.mjs`: see the file it registers.
import { registerEnvDirPatch } from "./react-router-dev-env-dir.mjs";

registerEnvDirPatch();
