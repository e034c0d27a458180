ALTER TABLE `time_entries` ADD `clock_in_at` integer;--> statement-breakpoint
ALTER TABLE `time_entries` ADD `clock_in_received_at` integer;--> statement-breakpoint
ALTER TABLE `time_entries` ADD `clock_out_at` integer;--> statement-breakpoint
ALTER TABLE `time_entries` ADD `clock_out_received_at` integer;--> statement-breakpoint
ALTER TABLE `time_timers` ADD `received_at` integer;