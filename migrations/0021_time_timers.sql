CREATE TABLE `time_timers` (
	`id` text PRIMARY KEY NOT NULL,
	`employee_id` text NOT NULL,
	`started_at` integer NOT NULL,
	`type` text DEFAULT 'REGULAR' NOT NULL,
	`project_code` text,
	`description` text,
	`channel` text DEFAULT 'PORTAL' NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `time_timers_employee_id_unique` ON `time_timers` (`employee_id`);