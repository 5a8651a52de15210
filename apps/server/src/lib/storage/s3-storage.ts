import type * as S3Sdk from '@aws-sdk/client-s3';
import { assertStorageKey, type BlobStorage } from './storage';

export interface S3Settings {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

/** Blobs as objects of one bucket of any S3-compatible store (AWS, MinIO, R2) through the AWS SDK. */
export function createS3Storage(settings: S3Settings): BlobStorage {
  // The AWS SDK loads with the first blob read or written: a start does not wait for it.
  let loading: Promise<{ sdk: typeof S3Sdk; client: S3Sdk.S3Client }> | null = null;
  const connect = () => (loading ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: newClient(sdk, settings) })));
  const Bucket = settings.bucket;
  return {
    async put(key, data, contentType) {
      assertStorageKey(key);
      const { sdk, client } = await connect();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType, ContentLength: data.length }));
    },
    async get(key) {
      assertStorageKey(key);
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (
          error instanceof sdk.NoSuchKey ||
          (error as { name?: string }).name === 'NoSuchKey' ||
          (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
        ) {
          return null;
        }
        throw error;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

/** The SDK's client for these settings. */
function newClient(sdk: typeof S3Sdk, settings: S3Settings): S3Sdk.S3Client {
  return new sdk.S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Checksums only where the API demands them: several S3-compatible stores refuse the newer trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
