import {
  DeleteObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";

import { IMMUTABLE_CACHE_CONTROL, type StorageDriver } from "./driver";
import {
  assertStorableAs,
  assertStorageKey,
  InvalidStorageKeyError,
  isStorageKey,
  isStoragePrefix,
} from "./picture";

export type S3Config = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers read objects ('https://images.example.com'); default '{endpoint}/{bucket}'. */
  publicUrl?: string;
};

/**
 * Objects in an S3 bucket (MinIO, or any S3-protocol service). Path-style addressing
 * (`{endpoint}/{bucket}/{key}`), which MinIO needs; checksums only where S3 requires them, as
 * MinIO and smaller S3 servers do not all accept the SDK's default CRC headers. Every object is
 * written with its content type and an immutable Cache-Control, which the bucket serves back.
 */
export function createS3Storage(config: S3Config): StorageDriver {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  });
  const Bucket = config.bucket;
  const publicBase = (
    config.publicUrl ?? `${config.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(Bucket)}`
  ).replace(/\/+$/, "");

  return {
    kind: "s3",

    async put(key, bytes, contentType) {
      assertStorableAs(key, contentType);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
      );
    },

    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async deletePrefix(prefix) {
      if (!isStoragePrefix(prefix)) throw new InvalidStorageKeyError(prefix);
      let deleted = 0;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        );
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
        // One request per object: DeleteObjects needs a checksum header that not every
        // S3-protocol server accepts, and a tour has a few dozen objects at most.
        for (let i = 0; i < keys.length; i += 8) {
          await Promise.all(
            keys
              .slice(i, i + 8)
              .map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key }))),
          );
        }
        deleted += keys.length;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return deleted;
    },

    async exists(key) {
      if (!isStorageKey(key)) throw new InvalidStorageKeyError(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) {
          return false;
        }
        throw error;
      }
    },

    url(key) {
      assertStorageKey(key);
      return `${publicBase}/${key}`;
    },
  };
}
