CREATE TABLE `sick_certificates` (
	`id` text PRIMARY KEY NOT NULL,
	`sick_entry_id` text NOT NULL,
	`employee_id` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`bytes` blob NOT NULL,
	`uploaded_at` integer NOT NULL,
	`uploaded_by_user_id` text,
	FOREIGN KEY (`sick_entry_id`) REFERENCES `sick_leave_entries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sick_certificates_sick_entry_id_unique` ON `sick_certificates` (`sick_entry_id`);