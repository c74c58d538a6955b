/**
 * A real S3-protocol server on loopback for the storage tests: s3rver (S3's REST API over HTTP,
 * objects on disk in a temporary directory), on a random port, with one bucket. Its fixed
 * credentials are S3RVER / S3RVER; it signs and checks requests as S3 does.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import S3rver from "s3rver";

import type { S3Config } from "@/lib/storage/s3";

export async function startS3Server(bucket = "tour-images") {
  const directory = await mkdtemp(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config: S3Config = {
    endpoint,
    bucket,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  };
  return {
    config,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
