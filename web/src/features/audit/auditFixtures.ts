import type { AuditPage, AuditRow } from './types';

/** An audit entry: the demo staff member updating a role; every field can be overridden. */
export function makeAuditRow(overrides: Partial<AuditRow> = {}): AuditRow {
  return {
    id: 41,
    actor: { id: 3, email: 'dana@xapa.example' },
    action: 'role.update',
    target: 'role:5',
    target_label: 'Support',
    details: { role: 'Support', added: ['ADMIN_EDIT_USER'] },
    ip: '203.0.113.9',
    created_at: '2026-11-22T09:05:07+00:00',
    ...overrides,
  };
}

/** A list reply of `rows` out of `total`. */
export function auditPage(rows: AuditRow[], total = rows.length, page = 1, perPage = 25): AuditPage {
  return { audit: rows, page, items_per_page: perPage, total_items: total, total_pages: Math.ceil(total / perPage) };
}
