ALTER TABLE `sessions` ADD `previous_token_hash` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `rotated_at` integer;--> statement-breakpoint
CREATE INDEX `sessions_previous_token_idx` ON `sessions` (`previous_token_hash`);