ALTER TABLE `application_tasks` ADD `assignee_employee_id` text REFERENCES employees(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `applications` ADD `employee_id` text REFERENCES employees(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `positions` ADD `advertisements` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `positions` ADD `start_date` text;--> statement-breakpoint
-- An advertisement written before languages is kept as the text in the organisation's first language.
UPDATE `positions` SET `advertisements` = json_object(
  coalesce((SELECT json_extract(`value`, '$[0]') FROM `settings` WHERE `key` = 'org.languages'), 'de'),
  `advertisement`
) WHERE `advertisement` IS NOT NULL AND `advertisement` <> '';--> statement-breakpoint
ALTER TABLE `positions` DROP COLUMN `advertisement`;--> statement-breakpoint
ALTER TABLE `stage_automatic_tasks` ADD `email_texts` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `stage_automatic_tasks` ADD `assignee` text DEFAULT 'HR' NOT NULL;--> statement-breakpoint
-- A candidate e-mail written before languages is kept as its German text (German is required).
UPDATE `stage_automatic_tasks` SET `email_texts` = json_object(
  'de', json_object('subject', `email_subject`, 'body', `email_body`)
) WHERE `email_subject` IS NOT NULL AND `email_body` IS NOT NULL;--> statement-breakpoint
ALTER TABLE `stage_automatic_tasks` DROP COLUMN `email_subject`;--> statement-breakpoint
ALTER TABLE `stage_automatic_tasks` DROP COLUMN `email_body`;
