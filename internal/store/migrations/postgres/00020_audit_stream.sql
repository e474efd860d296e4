-- +goose Up
-- The audit stream (issue 23; docs/decisions/0014-audit-stream.md): the id of the last audit entry the receiver of
-- --audit-webhook-url acknowledged (0: none yet). One row; the delivering node moves it on after each batch answered
-- with a 2xx, never back, so a restarted node or another taking over goes on after it.
CREATE TABLE audit_stream (
    id       INTEGER PRIMARY KEY CHECK (id = 1),
    acked_id BIGINT NOT NULL
);
INSERT INTO audit_stream (id, acked_id) VALUES (1, 0);

-- +goose Down
DROP TABLE audit_stream;
