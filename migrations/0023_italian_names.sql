ALTER TABLE `closure_periods` ADD `name_it` text;--> statement-breakpoint
ALTER TABLE `school_holidays` ADD `name_it` text;--> statement-breakpoint
ALTER TABLE `stages` ADD `name_it` text;