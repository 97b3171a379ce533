import { describe, expect, it } from "vitest";
import { foreignLines, withoutRunHeader } from "./shop-lines";

describe("the shop's own lines on its console", () => {
  it("are its log's JSON lines and the lines it prints at start", () => {
    const output = [
      '{"level":30,"time":1796194562142,"categories":8,"products":32,"msg":"demo catalog loaded"}',
      "An administrator account was created for this shop:",
      "  sign in at http://localhost:3000/admin/login",
      "  e-mail:   admin@shop.example",
      "  password: Nx7vMt1Cw0Fya2qIAJpcF_5i",
      "This password is shown once. Change it, or set ADMIN_EMAIL and ADMIN_PASSWORD.",
      '{"level":40,"time":1796194562770,"msg":"CARD_PAYMENTS=test: card payments go to the built-in test gateway and take no money"}',
      "Satara Ayurveda shop is running at http://localhost:3000",
      '{"level":30,"time":1796194564068,"reqId":"83a6","method":"GET","url":"/","status":200,"ms":433.9,"msg":"request"}',
      "",
    ].join("\n");
    expect(foreignLines(output)).toEqual([]);
  });

  it("leave out what tools and dependencies print: warnings, deprecations, reports", () => {
    const noise = [
      "The `envFile` option is deprecated, please use `envDir: false` instead.",
      "  ⚠️  Future Flag Warning: Route module splitting behavior is changing in React Router v8.",
      "     -> https://reactrouter.com/v7/upgrading/future#futurev8_splitroutemodules",
      "vite v8.3.8 building client environment for production...",
      "npm warn install-scripts   esbuild@0.28.2 (postinstall: node install.js)",
      "(node:123) ExperimentalWarning: something",
      '{"not":"a log line"}',
      "",
    ];
    expect(foreignLines(`${noise.join("\n")}\n`)).toEqual(noise);
  });

  it("follow the script npm echoes when it runs `npm start`", () => {
    const output =
      "\n> satara-ayurveda-shop@ start\n> npm run build --silent\n\nSatara Ayurveda shop is running at http://localhost:3000\n";
    expect(foreignLines(withoutRunHeader(output))).toEqual([]);
    expect(foreignLines(withoutRunHeader(`${output}> later\n`))).toEqual(["> later"]);
  });
});
