ALTER TABLE `oauth_refresh_tokens` ADD `parent_hash` text;--> statement-breakpoint
ALTER TABLE `oauth_refresh_tokens` ADD `superseded_at` integer;--> statement-breakpoint
CREATE INDEX `oauth_refresh_tokens_parent_idx` ON `oauth_refresh_tokens` (`parent_hash`);