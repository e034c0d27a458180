DROP INDEX `leave_requests_emp_start_idx`;--> statement-breakpoint
CREATE INDEX `leave_requests_emp_order_idx` ON `leave_requests` (`employee_id`,`start_date`,`created_at`,`id`);