-- An experiment's own task-success check (config.customCheck), judged beside the agent's: its
-- verdict per conversation, and whether it passed.
ALTER TABLE `conversations` ADD `custom_check_success` integer;--> statement-breakpoint
ALTER TABLE `conversations` ADD `custom_check` text;
