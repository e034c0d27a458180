DROP INDEX `mcp_audit_conn_idx`;--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_rate_counters` (
	`key` text NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`window_start`, `key`)
);
--> statement-breakpoint
INSERT INTO `__new_rate_counters`("key", "window_start", "count") SELECT "key", "window_start", "count" FROM `rate_counters`;--> statement-breakpoint
DROP TABLE `rate_counters`;--> statement-breakpoint
ALTER TABLE `__new_rate_counters` RENAME TO `rate_counters`;--> statement-breakpoint
PRAGMA foreign_keys=ON;