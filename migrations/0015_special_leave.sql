ALTER TABLE `leave_types` ADD `event_days` real;--> statement-breakpoint
ALTER TABLE `leave_types` ADD `event_unit` text DEFAULT 'WORKING_DAYS' NOT NULL;--> statement-breakpoint
ALTER TABLE `leave_types` ADD `event_within_months` integer;