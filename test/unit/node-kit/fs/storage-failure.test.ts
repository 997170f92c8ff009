import { describe, expect, it } from 'vitest';
import {
  describeStorageFailure,
  isSqliteFailure,
} from '../../../../src/node-kit/fs/storage-failure';

const withCode = (code: string, message = `${code}: system words`) =>
  Object.assign(new Error(message), { code });

describe('describeStorageFailure', () => {
  it.each([
    ['ENOSPC', 'the disk is full (ENOSPC)'],
    ['SQLITE_FULL', 'the disk is full (SQLITE_FULL)'],
    ['EDQUOT', 'the disk quota is used up (EDQUOT)'],
    ['EROFS', 'the disk is read-only (EROFS)'],
    ['SQLITE_READONLY_DBMOVED', 'the disk is read-only (SQLITE_READONLY_DBMOVED)'],
    ['EACCES', 'permission denied (EACCES)'],
    ['EPERM', 'permission denied (EPERM)'],
    ['EIO', 'the disk reported an I/O error (EIO)'],
    ['SQLITE_IOERR_WRITE', 'the disk reported an I/O error (SQLITE_IOERR_WRITE)'],
    ['EFBIG', 'the file would exceed the largest size allowed (EFBIG)'],
  ])('%s: %s', (code, words) => {
    expect(describeStorageFailure(withCode(code))).toBe(words);
  });

  it('falls back to the message of an error it has no words for', () => {
    expect(describeStorageFailure(withCode('EWHATEVER', 'odd failure'))).toBe('odd failure');
    expect(describeStorageFailure(new Error('plain'))).toBe('plain');
    expect(describeStorageFailure('text')).toBe('text');
    expect(describeStorageFailure(null)).toBe('null');
  });
});

describe('isSqliteFailure', () => {
  it('tells the job store’s own failures from anything else', () => {
    expect(isSqliteFailure(withCode('SQLITE_FULL'))).toBe(true);
    expect(isSqliteFailure(withCode('ENOSPC'))).toBe(false);
    expect(isSqliteFailure(new TypeError('a bug'))).toBe(false);
    expect(isSqliteFailure(undefined)).toBe(false);
  });
});
