ALTER TABLE `applications` ADD `employee_id` text REFERENCES employees(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `positions` ADD `start_date` text;