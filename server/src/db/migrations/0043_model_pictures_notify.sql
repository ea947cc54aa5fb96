-- A model's page is kept until something it shows changes (issue 51): a picture added, moved,
-- renamed or removed tells every API process `G:<model id>`, by the trigger in
-- server/src/db/functions/notify_catalog_rows.sql, applied after the migrations.
SELECT 1;
