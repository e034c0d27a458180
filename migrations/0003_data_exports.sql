CREATE TABLE `data_exports` (
	`id` text PRIMARY KEY NOT NULL,
	`employee_id` text,
	`user_id` text,
	`requested_via` text NOT NULL,
	`requested_by_user_id` text,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`ready_at` integer,
	`expires_at` integer NOT NULL,
	`archive` blob,
	`size_bytes` integer,
	`download_count` integer DEFAULT 0 NOT NULL,
	`last_downloaded_at` integer,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `data_exports_employee_idx` ON `data_exports` (`employee_id`,`created_at`);