import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { s3SettingsOf } from './storage.ts';

const S3 = {
  S3_ENDPOINT: 'https://s3.example.com',
  S3_BUCKET: 'mms-sekolah',
  S3_ACCESS_KEY_ID: 'AKIA',
  S3_SECRET_ACCESS_KEY: 'rahasia',
};

describe('S3 settings (S3_*)', () => {
  it('keeps files on the local disk when S3_BUCKET is unset', () => {
    expect(s3SettingsOf(loadConfig({}))).toBeNull();
    expect(s3SettingsOf(loadConfig({ S3_BUCKET: '' }))).toBeNull();
  });

  it('reads a complete S3 configuration, with us-east-1 and virtual-host style by default', () => {
    expect(s3SettingsOf(loadConfig(S3))).toEqual({
      endpoint: 'https://s3.example.com',
      bucket: 'mms-sekolah',
      region: 'us-east-1',
      accessKeyId: 'AKIA',
      secretAccessKey: 'rahasia',
      forcePathStyle: false,
    });
    expect(s3SettingsOf(loadConfig({ ...S3, S3_REGION: 'ap-southeast-3', S3_FORCE_PATH_STYLE: 'true' }))).toMatchObject(
      { region: 'ap-southeast-3', forcePathStyle: true },
    );
  });

  it.each([
    [{ ...S3, S3_ENDPOINT: 'ftp://s3.example.com' }, 'S3_ENDPOINT'],
    [{ ...S3, S3_ENDPOINT: 'bukan url' }, 'S3_ENDPOINT'],
    [{ ...S3, S3_BUCKET: 'Bucket_Besar' }, 'S3_BUCKET'],
    [{ ...S3, S3_REGION: 'Jakarta Raya' }, 'S3_REGION'],
    [{ ...S3, S3_FORCE_PATH_STYLE: 'ya' }, 'S3_FORCE_PATH_STYLE'],
    [{ ...S3, S3_SECRET_ACCESS_KEY: '' }, 'S3_SECRET_ACCESS_KEY'],
    [{ ...S3, S3_ACCESS_KEY_ID: '' }, 'S3_ACCESS_KEY_ID'],
    [{ S3_ENDPOINT: 'https://s3.example.com' }, 'S3_BUCKET'],
  ])('stops on %o with a one-line message naming %s', (env, name) => {
    try {
      loadConfig(env);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as Error).message).toContain(name);
      expect((err as Error).message).not.toContain('\n');
    }
  });
});
