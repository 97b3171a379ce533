import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { PRODUCTION_NODE_FLAGS } from "./production-shop";

/** The benchmarks measure the shop as production starts it: with the same flags for Node. */
describe("Node's flags in production", () => {
  it("are the ones npm run serve passes", () => {
    const { scripts } = JSON.parse(fs.readFileSync("package.json", "utf8"));
    expect(scripts.serve).toContain(
      `node ${PRODUCTION_NODE_FLAGS.join(" ")} build/server/server.js`,
    );
  });

  it("are the ones the systemd unit passes, to the Node.js the release installed", () => {
    const unit = fs.readFileSync("deploy/satara-shop.service", "utf8");
    expect(unit).toContain(
      `ExecStart=/srv/satara-shop/current/node_modules/.bin/node ${PRODUCTION_NODE_FLAGS.join(" ")} build/server/server.js`,
    );
  });
});
