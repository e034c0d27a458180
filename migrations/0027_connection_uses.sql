CREATE TABLE `oauth_connection_uses` (
	`connection_id` text PRIMARY KEY NOT NULL,
	`last_used_at` integer NOT NULL,
	FOREIGN KEY (`connection_id`) REFERENCES `oauth_connections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `oauth_connection_uses` (`connection_id`, `last_used_at`)
	SELECT `id`, `last_used_at` FROM `oauth_connections` WHERE `last_used_at` IS NOT NULL;
--> statement-breakpoint
ALTER TABLE `oauth_connections` DROP COLUMN `last_used_at`;