CREATE TABLE `application_ai_scores` (
	`id` text PRIMARY KEY NOT NULL,
	`application_id` text NOT NULL,
	`score` real NOT NULL,
	`model` text NOT NULL,
	`rationale` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `application_ai_scores_app_idx` ON `application_ai_scores` (`application_id`);--> statement-breakpoint
CREATE TABLE `application_notes` (
	`id` text PRIMARY KEY NOT NULL,
	`application_id` text NOT NULL,
	`author_user_id` text NOT NULL,
	`visibility` text DEFAULT 'SHARED' NOT NULL,
	`body` text NOT NULL,
	`channel` text DEFAULT 'PORTAL' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `application_notes_app_idx` ON `application_notes` (`application_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `application_stage_history` (
	`id` text PRIMARY KEY NOT NULL,
	`application_id` text NOT NULL,
	`from_stage_id` text,
	`to_stage_id` text NOT NULL,
	`moved_by_user_id` text,
	`channel` text DEFAULT 'PORTAL' NOT NULL,
	`override_used` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `application_stage_history_app_idx` ON `application_stage_history` (`application_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `application_tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`application_id` text NOT NULL,
	`title` text NOT NULL,
	`blocking` integer DEFAULT false NOT NULL,
	`done` integer DEFAULT false NOT NULL,
	`completed_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `application_tasks_app_idx` ON `application_tasks` (`application_id`);--> statement-breakpoint
CREATE TABLE `applications` (
	`id` text PRIMARY KEY NOT NULL,
	`position_id` text NOT NULL,
	`candidate_first_name` text NOT NULL,
	`candidate_last_name` text NOT NULL,
	`candidate_email` text NOT NULL,
	`candidate_phone` text,
	`cover_letter` text,
	`stage_id` text NOT NULL,
	`status` text DEFAULT 'ACTIVE' NOT NULL,
	`source` text,
	`hired_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`position_id`) REFERENCES `positions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`stage_id`) REFERENCES `stages`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `applications_position_idx` ON `applications` (`position_id`,`status`);--> statement-breakpoint
CREATE INDEX `applications_stage_idx` ON `applications` (`stage_id`);--> statement-breakpoint
CREATE TABLE `closure_periods` (
	`id` text PRIMARY KEY NOT NULL,
	`name_de` text NOT NULL,
	`name_en` text NOT NULL,
	`name_fr` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`deducts_leave` integer DEFAULT true NOT NULL,
	`cantons` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `closure_periods_start_idx` ON `closure_periods` (`start_date`);--> statement-breakpoint
CREATE TABLE `closure_work_through` (
	`id` text PRIMARY KEY NOT NULL,
	`closure_id` text NOT NULL,
	`employee_id` text NOT NULL,
	`date` text NOT NULL,
	`status` text DEFAULT 'APPROVED' NOT NULL,
	`approved_by_user_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`closure_id`) REFERENCES `closure_periods`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `closure_work_through_emp_date_idx` ON `closure_work_through` (`employee_id`,`date`);--> statement-breakpoint
CREATE TABLE `compensation` (
	`id` text PRIMARY KEY NOT NULL,
	`employee_id` text NOT NULL,
	`valid_from` text NOT NULL,
	`annual_salary` real NOT NULL,
	`payments` real DEFAULT 13 NOT NULL,
	`currency` text DEFAULT 'CHF' NOT NULL,
	`reason` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `compensation_emp_from_idx` ON `compensation` (`employee_id`,`valid_from`);--> statement-breakpoint
CREATE TABLE `departments` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `document_translations` (
	`document_id` text NOT NULL,
	`language` text NOT NULL,
	`title` text NOT NULL,
	`body_markdown` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`document_id`, `language`),
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `documents` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`audience` text DEFAULT 'ALL' NOT NULL,
	`assistant_visible` integer DEFAULT true NOT NULL,
	`category` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `documents_slug_unique` ON `documents` (`slug`);--> statement-breakpoint
CREATE TABLE `employees` (
	`id` text PRIMARY KEY NOT NULL,
	`personnel_number` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`work_email` text,
	`phone` text,
	`private_email` text,
	`address_street` text,
	`address_postal_code` text,
	`address_city` text,
	`address_country` text DEFAULT 'CH',
	`emergency_contact_name` text,
	`emergency_contact_phone` text,
	`canton` text NOT NULL,
	`manager_id` text,
	`department_id` text,
	`job_title` text,
	`employment_start` text NOT NULL,
	`employment_end` text,
	`workload_percent` real DEFAULT 100 NOT NULL,
	`working_weekdays` text DEFAULT '1,2,3,4,5' NOT NULL,
	`weekly_hours` real DEFAULT 42 NOT NULL,
	`salary_continuation_scale` text DEFAULT 'BERNER' NOT NULL,
	`birth_date` text,
	`ahv_number` text,
	`iban` text,
	`nationality` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`department_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `employees_personnel_number_unique` ON `employees` (`personnel_number`);--> statement-breakpoint
CREATE INDEX `employees_manager_idx` ON `employees` (`manager_id`);--> statement-breakpoint
CREATE INDEX `employees_name_idx` ON `employees` (`last_name`,`first_name`);--> statement-breakpoint
CREATE INDEX `employees_department_idx` ON `employees` (`department_id`);--> statement-breakpoint
CREATE TABLE `expense_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`employee_id` text NOT NULL,
	`title` text NOT NULL,
	`total_amount` real NOT NULL,
	`currency` text DEFAULT 'CHF' NOT NULL,
	`status` text DEFAULT 'DRAFT' NOT NULL,
	`approver_employee_id` text,
	`submitted_at` integer,
	`decided_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`approver_employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `expense_reports_approver_idx` ON `expense_reports` (`approver_employee_id`,`status`);--> statement-breakpoint
CREATE TABLE `export_records` (
	`id` text PRIMARY KEY NOT NULL,
	`connection_id` text NOT NULL,
	`user_id` text,
	`day` text NOT NULL,
	`person_count` integer NOT NULL,
	`recorded_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `export_records_conn_day_idx` ON `export_records` (`connection_id`,`day`);--> statement-breakpoint
CREATE TABLE `feedback_drafts` (
	`id` text PRIMARY KEY NOT NULL,
	`author_employee_id` text NOT NULL,
	`subject_employee_id` text,
	`cycle` text NOT NULL,
	`status` text DEFAULT 'DRAFT' NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`author_employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subject_employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `feedback_drafts_author_idx` ON `feedback_drafts` (`author_employee_id`,`status`);--> statement-breakpoint
CREATE TABLE `leave_entitlements` (
	`id` text PRIMARY KEY NOT NULL,
	`employee_id` text NOT NULL,
	`leave_type_id` text NOT NULL,
	`year` integer NOT NULL,
	`base_days` real NOT NULL,
	`carry_over_days` real DEFAULT 0 NOT NULL,
	`carry_over_expires_on` text,
	`adjustment_days` real DEFAULT 0 NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`leave_type_id`) REFERENCES `leave_types`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `leave_entitlements_emp_type_year_idx` ON `leave_entitlements` (`employee_id`,`leave_type_id`,`year`);--> statement-breakpoint
CREATE TABLE `leave_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`employee_id` text NOT NULL,
	`leave_type_id` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`start_portion` text DEFAULT 'FULL' NOT NULL,
	`end_portion` text DEFAULT 'FULL' NOT NULL,
	`days` real NOT NULL,
	`days_by_year` text NOT NULL,
	`exceeds_balance` integer DEFAULT false NOT NULL,
	`status` text NOT NULL,
	`reason` text,
	`approver_employee_id` text,
	`decided_by_user_id` text,
	`decided_at` integer,
	`decision_note` text,
	`channel` text DEFAULT 'PORTAL' NOT NULL,
	`cancellation_requested_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`leave_type_id`) REFERENCES `leave_types`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`approver_employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `leave_requests_emp_start_idx` ON `leave_requests` (`employee_id`,`start_date`);--> statement-breakpoint
CREATE INDEX `leave_requests_approver_status_idx` ON `leave_requests` (`approver_employee_id`,`status`);--> statement-breakpoint
CREATE INDEX `leave_requests_status_start_idx` ON `leave_requests` (`status`,`start_date`);--> statement-breakpoint
CREATE TABLE `leave_types` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`name_de` text NOT NULL,
	`name_en` text NOT NULL,
	`name_fr` text NOT NULL,
	`deducts_balance` integer DEFAULT true NOT NULL,
	`overdraft` text DEFAULT 'REFUSE' NOT NULL,
	`default_annual_days` real DEFAULT 0 NOT NULL,
	`carry_over_max_days` real DEFAULT 0 NOT NULL,
	`carry_over_expiry` text DEFAULT '03-31' NOT NULL,
	`active` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `leave_types_code_unique` ON `leave_types` (`code`);--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text_body` text NOT NULL,
	`html_body` text,
	`status` text DEFAULT 'QUEUED' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`message_id` text,
	`related_to` text,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_status_next_idx` ON `mail_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `mcp_audit` (
	`id` text PRIMARY KEY NOT NULL,
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
CREATE INDEX `mcp_audit_created_idx` ON `mcp_audit` (`created_at`);--> statement-breakpoint
CREATE INDEX `mcp_audit_conn_idx` ON `mcp_audit` (`connection_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `mcp_previews` (
	`id` text PRIMARY KEY NOT NULL,
	`connection_id` text NOT NULL,
	`tool` text NOT NULL,
	`payload` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`committed_at` integer,
	`result` text,
	FOREIGN KEY (`connection_id`) REFERENCES `oauth_connections`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `mcp_previews_conn_idx` ON `mcp_previews` (`connection_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`recipient_employee_id` text NOT NULL,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`channel` text DEFAULT 'PORTAL' NOT NULL,
	`read_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`recipient_employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_recipient_idx` ON `notifications` (`recipient_employee_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `oauth_authorization_codes` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`client_id` text NOT NULL,
	`connection_id` text NOT NULL,
	`user_id` text NOT NULL,
	`redirect_uri` text NOT NULL,
	`code_challenge` text NOT NULL,
	`resource` text NOT NULL,
	`scopes` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`family_id` text,
	FOREIGN KEY (`client_id`) REFERENCES `oauth_clients`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`connection_id`) REFERENCES `oauth_connections`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `oauth_authorization_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`client_id` text NOT NULL,
	`params` text NOT NULL,
	`csrf_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `oauth_clients`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `oauth_clients` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`secret_hash` text,
	`token_endpoint_auth_method` text NOT NULL,
	`redirect_uris` text NOT NULL,
	`grant_types` text NOT NULL,
	`client_uri` text,
	`logo_uri` text,
	`software_id` text,
	`software_version` text,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE TABLE `oauth_connections` (
	`id` text PRIMARY KEY NOT NULL,
	`client_id` text NOT NULL,
	`user_id` text NOT NULL,
	`scopes` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	`revoked_by` text,
	FOREIGN KEY (`client_id`) REFERENCES `oauth_clients`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `oauth_connections_live_idx` ON `oauth_connections` (`client_id`,`user_id`) WHERE revoked_at IS NULL;--> statement-breakpoint
CREATE INDEX `oauth_connections_user_idx` ON `oauth_connections` (`user_id`);--> statement-breakpoint
CREATE TABLE `oauth_refresh_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`family_id` text NOT NULL,
	`scopes` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`rotated_at` integer,
	FOREIGN KEY (`family_id`) REFERENCES `oauth_token_families`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `oauth_refresh_tokens_family_idx` ON `oauth_refresh_tokens` (`family_id`);--> statement-breakpoint
CREATE TABLE `oauth_revoked_access_tokens` (
	`jti` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `oauth_signing_keys` (
	`kid` text PRIMARY KEY NOT NULL,
	`alg` text NOT NULL,
	`private_jwk` text NOT NULL,
	`public_jwk` text NOT NULL,
	`created_at` integer NOT NULL,
	`retired_at` integer
);
--> statement-breakpoint
CREATE TABLE `oauth_token_families` (
	`id` text PRIMARY KEY NOT NULL,
	`connection_id` text NOT NULL,
	`client_id` text NOT NULL,
	`scopes` text NOT NULL,
	`created_at` integer NOT NULL,
	`revoked_at` integer,
	`revoke_reason` text,
	FOREIGN KEY (`connection_id`) REFERENCES `oauth_connections`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `oauth_token_families_conn_idx` ON `oauth_token_families` (`connection_id`);--> statement-breakpoint
CREATE TABLE `onboarding_plans` (
	`id` text PRIMARY KEY NOT NULL,
	`employee_id` text NOT NULL,
	`start_date` text NOT NULL,
	`status` text DEFAULT 'OPEN' NOT NULL,
	`owner_employee_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `onboarding_plans_emp_idx` ON `onboarding_plans` (`employee_id`);--> statement-breakpoint
CREATE TABLE `onboarding_tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`plan_id` text NOT NULL,
	`title` text NOT NULL,
	`phase` text NOT NULL,
	`due_date` text,
	`assignee_employee_id` text,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`done` integer DEFAULT false NOT NULL,
	`done_at` integer,
	`created_by_user_id` text,
	`channel` text DEFAULT 'PORTAL' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`plan_id`) REFERENCES `onboarding_plans`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`assignee_employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `onboarding_tasks_plan_idx` ON `onboarding_tasks` (`plan_id`,`phase`,`sort_order`);--> statement-breakpoint
CREATE TABLE `pay_dates` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_date` text NOT NULL,
	`period` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pay_dates_payment_date_unique` ON `pay_dates` (`payment_date`);--> statement-breakpoint
CREATE TABLE `payslips` (
	`id` text PRIMARY KEY NOT NULL,
	`employee_id` text NOT NULL,
	`period` text NOT NULL,
	`period_label` text NOT NULL,
	`payment_date` text NOT NULL,
	`currency` text DEFAULT 'CHF' NOT NULL,
	`gross` real NOT NULL,
	`net` real NOT NULL,
	`lines` text NOT NULL,
	`document_name` text,
	`document_type` text,
	`document` blob,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payslips_emp_period_label_idx` ON `payslips` (`employee_id`,`period`,`period_label`);--> statement-breakpoint
CREATE INDEX `payslips_emp_payment_idx` ON `payslips` (`employee_id`,`payment_date`);--> statement-breakpoint
CREATE TABLE `person_touches` (
	`connection_id` text NOT NULL,
	`day` text NOT NULL,
	`employee_id` text NOT NULL,
	PRIMARY KEY(`connection_id`, `day`, `employee_id`),
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `position_team` (
	`id` text PRIMARY KEY NOT NULL,
	`position_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text DEFAULT 'RECRUITER' NOT NULL,
	FOREIGN KEY (`position_id`) REFERENCES `positions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `position_team_pos_user_idx` ON `position_team` (`position_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `position_team_user_idx` ON `position_team` (`user_id`);--> statement-breakpoint
CREATE TABLE `positions` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`department_id` text,
	`location` text,
	`canton` text,
	`workload_min` real,
	`workload_max` real,
	`status` text DEFAULT 'OPEN' NOT NULL,
	`advertisement` text,
	`salary_band_min` real,
	`salary_band_max` real,
	`hiring_manager_employee_id` text,
	`opened_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`department_id`) REFERENCES `departments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`hiring_manager_employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `positions_status_idx` ON `positions` (`status`);--> statement-breakpoint
CREATE INDEX `positions_hm_idx` ON `positions` (`hiring_manager_employee_id`);--> statement-breakpoint
CREATE TABLE `profile_change_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`employee_id` text NOT NULL,
	`field` text NOT NULL,
	`requested_value` text NOT NULL,
	`comment` text,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`decided_by_user_id` text,
	`decided_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `profile_change_requests_emp_idx` ON `profile_change_requests` (`employee_id`,`status`);--> statement-breakpoint
CREATE TABLE `rate_counters` (
	`key` text NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`key`, `window_start`)
);
--> statement-breakpoint
CREATE TABLE `required_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`employee_id` text NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'MISSING' NOT NULL,
	`due_date` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `required_documents_emp_idx` ON `required_documents` (`employee_id`,`status`);--> statement-breakpoint
CREATE TABLE `school_holidays` (
	`id` text PRIMARY KEY NOT NULL,
	`canton` text NOT NULL,
	`name_de` text NOT NULL,
	`name_en` text NOT NULL,
	`name_fr` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `school_holidays_canton_start_idx` ON `school_holidays` (`canton`,`start_date`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`device_name` text,
	`method` text NOT NULL,
	`authenticated_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_token_hash_unique` ON `sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sick_leave_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`employee_id` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text,
	`is_ongoing` integer DEFAULT false NOT NULL,
	`reason` text,
	`has_certificate` integer DEFAULT false NOT NULL,
	`certificate_state` text DEFAULT 'NONE' NOT NULL,
	`certificate_uploaded_at` integer,
	`certificate_file_name` text,
	`channel` text DEFAULT 'PORTAL' NOT NULL,
	`reported_by_user_id` text,
	`withdrawn_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sick_leave_emp_start_idx` ON `sick_leave_entries` (`employee_id`,`start_date`);--> statement-breakpoint
CREATE TABLE `stage_automatic_tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`stage_id` text NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`email_subject` text,
	`email_body` text,
	`blocking` integer DEFAULT false NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`stage_id`) REFERENCES `stages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `stage_automatic_tasks_stage_idx` ON `stage_automatic_tasks` (`stage_id`);--> statement-breakpoint
CREATE TABLE `stages` (
	`id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`name_de` text NOT NULL,
	`name_en` text NOT NULL,
	`name_fr` text NOT NULL,
	`sort_order` integer NOT NULL,
	`gated` integer DEFAULT false NOT NULL,
	`marks_hired` integer DEFAULT false NOT NULL,
	`marks_rejected` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stages_key_unique` ON `stages` (`key`);--> statement-breakpoint
CREATE TABLE `survey_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`employee_id` text NOT NULL,
	`survey_title` text NOT NULL,
	`status` text DEFAULT 'OPEN' NOT NULL,
	`due_date` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `survey_invitations_emp_idx` ON `survey_invitations` (`employee_id`,`status`);--> statement-breakpoint
CREATE TABLE `time_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`employee_id` text NOT NULL,
	`date` text NOT NULL,
	`start_time` text,
	`end_time` text,
	`break_minutes` integer DEFAULT 0 NOT NULL,
	`total_hours` real NOT NULL,
	`type` text DEFAULT 'REGULAR' NOT NULL,
	`project_code` text,
	`description` text,
	`status` text DEFAULT 'DRAFT' NOT NULL,
	`rejection_note` text,
	`submitted_at` integer,
	`decided_by_user_id` text,
	`decided_at` integer,
	`channel` text DEFAULT 'PORTAL' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `time_entries_emp_date_idx` ON `time_entries` (`employee_id`,`date`);--> statement-breakpoint
CREATE INDEX `time_entries_status_idx` ON `time_entries` (`status`,`date`);--> statement-breakpoint
CREATE TABLE `user_identities` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`issuer` text NOT NULL,
	`subject` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_identities_iss_sub_idx` ON `user_identities` (`issuer`,`subject`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`role` text DEFAULT 'employee' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`language` text DEFAULT 'de' NOT NULL,
	`employee_id` text,
	`failed_sign_ins` integer DEFAULT 0 NOT NULL,
	`locked_until` integer,
	`last_sign_in_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_employee_id_unique` ON `users` (`employee_id`);--> statement-breakpoint
CREATE TABLE `workload_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`employee_id` text NOT NULL,
	`valid_from` text NOT NULL,
	`workload_percent` real NOT NULL,
	FOREIGN KEY (`employee_id`) REFERENCES `employees`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `workload_changes_emp_from_idx` ON `workload_changes` (`employee_id`,`valid_from`);