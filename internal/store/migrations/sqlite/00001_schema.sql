-- +goose Up
-- The whole data model: users and staff, roles and permissions, sessions, coins, wallets, transactions, the promotion, the audit log.
-- SQLite flavour of migrations/postgres: money is canonical decimal TEXT (never
-- REAL: summed exactly by dec_sum), timestamps are UTC text that sorts in time order.
CREATE TABLE server_secrets (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE roles (
    id          INTEGER PRIMARY KEY,
    role        TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    builtin     BOOLEAN NOT NULL DEFAULT FALSE,
    created_at  TIMESTAMP NOT NULL,
    updated_at  TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX roles_role_uq ON roles (lower(role));

CREATE TABLE role_permissions (
    role_id    BIGINT NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
    permission TEXT NOT NULL,
    PRIMARY KEY (role_id, permission)
);

CREATE TABLE users (
    id              INTEGER PRIMARY KEY,
    email           TEXT NOT NULL,
    username        TEXT NOT NULL,
    full_name       TEXT NOT NULL,
    password_hash   TEXT NOT NULL,
    enabled         BOOLEAN NOT NULL DEFAULT TRUE,
    email_verified  BOOLEAN NOT NULL DEFAULT FALSE,
    verified_at     TIMESTAMP,
    is_admin        BOOLEAN NOT NULL DEFAULT FALSE, -- the security role ROLE_ADMIN
    role_id         BIGINT REFERENCES roles (id),   -- the one permission role of a staff member
    ga_enabled      BOOLEAN NOT NULL DEFAULT FALSE,
    ga_secret       TEXT,                           -- pending until ga_enabled
    ga_last_step    BIGINT NOT NULL DEFAULT 0,      -- last accepted TOTP step (no replay)
    sms_2fa_enabled BOOLEAN NOT NULL DEFAULT FALSE,
    sms_verified    BOOLEAN NOT NULL DEFAULT FALSE,
    phone_number    TEXT,
    invitation_code TEXT NOT NULL,
    invited_by      BIGINT REFERENCES users (id),
    device_type     TEXT NOT NULL DEFAULT '',
    last_login      TIMESTAMP,
    last_seen_at    TIMESTAMP,
    created_at      TIMESTAMP NOT NULL,
    updated_at      TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX users_email_uq ON users (lower(email));
CREATE UNIQUE INDEX users_username_uq ON users (lower(username));
CREATE UNIQUE INDEX users_invitation_code_uq ON users (invitation_code);
CREATE INDEX users_admin_idx ON users (is_admin, id);
CREATE INDEX users_role_idx ON users (role_id);
CREATE INDEX users_invited_by_idx ON users (invited_by);
CREATE INDEX users_created_idx ON users (created_at);
CREATE INDEX users_verified_idx ON users (verified_at);
CREATE INDEX users_last_seen_idx ON users (last_seen_at);

CREATE TABLE sessions (
    id           INTEGER PRIMARY KEY,
    user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash   TEXT NOT NULL,
    kind         TEXT NOT NULL CHECK (kind IN ('pending', 'setup', 'full')),
    platform     TEXT NOT NULL DEFAULT '',
    device_model TEXT NOT NULL DEFAULT '',
    ip           TEXT NOT NULL DEFAULT '',
    first_device BOOLEAN NOT NULL DEFAULT FALSE,
    failed_codes INTEGER NOT NULL DEFAULT 0,
    created_at   TIMESTAMP NOT NULL,
    updated_at   TIMESTAMP NOT NULL,
    expires_at   TIMESTAMP NOT NULL,
    revoked_at   TIMESTAMP
);
CREATE UNIQUE INDEX sessions_token_uq ON sessions (token_hash);
CREATE INDEX sessions_user_idx ON sessions (user_id, created_at DESC);

CREATE TABLE login_attempts (
    id         INTEGER PRIMARY KEY,
    username   TEXT NOT NULL,
    ip         TEXT NOT NULL,
    success    BOOLEAN NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX login_attempts_username_idx ON login_attempts (username, created_at);
CREATE INDEX login_attempts_ip_idx ON login_attempts (ip, created_at);

CREATE TABLE captcha_used (
    challenge  TEXT PRIMARY KEY,
    expires_at TIMESTAMP NOT NULL
);
CREATE INDEX captcha_used_expires_idx ON captcha_used (expires_at);

CREATE TABLE password_resets (
    id         INTEGER PRIMARY KEY,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at    TIMESTAMP
);
CREATE UNIQUE INDEX password_resets_token_uq ON password_resets (token_hash);
CREATE INDEX password_resets_user_idx ON password_resets (user_id);

-- Chain coins (blockchain_id NULL) and tokens on a chain coin.
CREATE TABLE coins (
    id               INTEGER PRIMARY KEY,
    name             TEXT NOT NULL,
    symbol           TEXT NOT NULL,
    icon             TEXT NOT NULL DEFAULT '',
    kind             TEXT NOT NULL CHECK (kind IN ('coin', 'token')),
    blockchain_id    BIGINT REFERENCES coins (id),
    main_contract    TEXT,
    test_contract    TEXT,
    decimals         INTEGER NOT NULL CHECK (decimals >= 0),
    max_confirmation INTEGER NOT NULL CHECK (max_confirmation >= 1),
    min_spendable    TEXT NOT NULL DEFAULT '0',
    fiat_rate        TEXT NOT NULL DEFAULT '0', -- USD per coin
    conversion_rate  TEXT NOT NULL DEFAULT '1',
    explorer_tx_url  TEXT NOT NULL DEFAULT '',           -- "{hash}" is replaced
    position         INTEGER NOT NULL DEFAULT 0,
    created_at       TIMESTAMP NOT NULL,
    updated_at       TIMESTAMP NOT NULL,
    CHECK ((kind = 'coin') = (blockchain_id IS NULL))
);
CREATE UNIQUE INDEX coins_symbol_uq ON coins (coalesce(blockchain_id, 0), lower(symbol));
CREATE INDEX coins_position_idx ON coins (kind, position, id);

CREATE TABLE market_candles (
    coin_id BIGINT NOT NULL REFERENCES coins (id) ON DELETE CASCADE,
    day     DATE NOT NULL,
    open    TEXT NOT NULL,
    close   TEXT NOT NULL,
    high    TEXT NOT NULL,
    low     TEXT NOT NULL,
    PRIMARY KEY (coin_id, day)
);

CREATE TABLE wallets (
    id         INTEGER PRIMARY KEY,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    coin_id    BIGINT NOT NULL REFERENCES coins (id),
    name       TEXT NOT NULL,
    network    TEXT NOT NULL DEFAULT 'main' CHECK (network IN ('main', 'test')),
    balance    TEXT NOT NULL DEFAULT '0',
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX wallets_user_idx ON wallets (user_id, coin_id);
CREATE INDEX wallets_user_name_idx ON wallets (user_id, name);
CREATE INDEX wallets_coin_idx ON wallets (coin_id, network);

CREATE TABLE wallet_addresses (
    id         INTEGER PRIMARY KEY,
    wallet_id  BIGINT NOT NULL REFERENCES wallets (id) ON DELETE CASCADE,
    address    TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX wallet_addresses_wallet_idx ON wallet_addresses (wallet_id);
CREATE INDEX wallet_addresses_address_idx ON wallet_addresses (address);

-- The company's own wallet per coin (the "xapa balance").
CREATE TABLE company_wallets (
    id          INTEGER PRIMARY KEY,
    coin_id     BIGINT NOT NULL REFERENCES coins (id),
    address     TEXT NOT NULL,
    balance     TEXT NOT NULL DEFAULT '0',
    network_fee TEXT NOT NULL DEFAULT '0',
    updated_at  TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX company_wallets_coin_uq ON company_wallets (coin_id);

CREATE TABLE transactions (
    id               INTEGER PRIMARY KEY,
    user_id          BIGINT NOT NULL REFERENCES users (id),
    wallet_id        BIGINT NOT NULL REFERENCES wallets (id),
    coin_id          BIGINT NOT NULL REFERENCES coins (id),
    type             TEXT NOT NULL CHECK (type IN ('received', 'sent')),
    network          TEXT NOT NULL CHECK (network IN ('main', 'test')),
    status           TEXT NOT NULL CHECK (status IN ('pending', 'confirmed', 'failed')),
    confirmations    INTEGER NOT NULL DEFAULT 0,
    max_confirmation INTEGER NOT NULL,
    amount           TEXT NOT NULL,
    network_fee      TEXT NOT NULL DEFAULT '0',
    commission       TEXT NOT NULL DEFAULT '0', -- the company's revenue on a send
    fee              TEXT NOT NULL DEFAULT '0', -- what the user paid: network fee + commission
    hash             TEXT NOT NULL,
    explorer_url     TEXT NOT NULL DEFAULT '',
    receiver_address TEXT NOT NULL DEFAULT '',
    is_exchange      BOOLEAN NOT NULL DEFAULT FALSE,
    created_at       TIMESTAMP NOT NULL,
    updated_at       TIMESTAMP NOT NULL
);
CREATE INDEX transactions_created_idx ON transactions (created_at DESC, id DESC);
CREATE INDEX transactions_network_idx ON transactions (network, created_at DESC, id DESC);
CREATE INDEX transactions_coin_idx ON transactions (network, coin_id, created_at DESC, id DESC);
CREATE INDEX transactions_type_idx ON transactions (network, type, created_at DESC, id DESC);
CREATE INDEX transactions_user_idx ON transactions (user_id, created_at DESC, id DESC);
CREATE INDEX transactions_wallet_idx ON transactions (wallet_id);
CREATE INDEX transactions_hash_idx ON transactions (hash);
CREATE INDEX transactions_open_idx ON transactions (status, created_at) WHERE status = 'pending';

CREATE TABLE exchanges (
    id             INTEGER PRIMARY KEY,
    user_id        BIGINT NOT NULL REFERENCES users (id),
    from_wallet_id BIGINT NOT NULL REFERENCES wallets (id),
    to_wallet_id   BIGINT NOT NULL REFERENCES wallets (id),
    from_coin_id   BIGINT NOT NULL REFERENCES coins (id),
    to_coin_id     BIGINT NOT NULL REFERENCES coins (id),
    exchange_rate  TEXT NOT NULL,
    from_amount    TEXT NOT NULL,
    to_amount      TEXT NOT NULL,
    fee            TEXT NOT NULL DEFAULT '0', -- in the source coin: the company's exchange revenue
    created_at     TIMESTAMP NOT NULL
);
CREATE INDEX exchanges_created_idx ON exchanges (created_at DESC, id DESC);
CREATE INDEX exchanges_user_idx ON exchanges (user_id, created_at DESC);

CREATE TABLE bonuses (
    id              INTEGER PRIMARY KEY,
    user_id         BIGINT NOT NULL REFERENCES users (id),
    invited_user_id BIGINT NOT NULL REFERENCES users (id),
    wallet_id       BIGINT NOT NULL REFERENCES wallets (id),
    coin_id         BIGINT NOT NULL REFERENCES coins (id),
    kind            TEXT NOT NULL CHECK (kind IN ('inviter', 'invited')),
    amount          TEXT NOT NULL,
    usd_amount      TEXT NOT NULL,
    created_at      TIMESTAMP NOT NULL
);
CREATE INDEX bonuses_created_idx ON bonuses (created_at DESC, id DESC);
CREATE INDEX bonuses_user_idx ON bonuses (user_id, created_at DESC);
CREATE INDEX bonuses_invited_idx ON bonuses (invited_user_id);

CREATE TABLE app_versions (
    id                    INTEGER PRIMARY KEY,
    name                  TEXT NOT NULL,
    platform              TEXT NOT NULL CHECK (platform IN ('Android', 'IOS', 'Web')),
    release_date          TIMESTAMP NOT NULL,
    force_update_required BOOLEAN NOT NULL DEFAULT FALSE,
    created_at            TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX app_versions_name_uq ON app_versions (platform, name);
CREATE INDEX app_versions_release_idx ON app_versions (release_date DESC, id DESC);

-- The group names the changelog builder offers.
CREATE TABLE changelog_group_names (
    id       INTEGER PRIMARY KEY,
    name     TEXT NOT NULL UNIQUE,
    position INTEGER NOT NULL DEFAULT 0
);
INSERT INTO changelog_group_names (name, position) VALUES
    ('New Features', 1), ('Improvements', 2), ('Bug Fixes', 3), ('Security', 4), ('Known Issues', 5);

CREATE TABLE app_version_groups (
    id             INTEGER PRIMARY KEY,
    app_version_id BIGINT NOT NULL REFERENCES app_versions (id) ON DELETE CASCADE,
    group_name     TEXT NOT NULL,
    position       INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX app_version_groups_version_idx ON app_version_groups (app_version_id, position);

CREATE TABLE app_version_items (
    id       INTEGER PRIMARY KEY,
    group_id BIGINT NOT NULL REFERENCES app_version_groups (id) ON DELETE CASCADE,
    text     TEXT NOT NULL,
    position INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX app_version_items_group_idx ON app_version_items (group_id, position);

-- One row: the referral promotion. Amounts are USD.
CREATE TABLE promotion_settings (
    id                INTEGER PRIMARY KEY CHECK (id = 1),
    is_enabled        BOOLEAN NOT NULL DEFAULT FALSE,
    start_date        TIMESTAMP NOT NULL,
    end_date          TIMESTAMP NOT NULL,
    inviter_coin_id   BIGINT NOT NULL REFERENCES coins (id),
    inviter_amount    TEXT NOT NULL DEFAULT '0',
    inviter_default   TEXT NOT NULL DEFAULT '0',
    invited_coin_id   BIGINT NOT NULL REFERENCES coins (id),
    invited_amount    TEXT NOT NULL DEFAULT '0',
    invited_default   TEXT NOT NULL DEFAULT '0',
    network           TEXT NOT NULL DEFAULT 'main',
    waiting_days      INTEGER NOT NULL DEFAULT 50,
    total_duration_ms BIGINT NOT NULL DEFAULT 0,
    updated_at        TIMESTAMP NOT NULL,
    updated_by        BIGINT REFERENCES users (id)
);

CREATE TABLE promotion_minimums (
    id       INTEGER PRIMARY KEY,
    coin_id  BIGINT NOT NULL REFERENCES coins (id),
    amount   TEXT NOT NULL, -- USD
    position INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX promotion_minimums_coin_uq ON promotion_minimums (coin_id);

CREATE TABLE market_blacklist (
    id          INTEGER PRIMARY KEY,
    market_name TEXT NOT NULL UNIQUE,
    created_at  TIMESTAMP NOT NULL
);

CREATE TABLE outbox (
    id         INTEGER PRIMARY KEY,
    to_address TEXT NOT NULL,
    subject    TEXT NOT NULL,
    body       TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    sent_at    TIMESTAMP
);
CREATE INDEX outbox_created_idx ON outbox (created_at);

-- Append only: nothing updates or deletes a row.
CREATE TABLE audit_log (
    id          INTEGER PRIMARY KEY,
    actor_id    BIGINT,
    actor_email TEXT NOT NULL DEFAULT '',
    action      TEXT NOT NULL,
    target      TEXT NOT NULL DEFAULT '',
    details     TEXT NOT NULL DEFAULT '{}',
    ip          TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, created_at DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action, created_at DESC);

-- +goose Down
DROP TABLE audit_log;
DROP TABLE outbox;
DROP TABLE market_blacklist;
DROP TABLE promotion_minimums;
DROP TABLE promotion_settings;
DROP TABLE app_version_items;
DROP TABLE app_version_groups;
DROP TABLE changelog_group_names;
DROP TABLE app_versions;
DROP TABLE bonuses;
DROP TABLE exchanges;
DROP TABLE transactions;
DROP TABLE company_wallets;
DROP TABLE wallet_addresses;
DROP TABLE wallets;
DROP TABLE market_candles;
DROP TABLE coins;
DROP TABLE password_resets;
DROP TABLE captcha_used;
DROP TABLE login_attempts;
DROP TABLE sessions;
DROP TABLE users;
DROP TABLE role_permissions;
DROP TABLE roles;
DROP TABLE server_secrets;
