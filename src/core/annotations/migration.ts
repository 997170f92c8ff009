/**
 * The job store's tables for what people add to jobs (schema step 3 of cache/migrations.ts):
 * tags (one row per tag, indexed by tag for `tag:` searches), notes, and a row per job submitted
 * from this app or qjob with the payload text exactly as it was sent, the device as the device
 * list showed it then, and where the payload came from (another job: a rerun; a bundle file).
 */
export const ANNOTATION_TABLES = `
  CREATE TABLE job_tags (
    profile TEXT    NOT NULL,
    job_id  INTEGER NOT NULL,
    tag     TEXT    NOT NULL,
    PRIMARY KEY (profile, job_id, tag)
  ) WITHOUT ROWID;
  CREATE INDEX job_tags_by_tag ON job_tags (profile, tag);

  CREATE TABLE job_notes (
    profile    TEXT    NOT NULL,
    job_id     INTEGER NOT NULL,
    note       TEXT    NOT NULL,
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (profile, job_id)
  );

  CREATE TABLE submissions (
    profile        TEXT    NOT NULL,
    job_id         INTEGER NOT NULL,
    payload        TEXT    NOT NULL,
    device_code    TEXT    NOT NULL,
    device         TEXT,
    device_seen_at TEXT,
    origin         TEXT,
    origin_job     INTEGER,
    submitted_at   TEXT    NOT NULL,
    PRIMARY KEY (profile, job_id)
  );
  CREATE INDEX submissions_by_origin ON submissions (profile, origin_job);
`;
