CREATE TABLE `time_timer_breaks` (
	`id` text PRIMARY KEY NOT NULL,
	`timer_id` text NOT NULL,
	`started_at` integer NOT NULL,
	`start_received_at` integer NOT NULL,
	`ended_at` integer,
	`end_received_at` integer,
	FOREIGN KEY (`timer_id`) REFERENCES `time_timers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `time_timer_breaks_timer_idx` ON `time_timer_breaks` (`timer_id`,`started_at`);