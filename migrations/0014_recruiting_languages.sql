ALTER TABLE `application_tasks` ADD `assignee_employee_id` text REFERENCES employees(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `applications` ADD `employee_id` text REFERENCES employees(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `positions` ADD `start_date` text;--> statement-breakpoint
ALTER TABLE `stage_automatic_tasks` ADD `assignee` text DEFAULT 'HR' NOT NULL;