ALTER TABLE `push_devices` ADD `session_id` text REFERENCES sessions(id) ON DELETE cascade;--> statement-breakpoint
CREATE INDEX `push_devices_session_idx` ON `push_devices` (`session_id`);
