-- The variant counters now also hold their conversations (the progress without a count of the
-- rows) and the confusion tables of dataset runs (call_scores): every experiment is counted
-- again from its rows when next summarized.
UPDATE `experiments` SET `counters_ready` = false;
