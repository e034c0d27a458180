CREATE TABLE `application_files` (
	`id` text PRIMARY KEY NOT NULL,
	`application_id` text NOT NULL,
	`kind` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`bytes` blob NOT NULL,
	`uploaded_at` integer NOT NULL,
	FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `application_files_app_kind_idx` ON `application_files` (`application_id`,`kind`);--> statement-breakpoint
ALTER TABLE `applications` ADD `candidate_language` text DEFAULT 'de' NOT NULL;--> statement-breakpoint
ALTER TABLE `applications` ADD `consented_at` integer;