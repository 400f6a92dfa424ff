-- Keys are stored as a SHA-256 of their secret part: a leaked table does not leak keys.
CREATE TABLE api_keys (
  id          text PRIMARY KEY,
  user_id     text NOT NULL,
  name        text,
  secret_hash text NOT NULL,
  created     timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz
);
CREATE INDEX api_keys_user_idx ON api_keys (user_id);

CREATE TABLE projects (
  id          text PRIMARY KEY,
  user_id     text NOT NULL,
  name        text NOT NULL,
  description text NOT NULL DEFAULT '',
  is_default  boolean NOT NULL DEFAULT false,
  created     timestamptz NOT NULL DEFAULT now(),
  updated     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX projects_user_idx ON projects (user_id, created);
-- Concurrent first uploads of a user race to create the Default Project; this index lets exactly one win.
CREATE UNIQUE INDEX projects_one_default_per_user ON projects (user_id) WHERE is_default;

CREATE TABLE blueprints (
  id          text PRIMARY KEY,
  project_id  text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  user_id     text NOT NULL,
  name        text NOT NULL,
  description text,
  page_count  integer,
  scale       jsonb,
  geojson     jsonb,
  url_width   integer,
  url_height  integer,
  url_dpi     integer,
  ready       jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- artifact name -> { key, revision, content_type }; tiles -> { revision, prefix, max_zoom, names }
  artifacts   jsonb NOT NULL DEFAULT '{}'::jsonb,
  revision    integer NOT NULL DEFAULT 0,
  created     timestamptz NOT NULL DEFAULT now(),
  updated     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX blueprints_project_idx ON blueprints (project_id);

CREATE TABLE blueprint_words (
  blueprint_id text NOT NULL REFERENCES blueprints (id) ON DELETE CASCADE,
  seq          integer NOT NULL,
  word         jsonb NOT NULL,
  PRIMARY KEY (blueprint_id, seq)
);

CREATE TABLE jobs (
  id            text PRIMARY KEY,
  project_id    text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  user_id       text NOT NULL,
  blueprint_id  text NOT NULL,
  filename      text NOT NULL,
  source_key    text NOT NULL,
  status        text NOT NULL,
  state         text,
  progress      integer NOT NULL DEFAULT 0,
  error_code    text,
  error_message text,
  attempts      integer NOT NULL DEFAULT 0,
  created       timestamptz NOT NULL DEFAULT now(),
  updated       timestamptz NOT NULL DEFAULT now(),
  finished_at   timestamptz
);
CREATE INDEX jobs_project_idx ON jobs (project_id, created);

CREATE TABLE uploads (
  file_uuid      text PRIMARY KEY,
  user_id        text NOT NULL,
  project_id     text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  filename       text NOT NULL,
  storage_key    text NOT NULL,
  expires_at     timestamptz NOT NULL,
  received_bytes bigint,
  job_id         text UNIQUE,
  created        timestamptz NOT NULL DEFAULT now()
);
