CREATE TABLE `onboarding_template_tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`template_id` text NOT NULL,
	`phase` text NOT NULL,
	`title` text NOT NULL,
	`offset_days` integer DEFAULT 0 NOT NULL,
	`assignee` text DEFAULT 'PERSON' NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`template_id`) REFERENCES `onboarding_templates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `onboarding_template_tasks_tpl_idx` ON `onboarding_template_tasks` (`template_id`,`sort_order`);--> statement-breakpoint
CREATE TABLE `onboarding_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `onboarding_templates_key_unique` ON `onboarding_templates` (`key`);