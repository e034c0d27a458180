-- Report: {count} open invitation link(s) that an older version kept in clear in its outbox (and so in any copy of the database made before the upgrade) no longer set a password; invite these people again (user invite).
UPDATE `invitations` SET `replaced_at` = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
WHERE `used_at` IS NULL AND `replaced_at` IS NULL
  AND `expires_at` > CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
  AND EXISTS (
    SELECT 1 FROM `mail_outbox` AS `m`
    WHERE `m`.`related_to` = 'invitation:' || `invitations`.`user_id`
      AND `m`.`text_body` = '(The single-use link this message carried is not kept.)'
      AND `m`.`created_at` >= `invitations`.`created_at`
  );--> statement-breakpoint
-- Scrub: the messages whose links 0018 removed; what they held may still rest in the file's free pages and in its log.
UPDATE `mail_outbox` SET `html_body` = NULL
WHERE `related_to` LIKE 'invitation:%' AND `text_body` = '(The single-use link this message carried is not kept.)';
