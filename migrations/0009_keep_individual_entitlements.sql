-- Entitlements now come from the leave type's policy. A person whose stored yearly days differed from the
-- type's default keeps the difference as a correction with a note, so an upgrade changes no balance's basis.
INSERT INTO `leave_adjustments` (`id`, `employee_id`, `leave_type_id`, `year`, `days`, `note`, `created_by`, `created_at`)
SELECT lower(hex(randomblob(16))), e.`employee_id`, e.`leave_type_id`, e.`year`,
  e.`base_days` - t.`default_annual_days`,
  'Individual entitlement of ' || printf('%g', e.`base_days`) || ' days a year (full time) before leave policies',
  'migration', CAST(strftime('%s', 'now') AS INTEGER) * 1000
FROM `leave_entitlements` e JOIN `leave_types` t ON t.`id` = e.`leave_type_id`
WHERE t.`deducts_balance` = 1 AND e.`base_days` != 0 AND e.`base_days` != t.`default_annual_days`;
