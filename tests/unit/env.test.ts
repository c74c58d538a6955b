import { describe, expect, it } from "vitest";

import { authUrlOf, parseEnv } from "@/lib/env";

describe("parseEnv", () => {
  it("runs embedded with no configuration at all", () => {
    const env = parseEnv({});
    expect(env.NODE_ENV).toBe("development");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PGLITE_DIR).toBe(".data/pglite");
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.STORAGE_DIR).toBe(".data/uploads");
    expect(env.S3_BUCKET).toBe("tour-images");
    expect(env.S3_REGION).toBe("us-east-1");
    expect(env.EMAIL_FROM).toBe("Breathe Uganda <bookings@breatheuganda.com>");
    expect(env.OPERATOR_EMAIL).toBe("operations@breatheuganda.com");
    expect(env.RESEND_API_KEY).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
  });

  it("treats an empty DATABASE_URL as unset (embedded mode)", () => {
    expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
    expect(parseEnv({ DATABASE_URL: "   " }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    "postgres://postgres@127.0.0.1:5432/test",
    "postgresql://user:pw@db.example.com/app?sslmode=require",
  ])("accepts the server URL %s", (url) => {
    expect(parseEnv({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
  });

  it.each(["mysql://x", "not a url", "http://127.0.0.1:5432/test"])(
    "refuses DATABASE_URL=%j, naming the variable",
    (url) => {
      expect(() => parseEnv({ DATABASE_URL: url })).toThrow(/DATABASE_URL/);
    },
  );

  it("names every invalid variable in one message", () => {
    let message = "";
    try {
      parseEnv({ DATABASE_URL: "mysql://x", SITE_URL: "nope", OPERATOR_EMAIL: "not-an-email" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/DATABASE_URL/);
    expect(message).toMatch(/SITE_URL/);
    expect(message).toMatch(/OPERATOR_EMAIL/);
  });

  it.each([
    ["https://breatheuganda.com/", "https://breatheuganda.com"],
    ["HTTPS://Breatheuganda.COM", "https://breatheuganda.com"],
    ["http://localhost:3500/", "http://localhost:3500"],
  ])("writes SITE_URL %j as the origin %j (no trailing slash)", (given, origin) => {
    expect(parseEnv({ SITE_URL: given }).SITE_URL).toBe(origin);
  });

  it.each([
    "https://breatheuganda.com/app",
    "https://breatheuganda.com/?a=1",
    "ftp://breatheuganda.com",
  ])("refuses SITE_URL=%j (an http(s) origin only)", (url) => {
    expect(() => parseEnv({ SITE_URL: url })).toThrow(/SITE_URL/);
  });

  it("refuses an unknown NODE_ENV", () => {
    expect(() => parseEnv({ NODE_ENV: "staging" })).toThrow(/NODE_ENV/);
  });

  it("refuses S3_ENDPOINT without both S3 keys, naming each missing one", () => {
    expect(() => parseEnv({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(
      /S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID is required with S3_ENDPOINT\n.*S3_SECRET_ACCESS_KEY is required/,
    );
    const s3 = parseEnv({
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "breathe",
      S3_SECRET_ACCESS_KEY: "breathe-secret",
    });
    expect(s3.S3_BUCKET).toBe("tour-images");
  });

  it("keeps explicit values", () => {
    const given = {
      NODE_ENV: "production",
      PGLITE_DIR: ".data/e2e",
      SITE_URL: "https://breatheuganda.com",
    } as const;
    expect(parseEnv(given)).toMatchObject(given);
  });
});

describe("Auth.js origin and the client's address", () => {
  it("AUTH_URL defaults to SITE_URL; only AUTH_TRUST_HOST without AUTH_URL leaves it to the host headers", () => {
    expect(authUrlOf(parseEnv({ SITE_URL: "https://breatheuganda.com" }))).toBe(
      "https://breatheuganda.com",
    );
    expect(
      authUrlOf(
        parseEnv({ SITE_URL: "https://breatheuganda.com", AUTH_URL: "https://auth.example" }),
      ),
    ).toBe("https://auth.example");
    expect(authUrlOf(parseEnv({ AUTH_TRUST_HOST: "true" }))).toBeUndefined();
    expect(authUrlOf(parseEnv({ AUTH_TRUST_HOST: "false" }))).toBe("http://localhost:3000");
  });

  it("NEXT_SERVER_ACTIONS_ENCRYPTION_KEY is base64 of an AES key (16, 24 or 32 bytes), unset by default", () => {
    expect(parseEnv({}).NEXT_SERVER_ACTIONS_ENCRYPTION_KEY).toBeUndefined();
    expect(
      parseEnv({ NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: "" }).NEXT_SERVER_ACTIONS_ENCRYPTION_KEY,
    ).toBeUndefined();
    for (const bytes of [16, 24, 32]) {
      const key = Buffer.alloc(bytes, 7).toString("base64");
      expect(
        parseEnv({ NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: key }).NEXT_SERVER_ACTIONS_ENCRYPTION_KEY,
      ).toBe(key);
    }
    for (const key of [Buffer.alloc(31, 7).toString("base64"), "not base64!", "secret"]) {
      expect(() => parseEnv({ NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: key })).toThrow(
        /NEXT_SERVER_ACTIONS_ENCRYPTION_KEY must be base64 of 16, 24 or 32 bytes/,
      );
    }
  });

  it("REDIS_KEY_PREFIX is empty by default", () => {
    expect(parseEnv({}).REDIS_KEY_PREFIX).toBe("");
    expect(parseEnv({ REDIS_KEY_PREFIX: "breathe:" }).REDIS_KEY_PREFIX).toBe("breathe:");
  });

  it("TRUSTED_PROXY_HOPS is a small whole number, 0 by default", () => {
    expect(parseEnv({}).TRUSTED_PROXY_HOPS).toBe(0);
    expect(parseEnv({ TRUSTED_PROXY_HOPS: "1" }).TRUSTED_PROXY_HOPS).toBe(1);
    for (const bad of ["-1", "1.5", "many", "11"]) {
      expect(() => parseEnv({ TRUSTED_PROXY_HOPS: bad }), bad).toThrow(/TRUSTED_PROXY_HOPS/);
    }
  });

  it("WAITLIST_OFFER_HOURS is a whole number of hours from 1 to 72, 4 by default", () => {
    expect(parseEnv({}).WAITLIST_OFFER_HOURS).toBe(4);
    expect(parseEnv({ WAITLIST_OFFER_HOURS: "" }).WAITLIST_OFFER_HOURS).toBe(4);
    expect(parseEnv({ WAITLIST_OFFER_HOURS: "12" }).WAITLIST_OFFER_HOURS).toBe(12);
    expect(() => parseEnv({ WAITLIST_OFFER_HOURS: "0" })).toThrow(
      "WAITLIST_OFFER_HOURS: WAITLIST_OFFER_HOURS must be at least 1",
    );
    expect(() => parseEnv({ WAITLIST_OFFER_HOURS: "73" })).toThrow(
      "WAITLIST_OFFER_HOURS: WAITLIST_OFFER_HOURS must be at most 72",
    );
    expect(() => parseEnv({ WAITLIST_OFFER_HOURS: "1.5" })).toThrow(
      "WAITLIST_OFFER_HOURS: WAITLIST_OFFER_HOURS must be a whole number of hours",
    );
  });

  it("DEPOSIT_PERCENT is a whole percent from 1 to 100, 30 by default", () => {
    expect(parseEnv({}).DEPOSIT_PERCENT).toBe(30);
    expect(parseEnv({ DEPOSIT_PERCENT: "" }).DEPOSIT_PERCENT).toBe(30);
    expect(parseEnv({ DEPOSIT_PERCENT: "50" }).DEPOSIT_PERCENT).toBe(50);
    expect(parseEnv({ DEPOSIT_PERCENT: "1" }).DEPOSIT_PERCENT).toBe(1);
    expect(parseEnv({ DEPOSIT_PERCENT: "100" }).DEPOSIT_PERCENT).toBe(100);
    for (const bad of ["0", "101", "-30", "2.5", "thirty"]) {
      expect(() => parseEnv({ DEPOSIT_PERCENT: bad }), bad).toThrow(
        "DEPOSIT_PERCENT: DEPOSIT_PERCENT must be a whole number from 1 to 100",
      );
    }
  });
});

describe("payments", () => {
  it("takes the demo driver and Pesapal's sandbox by default, with nothing else set", () => {
    const env = parseEnv({});
    expect(env.PAYMENTS_DRIVER).toBe("demo");
    expect(env.PESAPAL_ENV).toBe("sandbox");
    expect(env.PESAPAL_BASE_URL).toBeUndefined();
    expect(env.PESAPAL_CONSUMER_KEY).toBeUndefined();
    expect(env.PESAPAL_CONSUMER_SECRET).toBeUndefined();
    expect(env.PESAPAL_IPN_ID).toBeUndefined();
    expect(env.ALLOW_DEMO_PAYMENTS).toBe(false);
  });

  it("refuses PAYMENTS_DRIVER=pesapal without both keys, naming each missing one", () => {
    expect(() => parseEnv({ PAYMENTS_DRIVER: "pesapal" })).toThrow(
      /PESAPAL_CONSUMER_KEY: PESAPAL_CONSUMER_KEY is required with PAYMENTS_DRIVER=pesapal\n.*PESAPAL_CONSUMER_SECRET is required/,
    );
    expect(() =>
      parseEnv({ PAYMENTS_DRIVER: "pesapal", PESAPAL_CONSUMER_KEY: "key", PESAPAL_CONSUMER_SECRET: "  " }),
    ).toThrow(/PESAPAL_CONSUMER_SECRET is required/);
    const env = parseEnv({
      PAYMENTS_DRIVER: "pesapal",
      PESAPAL_ENV: "live",
      PESAPAL_CONSUMER_KEY: " key ",
      PESAPAL_CONSUMER_SECRET: "secret",
      PESAPAL_IPN_ID: "e1b2c3",
    });
    expect(env).toMatchObject({
      PAYMENTS_DRIVER: "pesapal",
      PESAPAL_ENV: "live",
      PESAPAL_CONSUMER_KEY: "key",
      PESAPAL_CONSUMER_SECRET: "secret",
      PESAPAL_IPN_ID: "e1b2c3",
    });
  });

  it("keeps the demo driver free of Pesapal's keys", () => {
    expect(parseEnv({ PAYMENTS_DRIVER: "demo", PESAPAL_CONSUMER_KEY: "" }).PESAPAL_CONSUMER_KEY).toBeUndefined();
  });

  it.each([
    ["PAYMENTS_DRIVER", "stripe"],
    ["PESAPAL_ENV", "production"],
    ["PESAPAL_BASE_URL", "not a url"],
  ])("refuses %s=%j, naming the variable", (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`${name}: ${name}`));
  });

  it("takes PESAPAL_BASE_URL (the tests' fake) and ALLOW_DEMO_PAYMENTS=1 or true", () => {
    expect(parseEnv({ PESAPAL_BASE_URL: "http://127.0.0.1:4010/pesapalv3" }).PESAPAL_BASE_URL).toBe(
      "http://127.0.0.1:4010/pesapalv3",
    );
    expect(parseEnv({ ALLOW_DEMO_PAYMENTS: "1" }).ALLOW_DEMO_PAYMENTS).toBe(true);
    expect(parseEnv({ ALLOW_DEMO_PAYMENTS: "TRUE" }).ALLOW_DEMO_PAYMENTS).toBe(true);
    expect(parseEnv({ ALLOW_DEMO_PAYMENTS: "0" }).ALLOW_DEMO_PAYMENTS).toBe(false);
  });
});
