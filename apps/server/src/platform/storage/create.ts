import path from 'node:path';
import { ConfigError, type Config } from '../config';
import { LocalStorage, type FileStorage } from './index';
import { S3Storage } from './s3';

type StorageConfig = Pick<
  Config,
  | 'DATA_DIR'
  | 'S3_BUCKET'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** Checks the S3_* variables together, with one sentence naming what to fix (at start-up, beside loadConfig). */
export function checkStorageConfig(config: StorageConfig): void {
  const others = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => config[name]);
  if (!config.S3_BUCKET) {
    if (others.length > 0) {
      throw new ConfigError(
        `Invalid configuration: S3_BUCKET must be set when ${others.join(', ')} ${others.length > 1 ? 'are' : 'is'} set (or unset them to keep files in DATA_DIR/files).`,
      );
    }
    return;
  }
  if (!BUCKET.test(config.S3_BUCKET)) {
    throw new ConfigError(
      `Invalid configuration: S3_BUCKET must be a bucket name of 3 to 63 lower-case letters, digits, dots and hyphens (got "${config.S3_BUCKET}").`,
    );
  }
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (to use the credentials of the machine or container).',
    );
  }
  if (!/^[a-z0-9-]{2,40}$/.test(config.S3_REGION)) {
    throw new ConfigError(
      `Invalid configuration: S3_REGION must be a region name such as eu-west-2 or auto (got "${config.S3_REGION}").`,
    );
  }
}

/** Local disk in DATA_DIR/files by default; an S3-compatible bucket when S3_BUCKET is set. */
export function createStorage(config: StorageConfig): FileStorage {
  checkStorageConfig(config);
  if (config.S3_BUCKET) {
    return new S3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalStorage(path.join(config.DATA_DIR, 'files'));
}
