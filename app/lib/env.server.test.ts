import { describe, expect, it } from "vitest";
import { InvalidEnvironmentError, parseEnv } from "./env.server";

/** The error parseEnv throws for `source`, checked to be a single line naming `variable`. */
function refusal(source: Record<string, string | undefined>, variable: string) {
  let error: unknown;
  try {
    parseEnv(source);
  } catch (caught) {
    error = caught;
  }
  expect(error, `expected ${JSON.stringify(source)} to be refused`).toBeInstanceOf(
    InvalidEnvironmentError,
  );
  const message = (error as Error).message;
  expect(message).not.toContain("\n");
  expect(message).toMatch(new RegExp(`\\b${variable}: `));
  return message;
}

const secret = "s".repeat(32);

describe("parseEnv", () => {
  it("applies the defaults of DESIGN §3 to an empty environment", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      PUBLIC_URL: "http://localhost:3000",
      DATA_DIR: "./data",
      SEED: "demo",
      NODE_ENV: "development",
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.AUTH_SECRET).toBeUndefined();
    expect(env.ADMIN_EMAIL).toBeUndefined();
  });

  it("derives the default PUBLIC_URL from PORT", () => {
    expect(parseEnv({ PORT: "8080" })).toMatchObject({
      PORT: 8080,
      PUBLIC_URL: "http://localhost:8080",
    });
  });

  it.each(["abc", "0", "70000", "-1", "3000.5"])(
    "refuses PORT=%s in one line naming PORT",
    (port) => {
      const message = refusal({ PORT: port }, "PORT");
      expect(message).toContain(JSON.stringify(port));
    },
  );

  it("accepts the ends of the port range", () => {
    expect(parseEnv({ PORT: "1" }).PORT).toBe(1);
    expect(parseEnv({ PORT: "65535" }).PORT).toBe(65535);
  });

  it("accepts SEED=demo and SEED=none and refuses any other value naming SEED", () => {
    expect(parseEnv({ SEED: "none" }).SEED).toBe("none");
    expect(parseEnv({ SEED: "demo" }).SEED).toBe("demo");
    refusal({ SEED: "other" }, "SEED");
  });

  it("requires DATABASE_URL to be a postgres:// URL", () => {
    expect(parseEnv({ DATABASE_URL: "postgres://u@db:5432/shop" }).DATABASE_URL).toBe(
      "postgres://u@db:5432/shop",
    );
    expect(parseEnv({ DATABASE_URL: "postgresql://u@db/shop" }).DATABASE_URL).toBe(
      "postgresql://u@db/shop",
    );
    refusal({ DATABASE_URL: "mysql://u@db/shop" }, "DATABASE_URL");
    refusal({ DATABASE_URL: "db.example:5432" }, "DATABASE_URL");
  });

  it("refuses ADMIN_EMAIL without ADMIN_PASSWORD, and ADMIN_PASSWORD without ADMIN_EMAIL", () => {
    refusal({ ADMIN_EMAIL: "owner@shop.example" }, "ADMIN_PASSWORD");
    refusal({ ADMIN_PASSWORD: "owner-secret" }, "ADMIN_EMAIL");
    expect(
      parseEnv({ ADMIN_EMAIL: "owner@shop.example", ADMIN_PASSWORD: "owner-secret" }),
    ).toMatchObject({ ADMIN_EMAIL: "owner@shop.example", ADMIN_PASSWORD: "owner-secret" });
  });

  it("refuses a Razorpay key id without its secret, and a secret without its key id", () => {
    refusal({ RAZORPAY_KEY_ID: "rzp_live_123" }, "RAZORPAY_KEY_SECRET");
    refusal({ RAZORPAY_KEY_SECRET: "shh" }, "RAZORPAY_KEY_ID");
    expect(parseEnv({ RAZORPAY_KEY_ID: "rzp_live_123", RAZORPAY_KEY_SECRET: "shh" })).toMatchObject(
      { RAZORPAY_KEY_ID: "rzp_live_123", RAZORPAY_KEY_SECRET: "shh" },
    );
  });

  it("requires AUTH_SECRET in production on PostgreSQL", () => {
    refusal({ NODE_ENV: "production", DATABASE_URL: "postgres://db/shop" }, "AUTH_SECRET");
    expect(
      parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://db/shop", AUTH_SECRET: secret })
        .AUTH_SECRET,
    ).toBe(secret);
    // On the embedded database the secret is generated into DATA_DIR.
    expect(parseEnv({ NODE_ENV: "production" }).AUTH_SECRET).toBeUndefined();
  });

  it("refuses an AUTH_SECRET shorter than 32 characters", () => {
    refusal({ AUTH_SECRET: "s".repeat(31) }, "AUTH_SECRET");
    expect(parseEnv({ AUTH_SECRET: secret }).AUTH_SECRET).toBe(secret);
  });

  it("trims trailing slashes from PUBLIC_URL", () => {
    expect(parseEnv({ PUBLIC_URL: "https://shop.example/" }).PUBLIC_URL).toBe(
      "https://shop.example",
    );
    expect(parseEnv({ PUBLIC_URL: "https://shop.example/store//" }).PUBLIC_URL).toBe(
      "https://shop.example/store",
    );
  });

  it("refuses a PUBLIC_URL that is not an absolute http(s) URL, naming PUBLIC_URL", () => {
    refusal({ PUBLIC_URL: "shop.example" }, "PUBLIC_URL");
    refusal({ PUBLIC_URL: "ftp://shop.example" }, "PUBLIC_URL");
    refusal({ PUBLIC_URL: "mailto:owner@shop.example" }, "PUBLIC_URL");
  });

  it("treats empty optional values as unset", () => {
    const env = parseEnv({
      DATABASE_URL: "",
      AUTH_SECRET: "",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
      SMTP_URL: "",
      MAIL_FROM: "",
      RAZORPAY_KEY_ID: "",
      RAZORPAY_KEY_SECRET: "",
      RAZORPAY_WEBHOOK_SECRET: "",
    });
    for (const name of [
      "DATABASE_URL",
      "AUTH_SECRET",
      "ADMIN_EMAIL",
      "ADMIN_PASSWORD",
      "SMTP_URL",
      "MAIL_FROM",
      "RAZORPAY_KEY_ID",
      "RAZORPAY_KEY_SECRET",
      "RAZORPAY_WEBHOOK_SECRET",
    ] as const) {
      expect(env[name], name).toBeUndefined();
    }
    // An empty ADMIN_PASSWORD beside a real ADMIN_EMAIL is missing, not a 0-character password.
    refusal({ ADMIN_EMAIL: "owner@shop.example", ADMIN_PASSWORD: "" }, "ADMIN_PASSWORD");
    // Empty AUTH_SECRET in production on PostgreSQL is still missing.
    refusal(
      { NODE_ENV: "production", DATABASE_URL: "postgres://db/shop", AUTH_SECRET: "" },
      "AUTH_SECRET",
    );
  });

  it("treats empty values of variables with a default as unset (e.g. PORT= in a .env file)", () => {
    expect(
      parseEnv({
        PORT: "",
        PUBLIC_URL: "",
        DATA_DIR: "",
        SEED: "",
        NODE_ENV: "",
        LOG_LEVEL: "",
        RAZORPAY_API_BASE: "",
      }),
    ).toMatchObject({
      PORT: 3000,
      PUBLIC_URL: "http://localhost:3000",
      DATA_DIR: "./data",
      SEED: "demo",
      NODE_ENV: "development",
      LOG_LEVEL: "info",
      RAZORPAY_API_BASE: "https://api.razorpay.com",
    });
  });
});
