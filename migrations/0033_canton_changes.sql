CREATE TABLE `canton_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`employee_id` text NOT NULL,
	`valid_from` text NOT NULL,
	`canton` text NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `canton_changes_emp_from_idx` ON `canton_changes` (`employee_id`,`valid_from`);--> statement-breakpoint
-- Everyone's canton so far has held since their first day: a later dated move starts from that history.
INSERT INTO `canton_changes` (`id`, `employee_id`, `valid_from`, `canton`)
SELECT lower(hex(randomblob(16))), `id`, `employment_start`, `canton` FROM `employees`;
