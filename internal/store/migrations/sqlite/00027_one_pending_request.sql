-- +goose Up
-- One pending request per action and target: a second one for the same change is refused, and the index holds it
-- even when two are filed at once. Duplicates already pending are voided first, keeping the oldest of each.
UPDATE approvals SET status = 'void', decision_reason = 'Another request for the same change was pending.'
WHERE status = 'pending' AND id NOT IN (SELECT min(id) FROM approvals WHERE status = 'pending' GROUP BY action, target);
CREATE UNIQUE INDEX approvals_one_pending_idx ON approvals (action, target) WHERE status = 'pending';

-- +goose Down
DROP INDEX approvals_one_pending_idx;
