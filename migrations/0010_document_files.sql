CREATE TABLE `required_document_files` (
	`id` text PRIMARY KEY NOT NULL,
	`required_document_id` text NOT NULL,
	`employee_id` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`bytes` blob NOT NULL,
	`uploaded_at` integer NOT NULL,
	`uploaded_by_user_id` text,
	FOREIGN KEY (`required_document_id`) REFERENCES `required_documents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `required_document_files_required_document_id_unique` ON `required_document_files` (`required_document_id`);--> statement-breakpoint
ALTER TABLE `required_documents` ADD `received_at` integer;