/**
 * One test suite, run against both storage drivers: the local disk (served by the app's own
 * route, app/media/[...key]) and S3 (s3rver, a real S3-protocol server on loopback, read back
 * over HTTP from the driver's public URL). Then what only the local driver has: the serving
 * route's headers and its path-traversal corpus.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { GET as serveMedia } from "@/app/media/[...key]/route";
import { setStorage, type StorageDriver } from "@/lib/storage";
import { createLocalStorage } from "@/lib/storage/local";
import { InvalidStorageKeyError } from "@/lib/storage/picture";
import { createS3Storage } from "@/lib/storage/s3";
import { startS3Server } from "@/tests/helpers/s3-server";

type Fetched = { status: number; type: string | null; cache: string | null; bytes: Buffer };

/** The local driver's URL, answered by the media route as Next would call it. */
async function fetchLocal(url: string, segments?: string[]): Promise<Fetched> {
  const key = segments ?? url.replace(/^\/media\//, "").split("/");
  const response = await serveMedia(new Request(`http://localhost:3000${url}`), {
    params: Promise.resolve({ key }),
  });
  return read(response);
}

async function read(response: Response): Promise<Fetched> {
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    cache: response.headers.get("cache-control"),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

type Subject = { driver: StorageDriver; fetch: (url: string) => Promise<Fetched> };

const subjects: Record<string, () => Promise<Subject & { stop: () => Promise<void> }>> = {
  "local disk": async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "storage-local-"));
    const driver = createLocalStorage(root);
    setStorage(driver);
    return {
      driver,
      fetch: (url) => fetchLocal(url),
      stop: async () => {
        setStorage(undefined);
        await rm(root, { recursive: true, force: true });
      },
    };
  },
  "S3 (s3rver on loopback)": async () => {
    const server = await startS3Server();
    return {
      driver: createS3Storage(server.config),
      fetch: async (url) => read(await fetch(url)),
      stop: server.stop,
    };
  },
};

let webp: Buffer;
let otherWebp: Buffer;
beforeAll(async () => {
  const picture = (r: number) =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: { r, g: 120, b: 60 } } })
      .webp()
      .toBuffer();
  webp = await picture(200);
  otherWebp = await picture(20);
});

describe.each(Object.keys(subjects))("storage driver: %s", (name) => {
  let s: Subject & { stop: () => Promise<void> };
  beforeAll(async () => {
    s = await subjects[name]!();
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("stores an object that its public URL serves with its content type and a year's immutable caching", async () => {
    const key = "gorilla-safari/media/1700000000000-abc123-480.webp";
    expect(await s.driver.exists(key)).toBe(false);
    await s.driver.put(key, webp, "image/webp");
    expect(await s.driver.exists(key)).toBe(true);

    const got = await s.fetch(s.driver.url(key));
    expect(got.status).toBe(200);
    expect(got.type).toBe("image/webp");
    expect(got.cache).toBe("public, max-age=31536000, immutable");
    expect(got.bytes.equals(webp)).toBe(true);
  });

  it("overwrites an object stored again under the same key", async () => {
    const key = "gorilla-safari/thumbnail-0123456789ab-480.webp";
    await s.driver.put(key, webp, "image/webp");
    await s.driver.put(key, otherWebp, "image/webp");
    expect((await s.fetch(s.driver.url(key))).bytes.equals(otherWebp)).toBe(true);
  });

  it("deletes one object, and deleting a missing one is not an error", async () => {
    const key = "nile-adventure/media/1700000000001-zz9-960.webp";
    await s.driver.put(key, webp, "image/webp");
    await s.driver.delete(key);
    expect(await s.driver.exists(key)).toBe(false);
    expect((await s.fetch(s.driver.url(key))).status).toBe(404);
    await expect(s.driver.delete(key)).resolves.toBeUndefined();
  });

  it("deletes every object under a prefix and nothing beside it", async () => {
    const inside = [
      "crater-lakes/thumbnail-aaaaaaaaaaaa-480.webp",
      "crater-lakes/media/1-a-480.webp",
      "crater-lakes/media/2-b-960.webp",
    ];
    const beside = ["crater-lakes-north/media/3-c-480.webp", "crater/media/4-d-480.webp"];
    for (const key of [...inside, ...beside]) await s.driver.put(key, webp, "image/webp");

    expect(await s.driver.deletePrefix("crater-lakes/")).toBe(3);
    for (const key of inside) expect(await s.driver.exists(key), key).toBe(false);
    for (const key of beside) expect(await s.driver.exists(key), key).toBe(true);
    expect(await s.driver.deletePrefix("crater-lakes/")).toBe(0);
  });

  it("refuses keys outside the key grammar and a content type its key does not name", async () => {
    const bad = [
      "../escape.webp",
      "tour/../../escape.webp",
      "/etc/escape.webp",
      "tour\\..\\escape.webp",
      "tour/%2e%2e/escape.webp",
      "tour/escape.webp\0.png",
      "Tour/Upper.webp",
      "tour/page.html",
      "tour/picture.svg",
      "plain.webp",
      "",
    ];
    for (const key of bad) {
      await expect(s.driver.put(key, webp, "image/webp"), key).rejects.toBeInstanceOf(
        InvalidStorageKeyError,
      );
      await expect(s.driver.exists(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      expect(() => s.driver.url(key), key).toThrow(InvalidStorageKeyError);
    }
    for (const prefix of ["", "/", "../", "tour", "tour/../"]) {
      await expect(s.driver.deletePrefix(prefix), prefix).rejects.toBeInstanceOf(
        InvalidStorageKeyError,
      );
    }
    await expect(s.driver.put("tour/page.webp", webp, "text/html")).rejects.toThrow(
      /cannot be stored as text\/html/,
    );
    expect(await s.driver.exists("tour/page.webp")).toBe(false);
  });
});

describe("S3 driver URLs", () => {
  const config = {
    endpoint: "http://127.0.0.1:9000",
    bucket: "tour-images",
    region: "us-east-1",
    accessKeyId: "k",
    secretAccessKey: "s",
  };

  it("are path-style under the endpoint by default, and under S3_PUBLIC_URL when it is set", () => {
    expect(createS3Storage(config).url("a/b-480.webp")).toBe(
      "http://127.0.0.1:9000/tour-images/a/b-480.webp",
    );
    expect(
      createS3Storage({ ...config, publicUrl: "https://images.breatheuganda.com/" }).url(
        "a/b-480.webp",
      ),
    ).toBe("https://images.breatheuganda.com/a/b-480.webp");
  });
});

describe("local media route", () => {
  let base: string;
  let root: string;
  const key = "gorilla-safari/media/1700000000000-abc123-480.webp";

  beforeAll(async () => {
    base = await mkdtemp(path.join(os.tmpdir(), "storage-route-"));
    root = path.join(base, "uploads");
    const storage = createLocalStorage(root);
    setStorage(storage);
    await storage.put(key, webp, "image/webp");
    // Outside the root: a secret, a directory of secrets; inside: links to both, and a file
    // whose name is outside the key grammar.
    await writeFile(path.join(base, "secret.webp"), "top secret");
    await mkdir(path.join(base, "private"));
    await writeFile(path.join(base, "private", "x-480.webp"), "private");
    await symlink(
      path.join(base, "secret.webp"),
      path.join(root, "gorilla-safari", "media", "link-480.webp"),
    );
    await symlink(path.join(base, "private"), path.join(root, "gorilla-safari", "linked"));
    await writeFile(path.join(root, "gorilla-safari", "page.html"), "<script>alert(1)</script>");
  });
  afterAll(async () => {
    setStorage(undefined);
    await rm(base, { recursive: true, force: true });
  });

  it("serves a stored picture with nosniff, a sandboxing CSP and the content type of its key", async () => {
    const response = await serveMedia(
      new Request(`http://localhost:3000/media/${key}`, { headers: { accept: "text/html" } }),
      { params: Promise.resolve({ key: key.split("/") }) },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toContain("sandbox");
    expect(response.headers.get("content-length")).toBe(String(webp.byteLength));
  });

  it("answers 404 for every path that would leave the storage root or is not a stored picture", async () => {
    const corpus: string[][] = [
      ["..", "secret.webp"],
      ["gorilla-safari", "..", "..", "secret.webp"],
      ["%2e%2e", "secret.webp"],
      ["%2E%2E", "%2E%2E", "secret.webp"],
      ["..%2fsecret.webp"],
      ["gorilla-safari", "..\\..\\secret.webp"],
      ["gorilla-safari\\..\\..", "secret.webp"],
      ["", "etc", "passwd"],
      ["/etc/passwd"],
      [path.join(base, "secret.webp")],
      ["gorilla-safari", "media", "1700000000000-abc123-480.webp\0"],
      ["gorilla-safari", "media", "1700000000000-abc123-480.webp%00.html"],
      // Symlinks inside the root that point out of it: a file, and a directory.
      ["gorilla-safari", "media", "link-480.webp"],
      ["gorilla-safari", "linked", "x-480.webp"],
      // A file that is there, but not a picture key.
      ["gorilla-safari", "page.html"],
      ["GORILLA-SAFARI", "media", "1700000000000-abc123-480.webp"],
      ["gorilla-safari", "media"],
    ];
    for (const segments of corpus) {
      const got = await fetchLocal(`/media/${segments.join("/")}`, segments);
      expect(got.status, JSON.stringify(segments)).toBe(404);
      expect(got.bytes.toString(), JSON.stringify(segments)).toBe("Not found");
    }
  });

  it("never writes through a symlink out of the root", async () => {
    const storage = createLocalStorage(root);
    await expect(
      storage.put("gorilla-safari/linked/y-480.webp", webp, "image/webp"),
    ).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(await storage.exists("gorilla-safari/linked/x-480.webp")).toBe(false);
    await storage.delete("gorilla-safari/linked/x-480.webp");
    expect(await storage.deletePrefix("gorilla-safari/linked/")).toBe(0);
  });
});
