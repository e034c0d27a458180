CREATE TABLE `leave_adjustments` (
	`id` text PRIMARY KEY NOT NULL,
	`employee_id` text NOT NULL,
	`leave_type_id` text NOT NULL,
	`year` integer NOT NULL,
	`days` real NOT NULL,
	`note` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`leave_type_id`) REFERENCES `leave_types`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `leave_adjustments_emp_type_year_idx` ON `leave_adjustments` (`employee_id`,`leave_type_id`,`year`);--> statement-breakpoint
ALTER TABLE `leave_types` ADD `name_it` text;--> statement-breakpoint
ALTER TABLE `leave_types` ADD `entitlement_steps` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `leave_types` ADD `allow_half_days` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `workload_changes` ADD `working_weekdays` text;