CREATE TABLE `sync_tombstones` (
	`id` text PRIMARY KEY NOT NULL,
	`employee_id` text NOT NULL,
	`list` text NOT NULL,
	`row_id` text NOT NULL,
	`deleted_at` integer NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sync_tombstones_emp_list_idx` ON `sync_tombstones` (`employee_id`,`list`,`deleted_at`);--> statement-breakpoint
CREATE INDEX `sync_tombstones_deleted_idx` ON `sync_tombstones` (`deleted_at`);