import { availableParallelism } from "node:os";
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
  it("applies the defaults of docs/DESIGN.md §3 to an empty environment", () => {
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
      expect(message).toContain("expected a port number from 1 to 65535");
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

  it("defaults CARD_PAYMENTS to the test gateway without Razorpay keys and to Razorpay with them", () => {
    expect(parseEnv({}).CARD_PAYMENTS).toBe("test");
    expect(parseEnv({ CARD_PAYMENTS: "" }).CARD_PAYMENTS).toBe("test");
    expect(
      parseEnv({ RAZORPAY_KEY_ID: "rzp_live_123", RAZORPAY_KEY_SECRET: "shh" }).CARD_PAYMENTS,
    ).toBe("razorpay");
  });

  it("accepts CARD_PAYMENTS=off with or without keys, and razorpay with its keys", () => {
    expect(parseEnv({ CARD_PAYMENTS: "off" }).CARD_PAYMENTS).toBe("off");
    expect(
      parseEnv({
        CARD_PAYMENTS: "off",
        RAZORPAY_KEY_ID: "rzp_live_123",
        RAZORPAY_KEY_SECRET: "shh",
      }).CARD_PAYMENTS,
    ).toBe("off");
    expect(
      parseEnv({
        CARD_PAYMENTS: "razorpay",
        RAZORPAY_KEY_ID: "rzp_live_123",
        RAZORPAY_KEY_SECRET: "shh",
      }).CARD_PAYMENTS,
    ).toBe("razorpay");
  });

  it("refuses CARD_PAYMENTS=razorpay without keys, naming the keys it needs", () => {
    const message = refusal({ CARD_PAYMENTS: "razorpay" }, "CARD_PAYMENTS");
    expect(message).toContain("RAZORPAY_KEY_ID");
    expect(message).toContain("RAZORPAY_KEY_SECRET");
  });

  it("refuses CARD_PAYMENTS=test while Razorpay keys are set", () => {
    const message = refusal(
      { CARD_PAYMENTS: "test", RAZORPAY_KEY_ID: "rzp_live_123", RAZORPAY_KEY_SECRET: "shh" },
      "CARD_PAYMENTS",
    );
    expect(message).toContain("RAZORPAY_KEY_ID");
    expect(message).not.toContain("shh");
  });

  it("refuses any other CARD_PAYMENTS value, naming the three it accepts", () => {
    const message = refusal({ CARD_PAYMENTS: "live" }, "CARD_PAYMENTS");
    expect(message).toMatch(/off.*test.*razorpay/);
  });

  it("writes SMS and WhatsApp messages to the outbox unless told otherwise", () => {
    const env = parseEnv({});
    expect(env.SMS).toBe("outbox");
    expect(env.WHATSAPP).toBe("outbox");
    expect(env.MSG91_API_BASE).toBe("https://control.msg91.com");
    expect(env.WHATSAPP_API_BASE).toBe("https://graph.facebook.com/v21.0");
    expect(parseEnv({ SMS: "off", WHATSAPP: "off" })).toMatchObject({
      SMS: "off",
      WHATSAPP: "off",
    });
  });

  it("refuses SMS=msg91 without its key and sender, and WHATSAPP=cloud without token and number id", () => {
    expect(refusal({ SMS: "msg91" }, "MSG91_AUTH_KEY")).toContain("MSG91_SENDER_ID");
    refusal({ SMS: "msg91", MSG91_AUTH_KEY: "key" }, "MSG91_SENDER_ID");
    expect(refusal({ WHATSAPP: "cloud" }, "WHATSAPP_TOKEN")).toContain("WHATSAPP_PHONE_NUMBER_ID");
    refusal({ WHATSAPP: "cloud", WHATSAPP_TOKEN: "token" }, "WHATSAPP_PHONE_NUMBER_ID");
    expect(parseEnv({ SMS: "msg91", MSG91_AUTH_KEY: "key", MSG91_SENDER_ID: "SATAYU" }).SMS).toBe(
      "msg91",
    );
    expect(
      parseEnv({ WHATSAPP: "cloud", WHATSAPP_TOKEN: "t", WHATSAPP_PHONE_NUMBER_ID: "1065403" })
        .WHATSAPP,
    ).toBe("cloud");
  });

  it("refuses other SMS and WHATSAPP modes, a malformed sender ID and number id, never echoing a key", () => {
    expect(refusal({ SMS: "twilio" }, "SMS")).toMatch(/off.*outbox.*msg91/);
    expect(refusal({ WHATSAPP: "yes" }, "WHATSAPP")).toMatch(/off.*outbox.*cloud/);
    refusal({ MSG91_SENDER_ID: "shop" }, "MSG91_SENDER_ID");
    refusal({ WHATSAPP_PHONE_NUMBER_ID: "abc" }, "WHATSAPP_PHONE_NUMBER_ID");
    expect(
      refusal({ SMS: "msg91", MSG91_AUTH_KEY: "secret-key-1" }, "MSG91_SENDER_ID"),
    ).not.toContain("secret-key-1");
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

  it("names the variable and the rule but never echoes a refused value", () => {
    const shortSecret = "too-short-secret-value";
    const secretMessage = refusal({ AUTH_SECRET: shortSecret }, "AUTH_SECRET");
    expect(secretMessage).toContain("AUTH_SECRET: expected at least 32 characters");
    expect(secretMessage).not.toContain(shortSecret);

    const url = "mysql://shop:db-password-123@db.example/shop";
    const urlMessage = refusal({ DATABASE_URL: url }, "DATABASE_URL");
    expect(urlMessage).toContain("DATABASE_URL: expected a postgres:// connection URL");
    expect(urlMessage).not.toContain("db-password-123");

    const adminMessage = refusal(
      { ADMIN_EMAIL: "owner@shop.example", ADMIN_PASSWORD: "abc" },
      "ADMIN_PASSWORD",
    );
    expect(adminMessage).not.toContain('"abc"');
    const smtpMessage = refusal({ SMTP_URL: "http://user:smtp-pass@mail" }, "SMTP_URL");
    expect(smtpMessage).not.toContain("smtp-pass");
  });

  it("trusts loopback proxies by default and takes TRUST_PROXY as a list", () => {
    expect(parseEnv({}).TRUST_PROXY).toEqual(["loopback"]);
    expect(parseEnv({ TRUST_PROXY: "10.0.0.5, 10.1.0.0/16" }).TRUST_PROXY).toEqual([
      "10.0.0.5",
      "10.1.0.0/16",
    ]);
    expect(parseEnv({ TRUST_PROXY: "none" }).TRUST_PROXY).toEqual([]);
    refusal({ TRUST_PROXY: "10.0.0.5, proxy.example" }, "TRUST_PROXY");
  });

  it("gives in-flight requests 10 s to finish on shutdown unless SHUTDOWN_GRACE_SECONDS says", () => {
    expect(parseEnv({}).SHUTDOWN_GRACE_SECONDS).toBe(10);
    expect(parseEnv({ SHUTDOWN_GRACE_SECONDS: "25" }).SHUTDOWN_GRACE_SECONDS).toBe(25);
    refusal({ SHUTDOWN_GRACE_SECONDS: "0" }, "SHUTDOWN_GRACE_SECONDS");
    refusal({ SHUTDOWN_GRACE_SECONDS: "soon" }, "SHUTDOWN_GRACE_SECONDS");
  });

  describe("WEB_CONCURRENCY", () => {
    const postgres = {
      NODE_ENV: "production",
      DATABASE_URL: "postgres://shop@db/shop",
      AUTH_SECRET: secret,
    };

    it("runs one process per core on PostgreSQL in production, one otherwise", () => {
      expect(parseEnv(postgres).WEB_CONCURRENCY).toBe(availableParallelism());
      expect(parseEnv({ NODE_ENV: "production" }).WEB_CONCURRENCY).toBe(1);
      expect(parseEnv({ DATABASE_URL: postgres.DATABASE_URL }).WEB_CONCURRENCY).toBe(1);
    });

    it("takes an explicit count from 1 to 64", () => {
      expect(parseEnv({ ...postgres, WEB_CONCURRENCY: "3" }).WEB_CONCURRENCY).toBe(3);
      expect(parseEnv({ WEB_CONCURRENCY: "1" }).WEB_CONCURRENCY).toBe(1);
      for (const value of ["0", "65", "two", "1.5"]) {
        expect(refusal({ ...postgres, WEB_CONCURRENCY: value }, "WEB_CONCURRENCY")).toContain(
          "expected a number of processes from 1 to 64",
        );
      }
    });

    it("refuses more than one process on the embedded database, in one line", () => {
      const message = refusal({ NODE_ENV: "production", WEB_CONCURRENCY: "2" }, "WEB_CONCURRENCY");
      expect(message).toBe(
        "Invalid configuration: WEB_CONCURRENCY: the embedded database serves one process; set DATABASE_URL to run more",
      );
    });

    it("refuses more than one process outside the production build", () => {
      const { NODE_ENV: _production, ...development } = postgres;
      expect(refusal({ ...development, WEB_CONCURRENCY: "2" }, "WEB_CONCURRENCY")).toContain(
        "needs the production build",
      );
    });
  });

  it("takes a METRICS_TOKEN of at least 16 characters", () => {
    expect(parseEnv({ METRICS_TOKEN: "t".repeat(16) }).METRICS_TOKEN).toBe("t".repeat(16));
    expect(parseEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(refusal({ METRICS_TOKEN: "short" }, "METRICS_TOKEN")).not.toContain("short");
  });

  it("defaults COURIER to the test courier and refuses an unknown one", () => {
    expect(parseEnv({}).COURIER).toBe("test");
    expect(parseEnv({ COURIER: "off" }).COURIER).toBe("off");
    expect(refusal({ COURIER: "dhl" }, "COURIER")).toContain('"off", "test" or "shiprocket"');
    expect(parseEnv({}).SHIPROCKET_API_BASE).toBe("https://apiv2.shiprocket.in/v1/external");
  });

  it("refuses COURIER=shiprocket without its e-mail and password, never printing them", () => {
    const message = refusal(
      { COURIER: "shiprocket", SHIPROCKET_EMAIL: "api@shop.example" },
      "COURIER",
    );
    expect(message).toContain("SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD");
    expect(message).not.toContain("api@shop.example");
    refusal({ COURIER: "shiprocket", SHIPROCKET_PASSWORD: "secret-pass" }, "COURIER");
    expect(
      parseEnv({
        COURIER: "shiprocket",
        SHIPROCKET_EMAIL: "api@shop.example",
        SHIPROCKET_PASSWORD: "secret-pass",
      }).COURIER,
    ).toBe("shiprocket");
  });

  it("takes a Shiprocket webhook token of at least 16 characters", () => {
    expect(
      refusal({ SHIPROCKET_WEBHOOK_TOKEN: "short" }, "SHIPROCKET_WEBHOOK_TOKEN"),
    ).not.toContain("short");
    expect(parseEnv({ SHIPROCKET_WEBHOOK_TOKEN: "w".repeat(16) }).SHIPROCKET_WEBHOOK_TOKEN).toBe(
      "w".repeat(16),
    );
  });

  it("takes the delivery reports' credentials, tokens of at least 16 characters; unset, none", () => {
    for (const name of ["MSG91_WEBHOOK_TOKEN", "WHATSAPP_VERIFY_TOKEN"] as const) {
      expect(refusal({ [name]: "short" }, name)).not.toContain("short");
      expect(parseEnv({ [name]: "t".repeat(16) })[name]).toBe("t".repeat(16));
      expect(parseEnv({ [name]: " " })[name]).toBeUndefined();
    }
    expect(parseEnv({ WHATSAPP_APP_SECRET: "0123abcd" }).WHATSAPP_APP_SECRET).toBe("0123abcd");
    expect(parseEnv({}).WHATSAPP_APP_SECRET).toBeUndefined();
  });
});
