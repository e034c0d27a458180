PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_mcp_audit` (
	`id` text NOT NULL,
	`created_at` integer NOT NULL,
	`request_id` text,
	`client_id` text,
	`connection_id` text,
	`user_id` text,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`argument_names` text NOT NULL,
	`free_text` text,
	`records_touched` text NOT NULL,
	`result_count` integer,
	`outcome` text NOT NULL,
	`duration_ms` integer
);
--> statement-breakpoint
INSERT INTO `__new_mcp_audit`("id", "created_at", "request_id", "client_id", "connection_id", "user_id", "kind", "name", "argument_names", "free_text", "records_touched", "result_count", "outcome", "duration_ms") SELECT "id", "created_at", "request_id", "client_id", "connection_id", "user_id", "kind", "name", "argument_names", "free_text", "records_touched", "result_count", "outcome", "duration_ms" FROM `mcp_audit`;--> statement-breakpoint
DROP TABLE `mcp_audit`;--> statement-breakpoint
ALTER TABLE `__new_mcp_audit` RENAME TO `mcp_audit`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `mcp_audit_created_idx` ON `mcp_audit` (`created_at`);