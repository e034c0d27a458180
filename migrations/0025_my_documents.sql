CREATE TABLE `document_acknowledgements` (
	`document_id` text NOT NULL,
	`employee_id` text NOT NULL,
	`document_version` integer NOT NULL,
	`acknowledged_at` integer NOT NULL,
	PRIMARY KEY(`document_id`, `employee_id`),
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `leave_request_attachments` (
	`leave_request_id` text PRIMARY KEY NOT NULL,
	`employee_id` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`bytes` blob NOT NULL,
	`uploaded_at` integer NOT NULL,
	FOREIGN KEY (`leave_request_id`) REFERENCES `leave_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `personal_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`employee_id` text NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`year` integer,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`bytes` blob NOT NULL,
	`uploaded_at` integer NOT NULL,
	`uploaded_by_user_id` text,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `personal_documents_employee_idx` ON `personal_documents` (`employee_id`,`uploaded_at`);