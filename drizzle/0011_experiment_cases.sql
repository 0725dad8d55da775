CREATE TABLE `experiment_cases` (
	`experiment_id` text NOT NULL,
	`position` integer NOT NULL,
	`case_id` text NOT NULL,
	`case_key` text NOT NULL,
	`input` text NOT NULL,
	`expectation` text,
	`tools` text,
	PRIMARY KEY(`experiment_id`, `position`),
	FOREIGN KEY (`experiment_id`) REFERENCES `experiments`(`id`) ON UPDATE no action ON DELETE cascade
);
